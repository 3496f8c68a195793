import { expect, fixture, html } from '@open-wc/testing';
import { settle, StytchLoginElement } from './helpers.ts';

class Busy extends StytchLoginElement {
  fired = 0;
  /** Stands in for a screen that listens to the page and keeps a countdown. */
  startWork() {
    this.disposables.listen(window, 'resize', () => this.fired++);
    this.disposables.listen(document, 'visibilitychange', () => this.fired++);
    this.disposables.timeout(() => this.fired++, 50);
  }
  get live() {
    return this.disposables.size;
  }
}
Busy.define('stytch-busy');

/** Counts listeners on window and document, and timers, that are still live. */
function track() {
  const listeners = new Set<string>();
  const timers = new Set<unknown>();
  const restore: Array<() => void> = [];
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener;
    const remove = target.removeEventListener;
    const key = (type: string, fn: unknown) => `${target === window ? 'w' : 'd'}:${type}:${String(fn)}`;
    target.addEventListener = function (type: string, fn: EventListenerOrEventListenerObject | null, o?: boolean | AddEventListenerOptions) {
      listeners.add(key(type, fn));
      add.call(this, type, fn, o);
    };
    target.removeEventListener = function (type: string, fn: EventListenerOrEventListenerObject | null, o?: boolean | EventListenerOptions) {
      listeners.delete(key(type, fn));
      remove.call(this, type, fn, o);
    };
    restore.push(() => Object.assign(target, { addEventListener: add, removeEventListener: remove }));
  }
  const { setTimeout: set, clearTimeout: clear } = window;
  window.setTimeout = ((fn: () => void, ms?: number) => {
    const id = set(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id: number) => {
    timers.delete(id);
    clear(id);
  }) as typeof window.clearTimeout;
  restore.push(() => Object.assign(window, { setTimeout: set, clearTimeout: clear }));
  return { listeners, timers, restore: () => restore.forEach((r) => r()) };
}

describe('disconnect', () => {
  for (const shadow of [true, false]) {
    it(`unmounts React and leaves no listeners or timers (${shadow ? 'shadow' : 'light'} DOM)`, async () => {
      // React adds one document listener per page on its first root; that one is not ours.
      const warm = await fixture<Busy>(html`<stytch-busy></stytch-busy>`);
      await settle(warm);
      warm.remove();

      const live = track();
      try {
        const el = await fixture<Busy>(html`<stytch-busy .config=${{ enableShadowDOM: shadow }}></stytch-busy>`);
        await settle(el);
        el.startWork();
        // The two startWork adds, and every widget's document mousedown guard (multi-clicks across screens).
        expect(live.listeners.size, 'listeners while connected').to.equal(3);
        expect(live.timers.size, 'timers while connected').to.equal(1);
        el.remove();
        await settle(el);
        expect([...live.listeners].map((k) => k.slice(0, 80)), 'listeners after disconnect').to.deep.equal([]);
        expect(live.timers.size, 'timers after disconnect').to.equal(0);
        expect(el.live).to.equal(0);
        expect((el.shadowRoot ?? el).childNodes.length, 'rendered tree removed').to.equal(0);
        window.dispatchEvent(new Event('resize'));
        expect(el.fired).to.equal(0);
      } finally {
        live.restore();
      }
    });
  }

  it('renders again when reconnected', async () => {
    const el = await fixture<Busy>(html`<stytch-busy .config=${{ enableShadowDOM: true }}></stytch-busy>`);
    await settle(el);
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await settle(el);
    expect(el.shadowRoot?.querySelector('h1')?.textContent).to.equal('Sign up or log in');
  });
});
