import { expect, waitUntil } from '@open-wc/testing';
import { OAUTH_PROVIDER_NAMES, OAuthProviders } from '../../../client/schemas/oauth-providers.ts';
import { detectWallets, splitWallets } from '../../../screens/crypto/wallets.ts';
import { baseClient, button, click, flush, renderLogin, type Rendered } from './helpers.tsx';

// The client's one list of the 19 providers (SPEC §2) and their display names.
const ALL: readonly string[] = OAuthProviders;
const NAMES = Object.values(OAUTH_PROVIDER_NAMES);

describe('Main blocks', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('renders "Continue with {provider}" with an icon for all 19 providers', async () => {
    r = await renderLogin({ products: ['oauth'], oauthOptions: { providers: ALL.map((type) => ({ type })) } }, {});
    const buttons = [...r.root.querySelectorAll('[part~="oauth-button"]')];
    // The label is the button's own text; the icon is aria-hidden.
    const label = (b: Element) =>
      [...b.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('');
    expect(buttons.map(label)).to.deep.equal(NAMES.map((n) => `Continue with ${n}`));
    expect(buttons).to.have.length(19);
    expect(buttons.every((b) => b.querySelector('svg[aria-hidden="true"]'))).to.equal(true);
  });

  it('draws each provider its own mark, black marks in the text colour so dark themes keep them', async () => {
    r = await renderLogin({ products: ['oauth'], oauthOptions: { providers: ALL.map((type) => ({ type })) } }, {});
    const icons = [...r.root.querySelectorAll('[part~="oauth-button"] svg')];
    const drawings = icons.map((svg) => svg.innerHTML);
    expect(drawings.every((d) => /<(path|rect|circle)/.test(d))).to.equal(true);
    expect(new Set(drawings).size).to.equal(19);
    // Every mark fills most of its square (a wordmark squeezed into 20 px would not).
    const small = icons.filter((svg) => {
      const box = (svg as SVGSVGElement).getBBox();
      return Math.min(box.width, box.height) < 12;
    });
    expect(small.length, 'marks drawn smaller than half their box').to.equal(0);
    const fill = (type: string) => icons[ALL.indexOf(type)]!.querySelector('path')!.getAttribute('fill');
    expect(['apple', 'github', 'twitter', 'tiktok'].map(fill)).to.deep.equal(['currentColor', 'currentColor', 'currentColor', 'currentColor']);
    expect(fill('google')).to.equal('#4285F4');
  });

  it('starts the redirect with custom scopes, provider params and redirect URLs', async () => {
    const starts: [string, unknown][] = [];
    const oauth = Object.fromEntries(ALL.map((p) => [p, { start: (o: unknown) => (starts.push([p, o]), Promise.resolve()) }]));
    const providers = [{ type: 'github', custom_scopes: ['repo'], provider_params: { login: 'ada' }, loginRedirectURL: 'https://a.test/l' }];
    r = await renderLogin({ products: ['oauth'], oauthOptions: { providers, signupRedirectURL: 'https://a.test/s' } }, { oauth });
    await click(button(r.root, 'Continue with GitHub'));
    expect(starts).to.deep.equal([['github', { login_redirect_url: 'https://a.test/l', signup_redirect_url: 'https://a.test/s', custom_scopes: ['repo'], provider_params: { login: 'ada' } }]]);
  });

  it('puts the "or" divider between the social and the email groups only when both exist', async () => {
    r = await renderLogin({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } }, {});
    const parts = [...r.root.querySelector('section')!.children].map((c) => c.getAttribute('part'));
    expect(parts.indexOf('divider')).to.be.greaterThan(parts.indexOf('oauth'));
    expect(parts.indexOf('divider')).to.be.lessThan(parts.indexOf('login-form'));
    expect(r.root.querySelector('[part="divider"]')!.textContent).to.equal('or');
    r.unmount();
    r = await renderLogin({ products: ['emailMagicLinks'] }, {});
    expect(r.root.querySelector('[part="divider"]')).to.equal(null);
  });

  it('detects only injected wallets and caps Main at 6 − providers − 1, the rest behind "other"', () => {
    expect(detectWallets({})).to.deep.equal([]);
    expect(detectWallets({ ethereum: { isMetaMask: true }, phantom: { solana: { isPhantom: true } } })).to.deep.equal(['Phantom', 'Metamask']);
    expect(detectWallets({ ethereum: {}, solana: {} })).to.deep.equal(['Other Ethereum Wallet', 'Other Solana Wallet']);
    const five = ['Phantom', 'Vessel', 'Binance', 'Coinbase', 'Metamask'] as const;
    expect(splitWallets(five, 2)).to.deep.equal({ shown: ['Phantom', 'Vessel', 'Binance'], hidden: ['Coinbase', 'Metamask'] });
    expect(splitWallets(five, 0).hidden).to.deep.equal([]);
  });

  it('the wallet block shows detected wallets, "other" and "Set up a new crypto wallet"', async () => {
    const w = globalThis as { ethereum?: unknown };
    w.ethereum = { isMetaMask: true };
    try {
      r = await renderLogin({ products: ['crypto', 'oauth'], oauthOptions: { providers: ['google', 'apple', 'github', 'gitlab', 'slack'].map((type) => ({ type })) } }, {});
      const texts = [...r.root.querySelectorAll('[part="wallets"] button')].map((b) => b.textContent);
      expect(texts).to.deep.equal(['Continue with other Crypto Wallet', 'Set up a new crypto wallet']);
    } finally {
      delete w.ethereum;
    }
  });

  it('the passkey button is first, and last when autofill is supported and a form exists', async () => {
    r = await renderLogin({ products: ['passkeys', 'emailMagicLinks'] }, {});
    let parts = [...r.root.querySelector('section')!.children].map((c) => c.getAttribute('part'));
    expect(parts.indexOf('passkey')).to.be.lessThan(parts.indexOf('login-form'));
    expect(button(r.root, 'Login with a Passkey')).not.to.equal(undefined);
    r.unmount();
    r = await renderLogin({ products: ['passkeys', 'emailMagicLinks'] }, { webauthn: { ...baseClient().webauthn, browserSupportsAutofill: () => Promise.resolve(true) } });
    parts = [...r.root.querySelector('section')!.children].map((c) => c.getAttribute('part'));
    expect(parts.indexOf('passkey')).to.be.greaterThan(parts.indexOf('login-form'));
  });

  it('shows "Powered by" only when bootstrap asks for the watermark', async () => {
    // Main reads the stored bootstrap once it has painted (screens/schedule.ts).
    r = await renderLogin({ products: ['emailMagicLinks'] }, { bootstrap: baseClient({ disable_sdk_watermark: false, email_domains: [] }).bootstrap });
    await waitUntil(() => r!.root.querySelector('[part="watermark"]'), 'the footer shows');
    expect(r.root.querySelector('[part="watermark"]')!.textContent).to.contain('Powered by');
    r.unmount();
    let read = false;
    const quiet = { disable_sdk_watermark: true, email_domains: [] };
    r = await renderLogin({ products: ['emailMagicLinks'] }, { bootstrap: { getSync: () => ((read = true), quiet), onChange: () => () => {} } });
    await waitUntil(() => read, 'Main reads the bootstrap');
    await flush();
    expect(r.root.querySelector('[part="watermark"]')).to.equal(null);
  });
});
