import { expect, fixture, html } from '@open-wc/testing';
import { settle, StytchLoginElement } from './helpers.ts';

const flush = (ms = 0) => new Promise((r) => setTimeout(r, ms));

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
      const warm = await fixture<StytchLoginElement>(html`<stytch-ui></stytch-ui>`);
      await settle(warm);
      warm.remove();

      const live = track();
      try {
        // The wallet block listens on the page for wallet announcements while Main shows.
        const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow, products: ['crypto'] }}></stytch-ui>`);
        await settle(el);
        // Polled by hand: a helper's own timers would count against the widget's.
        for (let i = 0; i < 300 && ![...live.listeners].some((k) => k.startsWith('w:eip6963:announceProvider')); i++) await flush(10);
        expect(
          [...live.listeners].some((k) => k.startsWith('w:eip6963:announceProvider')),
          'the wallet block listens',
        ).to.equal(true);
        el.remove();
        await settle(el);
        await flush();
        expect(
          [...live.listeners].map((k) => k.slice(0, 80)),
          'listeners after disconnect',
        ).to.deep.equal([]);
        expect(live.timers.size, 'timers after disconnect').to.equal(0);
        expect((el.shadowRoot ?? el).childNodes.length, 'rendered tree removed').to.equal(0);
      } finally {
        live.restore();
      }
    });
  }

  it('renders again when reconnected', async () => {
    const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: true }}></stytch-ui>`);
    await settle(el);
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await settle(el);
    expect(el.shadowRoot?.querySelector('h1')?.textContent).to.equal('Sign up or log in');
  });
});
