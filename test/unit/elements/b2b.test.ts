import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { B2BMFAProducts, B2BProducts } from '@stytch/vanilla-js/b2b';
import { createB2BClient } from '../../../client/b2b/index.ts';
import { B2BMFAProducts as OurB2BMFAProducts, B2BProducts as OurB2BProducts, mountB2B, resolveB2BConfig, StytchB2BElement } from '../../../elements/b2b/index.ts';
import { B2BProducts as ReactB2BProducts } from '../../../elements/react/b2b.ts';
import { rootOf, settle } from './helpers.ts';

const discovery = { products: ['emailMagicLinks', 'emailOtp'], authFlowType: 'Discovery' };
// Never called in these tests: the client is only handed to the screens.
const shared = createB2BClient('public-token-test-00000000-0000-4000-8000-000000000000', { baseUrl: 'http://127.0.0.1:9' });
const client = () => shared;

describe('<stytch-b2b-ui> and mountB2B', () => {
  it('mountB2B renders Discovery Main: the official B2B words, one "Continue with email" for both email methods', async () => {
    await fixture(html`<div id="b2b-main"></div>`);
    const el = mountB2B({ elementId: '#b2b-main', config: discovery, client: client() });
    await settle(el);
    expect(el).to.be.instanceOf(StytchB2BElement);
    expect(el.localName).to.equal('stytch-b2b-ui');
    await waitUntil(() => el.querySelector('h1'));
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    expect([...el.querySelectorAll('button[type="submit"]')].map((b) => b.textContent)).to.deep.equal(['Continue with email']);
    expect(el.querySelector('label')?.textContent).to.equal('Email');
  });

  it('the site’s strings override the official B2B ids', async () => {
    await fixture(html`<div id="b2b-words"></div>`);
    const el = mountB2B({
      elementId: '#b2b-words',
      config: { products: ['emailOtp'], authFlowType: 'Discovery' },
      client: client(),
      strings: { 'login.title': 'Welcome, team', 'button.continueWithEmail': 'Next' },
    });
    await settle(el);
    await waitUntil(() => el.querySelector('h1')?.textContent === 'Welcome, team');
    expect(el.querySelector('button[type="submit"]')?.textContent).to.equal('Next');
  });

  it('renders into a shadow root with enableShadowDOM, with the nonce on its style tag', async () => {
    await fixture(html`<div id="b2b-shadow"></div>`);
    const el = mountB2B({ elementId: '#b2b-shadow', config: { ...discovery, enableShadowDOM: true }, client: client(), nonce: 'n0nce' });
    await settle(el);
    await waitUntil(() => el.shadowRoot?.querySelector('h1'));
    expect(el.usesShadowDOM).to.equal(true);
    expect(rootOf(el).querySelector('h1')?.textContent).to.equal('Sign up or log in');
    expect((rootOf(el).querySelector('style') as HTMLStyleElement).nonce).to.equal('n0nce');
  });

  it('each instance has its own store: typing in one leaves the other alone', async () => {
    const host = await fixture<HTMLDivElement>(
      html`<div>
        <div id="b2b-a"></div>
        <div id="b2b-b"></div>
      </div>`,
    );
    const a = mountB2B({ elementId: '#b2b-a', config: discovery, client: client() });
    const b = mountB2B({ elementId: '#b2b-b', config: discovery, client: client() });
    await settle(a);
    await settle(b);
    await waitUntil(() => a.querySelector('input') && b.querySelector('input'));
    const input = a.querySelector('input')!;
    input.focus();
    document.execCommand('insertText', false, 'x@example.com');
    await settle(a);
    expect(a.querySelector('input')!.value).to.equal('x@example.com');
    expect(b.querySelector('input')!.value).to.equal('');
    expect(host.querySelectorAll('stytch-b2b-ui').length).to.equal(2);
  });

  it('a bad config shows and reports an error naming the option and the rule', async () => {
    await fixture(html`<div id="b2b-bad"></div>`);
    const errors: Error[] = [];
    const el = mountB2B({ elementId: '#b2b-bad', config: { products: ['emailOtp'], authFlowType: 'Sideways' }, client: client(), callbacks: { onError: (e) => errors.push(e) } });
    await settle(el);
    await waitUntil(() => errors.length > 0);
    expect(errors[0]!.message).to.equal('Invalid B2B config: config.authFlowType: must be Discovery, Organization or PasswordReset');
    expect(el.querySelector('[role="alert"]')?.textContent).to.equal(errors[0]!.message);
  });

  it('resolveB2BConfig applies the defaults and refuses each bad option by name', () => {
    const ok = resolveB2BConfig({ products: ['emailOtp', 'emailOtp'], authFlowType: 'Discovery' });
    expect(ok.ok).to.equal(true);
    if (ok.ok) {
      expect(ok.value.products).to.deep.equal(['emailOtp']);
      expect(ok.value.sessionOptions.sessionDurationMinutes).to.equal(30);
      expect(ok.value.disableCreateOrganization).to.equal(false);
    }
    const message = (c: unknown) => {
      const r = resolveB2BConfig(c);
      return r.ok ? 'ok' : r.message;
    };
    expect(message(undefined)).to.equal('Invalid B2B config: config is required (products and authFlowType)');
    expect(message({ products: [], authFlowType: 'Discovery' })).to.equal('Invalid B2B config: config.products: must name at least one product');
    expect(message({ products: ['otp'], authFlowType: 'Discovery' })).to.equal(
      'Invalid B2B config: config.products.0: must be one of emailMagicLinks, emailOtp, sso, passwords, oauth (or B2BProducts.<name>)',
    );
    expect(message({ products: ['sso'], authFlowType: 'Discovery', mfaProductOrder: ['email'] })).to.equal('Invalid B2B config: config.mfaProductOrder.0: must be one of smsOtp, totp');
    expect(message({ products: ['sso'], authFlowType: 'Discovery', directLoginForSingleMembership: { status: 'yes' } })).to.equal(
      'Invalid B2B config: config.directLoginForSingleMembership.status: must be true or false',
    );
    expect(message({ products: ['sso'], authFlowType: 'Discovery', disableCreateOrganization: 1 })).to.equal('Invalid B2B config: config.disableCreateOrganization: must be true or false');
    expect(message({ products: ['emailMagicLinks'], authFlowType: 'Discovery', emailMagicLinksOptions: { discoveryRedirectURL: 'not a url' } })).to.equal(
      'Invalid B2B config: config.emailMagicLinksOptions.discoveryRedirectURL: must be an absolute URL',
    );
    expect(message({ products: ['emailOtp'], authFlowType: 'Discovery', mfaProductInclude: ['totp', 'sms_otp'], mfaProductOrder: ['sms_otp'] })).to.equal('ok');
  });

  it('accepts the official config values: B2BProducts objects beside names, B2BMFAProducts', () => {
    const r = resolveB2BConfig({
      products: [B2BProducts.emailOtp, 'emailMagicLinks', B2BProducts.sso, B2BProducts.emailOtp],
      authFlowType: 'Discovery',
      mfaProductOrder: [B2BMFAProducts.smsOtp, B2BMFAProducts.totp],
      mfaProductInclude: ['smsOtp'],
    });
    expect(r.ok ? r.value.products : r.message).to.deep.equal(['emailOtp', 'emailMagicLinks', 'sso']);
    expect(r.ok ? [r.value.mfaProductOrder, r.value.mfaProductInclude] : r.message).to.deep.equal([['smsOtp', 'totp'], ['smsOtp']]);
    const org = resolveB2BConfig({ products: [B2BProducts.passwords, B2BProducts.oauth], authFlowType: 'Organization' });
    expect(org.ok ? org.value.products : org.message).to.deep.equal(['passwords', 'oauth']);
    const unknownObject = resolveB2BConfig({ products: [{ id: 'passkeys' }], authFlowType: 'Discovery' });
    expect(unknownObject.ok ? 'ok' : unknownObject.message).to.equal('Invalid B2B config: config.products.0: must be one of emailMagicLinks, emailOtp, sso, passwords, oauth (or B2BProducts.<name>)');
  });

  it('exports the official names: its own B2BProducts and B2BMFAProducts resolve as the official ones do', () => {
    expect(Object.keys(OurB2BProducts)).to.have.members(Object.keys(B2BProducts));
    expect(OurB2BMFAProducts).to.deep.equal({ ...B2BMFAProducts });
    // stytch-ui/react/b2b exports them too, as @stytch/react/b2b does.
    expect(ReactB2BProducts).to.equal(OurB2BProducts);
    for (const key of Object.keys(B2BProducts) as Array<keyof typeof B2BProducts>) {
      expect(OurB2BProducts[key].id).to.equal(B2BProducts[key].id);
    }
    const r = resolveB2BConfig({ products: [OurB2BProducts.emailOtp, OurB2BProducts.passwords], authFlowType: 'Organization', mfaProductOrder: [OurB2BMFAProducts.totp] });
    expect(r.ok ? [r.value.products, r.value.mfaProductOrder] : r.message).to.deep.equal([['emailOtp', 'passwords'], ['totp']]);
  });

  it('refuses a config that would show an empty card, naming the flow and what it shows', () => {
    const message = (c: unknown) => {
      const r = resolveB2BConfig(c);
      return r.ok ? 'ok' : r.message;
    };
    // OAuth shows its providers' buttons: with none, nothing.
    expect(message({ products: [B2BProducts.oauth], authFlowType: 'Discovery' })).to.equal('Invalid B2B config: config.oauthOptions.providers: must name at least one provider for the oauth product');
    // SSO alone: 'Use single sign-on' (Discovery), the organization's connections (Organization).
    expect(message({ products: [B2BProducts.sso, 'oauth'], authFlowType: 'Discovery' })).to.equal('ok');
    // Passwords alone are Discovery's Main (the password sign-in lists the organizations).
    expect(message({ products: ['passwords'], authFlowType: 'Discovery' })).to.equal('ok');
    expect(message({ products: ['sso'], authFlowType: 'Organization' })).to.equal('ok');
    expect(message({ products: ['passwords'], authFlowType: 'Organization' })).to.equal('ok');
    expect(message({ products: ['sso', 'emailMagicLinks'], authFlowType: 'Discovery' })).to.equal('ok');
  });

  it('an empty-card config shows the config error and reports it through onError', async () => {
    await fixture(html`<div id="b2b-empty"></div>`);
    const errors: Error[] = [];
    const el = mountB2B({ elementId: '#b2b-empty', config: { products: [B2BProducts.oauth], authFlowType: 'Discovery' }, client: client(), callbacks: { onError: (e) => errors.push(e) } });
    await settle(el);
    await waitUntil(() => errors.length > 0);
    expect(errors[0]!.message).to.equal('Invalid B2B config: config.oauthOptions.providers: must name at least one provider for the oauth product');
    expect(el.querySelector('[role="alert"]')?.textContent).to.equal(errors[0]!.message);
    expect(el.querySelector('input, button[type="submit"]')).to.equal(null);
  });

  it('mounts with the official product objects: Discovery Main offers both email methods (one button that asks which)', async () => {
    await fixture(html`<div id="b2b-objects"></div>`);
    const el = mountB2B({ elementId: '#b2b-objects', config: { products: [B2BProducts.emailMagicLinks, B2BProducts.emailOtp], authFlowType: 'Discovery' }, client: client() });
    await settle(el);
    await waitUntil(() => el.querySelectorAll('button[type="submit"]').length === 1);
    expect([...el.querySelectorAll('button[type="submit"]')].map((b) => b.textContent)).to.deep.equal(['Continue with email']);
  });
});
