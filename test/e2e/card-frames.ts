import { expect, type Page } from '@playwright/test';

/**
 * Watches a widget's card through screen changes: an init script samples, on every animation
 * frame and after every DOM mutation inside the widget, whether the card (`part="container"`)
 * is there with content and height. A blank widget between two screens (an empty Suspense
 * fallback while the next screen's chunk loads) shows up as a sample without the card.
 *
 * Every on-demand chunk is held for a few of the page's own animation frames before it is
 * answered, from the first navigation on: Main prefetches the next screens on idle, which could
 * finish before `start()` and leave nothing held (the check then proved nothing and failed).
 * So every lazy screen is really pending for a while and the page paints during the wait. The
 * hold counts frames, not time: nothing here measures time.
 */
export interface CardFrames {
  /** Begins recording (call once the first screen is up). */
  start(): Promise<void>;
  /** The samples so far that lacked the card, the headings seen on the card, and the chunks held. */
  report(): Promise<CardReport>;
  /** Fails unless every sample had the card and the recorder saw each of `headings` (in order). */
  expectNeverBlank(headings: readonly string[]): Promise<void>;
}

interface Sample {
  via: 'frame' | 'mutation';
  heading: string;
}
export interface CardReport {
  samples: number;
  /** Samples without the card; `blank` keeps the first few. */
  blanks: number;
  blank: Sample[];
  headings: string[];
  heldChunks: number;
}

/** How many of the page's frames a chunk response waits. */
const HELD_FRAMES = 6;

/** The script the page runs before its own: state lives on `window.__cardFrames`. */
function recorder(widgetSelector: string) {
  type State = { on: boolean; frame: number; samples: number; blanks: number; blank: Sample[]; headings: string[]; observed: WeakSet<Node> };
  const state: State = { on: false, frame: 0, samples: 0, blanks: 0, blank: [], headings: [], observed: new WeakSet() };
  (window as unknown as { __cardFrames: State }).__cardFrames = state;
  const observer = new MutationObserver(() => sample('mutation'));
  function sample(via: Sample['via']) {
    const host = document.querySelector(widgetSelector);
    const root: ParentNode | null = host ? (host.shadowRoot ?? host) : null;
    if (root && !state.observed.has(root)) {
      state.observed.add(root);
      observer.observe(root, { childList: true, subtree: true, characterData: true });
    }
    if (!state.on) return;
    state.samples += 1;
    // React hides a suspended screen (display: none) rather than removing it: only a card
    // with content and height counts.
    const cards = root ? Array.from(root.querySelectorAll('[part~="container"]')) : [];
    const card = cards.find((c) => c.childElementCount > 0 && c.getBoundingClientRect().height > 0);
    const heading = card?.querySelector('[part~="header"]')?.textContent ?? '';
    const ok = card !== undefined;
    if (!ok) {
      state.blanks += 1;
      if (state.blank.length < 5) state.blank.push({ via, heading });
    } else if (heading && state.headings[state.headings.length - 1] !== heading) state.headings.push(heading);
  }
  const tick = () => {
    state.frame += 1;
    sample('frame');
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Installs the recorder on `page` (before its first navigation) for the element `widgetSelector`. */
export async function recordCardFrames(page: Page, widgetSelector = 'stytch-ui'): Promise<CardFrames> {
  await page.addInitScript(recorder, widgetSelector);
  let heldChunks = 0;
  const framesNow = () => page.evaluate(() => (window as unknown as { __cardFrames: { frame: number } }).__cardFrames.frame);
  await page.route('**/dist/chunks*/**', async (route) => {
    if (route.request().url().endsWith('.js')) {
      heldChunks += 1;
      const until = (await framesNow()) + HELD_FRAMES;
      await page.waitForFunction((n) => (window as unknown as { __cardFrames: { frame: number } }).__cardFrames.frame >= n, until, { polling: 'raf' });
    }
    await route.continue();
  });
  const report = async (): Promise<CardReport> => {
    const s = await page.evaluate(() => {
      const { samples, blanks, blank, headings } = (window as unknown as { __cardFrames: CardReport }).__cardFrames;
      return { samples, blanks, blank, headings };
    });
    return { ...s, heldChunks };
  };
  return {
    async start() {
      await page.evaluate(() => {
        (window as unknown as { __cardFrames: { on: boolean } }).__cardFrames.on = true;
      });
    },
    report,
    async expectNeverBlank(headings) {
      const r = await report();
      // The recorder ran and the chunks were really held, or a pass would prove nothing.
      expect(r.samples).toBeGreaterThan(0);
      expect(r.heldChunks).toBeGreaterThan(0);
      expect({ blanks: r.blanks, first: r.blank }).toEqual({ blanks: 0, first: [] });
      const seen = r.headings.filter((h) => headings.includes(h));
      expect(seen.filter((h, i) => h !== seen[i - 1])).toEqual(headings);
    },
  };
}
