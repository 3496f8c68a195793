import { expect, waitUntil } from '@open-wc/testing';
import { blocks } from '../../../screens/main/blocks.ts';
import { screens } from '../../../screens/registry.ts';
import { rootOf, settle, StytchLoginElement } from './helpers.ts';

type Block = { preload(): Promise<unknown> };

/**
 * Replaces `block.preload` for one test with a spy that notes what the widget had rendered
 * when the load was started (the element count of the React root, -1 before it exists), then
 * loads as before.
 */
function spyOn(block: Block, el: Element): { calls: number[]; restore(): void } {
  const original = block.preload;
  const calls: number[] = [];
  block.preload = () => {
    calls.push(rootOf(el).querySelector('stytch-widget-root')?.childElementCount ?? -1);
    return original();
  };
  return { calls, restore: () => void (block.preload = original) };
}

/** A login element with `config`, not yet connected. */
function login(config: unknown): StytchLoginElement {
  const el = document.createElement('stytch-ui') as StytchLoginElement;
  el.config = config;
  return el;
}

describe('loading Main: no waterfall', () => {
  afterEach(() => document.querySelectorAll('stytch-ui').forEach((el) => el.remove()));

  // First in this file: the phone form (a block still loaded on demand) has not loaded yet.
  it('renders Main whole: nothing until the blocks its config shows have loaded, then all of them at once', async () => {
    const el = login({ products: ['oauth', 'otp'], oauthOptions: { providers: [{ type: 'google' }] }, otpOptions: { methods: ['sms'] } });
    const block = blocks.PhoneForm as unknown as Block;
    const original = block.preload;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    block.preload = () => held.then(original);
    const frames: string[] = [];
    const seen = new MutationObserver(() => {
      const root = rootOf(el).querySelector('stytch-widget-root');
      if (root?.childElementCount)
        frames.push(`${root.querySelector('h1, h2') ? 'heading' : ''} ${root.querySelector('[part="oauth"]') ? 'oauth' : ''} ${root.querySelector('input[type="tel"]') ? 'phone' : ''}`.trim());
    });
    try {
      seen.observe(document.body, { childList: true, subtree: true });
      document.body.append(el);
      await settle(el);
      expect(rootOf(el).querySelector('stytch-widget-root')?.childElementCount, 'nothing rendered while the phone form loads').to.equal(0);
      release();
      await waitUntil(() => rootOf(el).querySelector('input[type="tel"]'), 'Main shows the phone field');
      expect(frames[0], 'the first frame holds the heading, the buttons and the field').to.equal('heading oauth phone');
    } finally {
      seen.disconnect();
      block.preload = original;
    }
  });

  for (const shadow of [false, true]) {
    it(`starts the first tab's form when the config arrives, before React renders anything (${shadow ? 'shadow' : 'light'} DOM)`, async () => {
      const el = login({ products: ['emailMagicLinks'], enableShadowDOM: shadow });
      const email = spyOn(blocks.EmailForm, el);
      try {
        document.body.append(el);
        await el.updateComplete;
        // Started in the element's update, while React's root is still empty: not found by a render.
        // (Main asks again once rendered, to time its prefetch of the next screens: a no-op.)
        expect(email.calls[0]).to.equal(0);
        await waitUntil(() => rootOf(el).querySelector('input[type="email"]'), 'Main shows the email field');
      } finally {
        email.restore();
      }
    });
  }

  it('starts every block the config shows on Main, and not the other tabs’ forms', async () => {
    const el = login({ products: ['oauth', 'otp', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] }, otpOptions: { methods: ['sms', 'email'] } });
    const spies = {
      PhoneForm: spyOn(blocks.PhoneForm, el),
      OAuthButtons: spyOn(blocks.OAuthButtons, el),
      Divider: spyOn(blocks.Divider, el),
      PasskeyButton: spyOn(blocks.PasskeyButton, el),
      EmailForm: spyOn(blocks.EmailForm, el),
      WalletButtons: spyOn(blocks.WalletButtons, el),
    };
    try {
      document.body.append(el);
      await el.updateComplete;
      const startedBeforeRender = Object.entries(spies)
        .filter(([, s]) => s.calls[0] === 0)
        .map(([name]) => name);
      expect(startedBeforeRender).to.deep.equal(['PhoneForm', 'OAuthButtons', 'Divider', 'PasskeyButton']);
    } finally {
      for (const s of Object.values(spies)) s.restore();
    }
  });

  it('prefetches the screens one step from Main only once Main is there', async () => {
    const el = login({ products: ['emailMagicLinks'] });
    const next = spyOn(screens.EmailConfirmation as unknown as Block, el);
    try {
      document.body.append(el);
      await el.updateComplete;
      expect(next.calls, 'nothing one step away starts on the way to Main').to.deep.equal([]);
      // Idle time or the user's intent (focus, hover, press) starts it; either comes after Main,
      // and intent's after its event: the focus that lands in the field precedes the first
      // keystroke, which must not wait for the prefetch.
      rootOf(el).querySelector<HTMLInputElement>('input[type="email"]')?.focus();
      expect(next.calls, 'not inside the focus event').to.deep.equal([]);
      await waitUntil(() => next.calls.length > 0, 'the next screen is prefetched');
      expect(rootOf(el).querySelector('input[type="email"]'), 'Main was rendered first').to.not.equal(null);
      expect(next.calls[0]).to.be.greaterThan(0);
    } finally {
      next.restore();
    }
  });

  it('a load that failed is tried again by the next render or preload', async () => {
    let attempts = 0;
    const { preloadable } = await import('../../../screens/components/preloadable.ts');
    const Block = preloadable(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return () => null;
    });
    await Block.preload().catch(() => {});
    await Block.preload();
    expect(attempts).to.equal(2);
  });
});

describe('the consent element: no waterfall before its first call', () => {
  it("asks our client for its calls' code as it connects, before the flow has rendered (a client without that hook is left alone)", async () => {
    const { StytchIdentityProviderElement } = await import('../../../elements/identity-provider/element.ts');
    const { PRELOAD_CALLS } = await import('../../../client/core/on-demand.ts');
    StytchIdentityProviderElement.define('stytch-identity-provider-preload-test');
    const asked: number[] = [];
    const el = document.createElement('stytch-identity-provider-preload-test') as HTMLElement & { client: unknown };
    el.client = { [PRELOAD_CALLS]: () => asked.push(rootOf(el).querySelector('stytch-widget-root')?.childElementCount ?? -1) };
    document.body.append(el);
    try {
      await waitUntil(() => asked.length > 0, 'the client was asked for its calls');
      expect(asked[0], 'before anything was rendered').to.be.at.most(0);
      const plain = document.createElement('stytch-identity-provider-preload-test') as HTMLElement & { client: unknown };
      plain.client = {};
      document.body.append(plain);
      await settle(plain);
      plain.remove();
    } finally {
      el.remove();
    }
  });
});
