import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import {
  clientOptionsFrom,
  configFrom,
  OAuthProviders,
  OTPMethods,
  Products,
  StytchEventType,
  StytchPasskeyRegistration,
  StytchPasswordReset,
  StytchResetPassword,
  StytchUI,
  StytchUIClient,
  mountLogin,
} from '../../../elements/compat.ts';

const TEST = 'public-token-test-44444444-4444-4444-4444-444444444444';
const LIVE = 'public-token-live-44444444-4444-4444-4444-444444444444';

async function settle(el: Element): Promise<void> {
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

// The page registers the classes under tags of its choosing, as the official README does.
customElements.define('compat-login', StytchUI as unknown as CustomElementConstructor);
customElements.define('compat-reset', StytchResetPassword as unknown as CustomElementConstructor);
customElements.define('compat-passkeys', StytchPasskeyRegistration as unknown as CustomElementConstructor);

describe('stytch-ui/compat', () => {
  it('maps the official client options: endpoints kept whole, customBaseUrl to its https host, per token kind', () => {
    expect(clientOptionsFrom(TEST, { endpoints: { testAPIURL: 'http://localhost:8787/x', liveAPIURL: 'https://live.example' } })).to.deep.equal({ baseUrl: 'http://localhost:8787/x' });
    expect(clientOptionsFrom(LIVE, { endpoints: { testAPIURL: 'http://localhost:8787', liveAPIURL: 'https://live.example' } })).to.deep.equal({ baseUrl: 'https://live.example' });
    expect(clientOptionsFrom(TEST, { customBaseUrl: 'http://auth.example.com:8080/path' })).to.deep.equal({ apiDomain: 'auth.example.com' });
    expect(clientOptionsFrom(TEST, { customBaseUrl: 'auth.example.com', endpoints: { testAPIURL: 'http://x' } })).to.deep.equal({ apiDomain: 'auth.example.com' });
    expect(clientOptionsFrom(TEST, { endpointOptions: { testApiDomain: 'test-auth.example.com', apiDomain: 'auth.example.com' } })).to.deep.equal({ apiDomain: 'test-auth.example.com' });
    expect(clientOptionsFrom(LIVE, { endpointOptions: { testApiDomain: 'test-auth.example.com', apiDomain: 'auth.example.com' } })).to.deep.equal({ apiDomain: 'auth.example.com' });
    expect(clientOptionsFrom(TEST, { cookieOptions: { domain: 'example.com' }, keepSessionAlive: false, endpoints: { clientsideServicesIframeURL: 'https://cs.example/i.html' } })).to.deep.equal({
      cookieDomain: 'example.com',
      keepSessionAlive: false,
      clientsideServicesUrl: 'https://cs.example/i.html',
    });
  });

  it('maps the official config: product objects to their ids, provider names to objects, shadow to enableShadowDOM', () => {
    const config = configFrom(
      {
        products: [Products.emailMagicLinks, Products.oauth, Products.otp, Products.passkeyRegistration, 'passwords'],
        oauthOptions: { providers: [OAuthProviders.Google, { type: OAuthProviders.Github, one_tap: false }] },
        otpOptions: { methods: [OTPMethods.SMS, OTPMethods.WhatsApp] },
        sessionOptions: { sessionDurationMinutes: 60 },
      },
      true,
    );
    expect(config).to.deep.equal({
      products: ['emailMagicLinks', 'oauth', 'otp', 'passwords'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'github', one_tap: false }] },
      otpOptions: { methods: ['sms', 'whatsapp'] },
      sessionOptions: { sessionDurationMinutes: 60 },
      enableShadowDOM: true,
    });
  });

  it('has the official enums', () => {
    expect(StytchEventType.OTPsAuthenticate).to.equal('OTP_AUTHENTICATE');
    expect(StytchEventType.AuthenticateFlowComplete).to.equal('AUTHENTICATE_FLOW_COMPLETE');
    expect(OTPMethods).to.deep.equal({ SMS: 'sms', WhatsApp: 'whatsapp', Email: 'email' });
    expect(Object.keys(OAuthProviders)).to.have.length(19);
    expect(StytchPasswordReset).to.equal(StytchResetPassword);
  });

  it('render() on an element of the page’s own tag shows the widget with the mapped config and the styles', async () => {
    const el = await fixture<HTMLElement & { render(p: object): void }>(html`<compat-login></compat-login>`);
    el.render({ config: { products: [Products.otp], otpOptions: { methods: [OTPMethods.Email] } }, styles: { colors: { primary: '#5b2a86' } } });
    await settle(el);
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    expect((el as unknown as { config: unknown }).config).to.deep.equal({ mainOrder: 'products', passkeyUpgrade: false, products: ['otp'], otpOptions: { inputStyle: 'cells', methods: ['email'] } });
    expect(getComputedStyle(el).getPropertyValue('--stytch-colors-primary').trim()).to.equal('#5b2a86');
  });

  it('the `shadow` attribute or init renders into a shadow root', async () => {
    const byAttribute = await fixture<HTMLElement & { render(p: object): void }>(html`<compat-login shadow></compat-login>`);
    byAttribute.render({ config: { products: [Products.emailMagicLinks] } });
    await settle(byAttribute);
    expect(byAttribute.shadowRoot?.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    const Ctor = StytchUI as unknown as new (init?: { shadow?: boolean }) => HTMLElement & { render(p: object): void };
    const byInit = new Ctor({ shadow: true });
    document.body.append(byInit);
    byInit.render({ config: { products: [Products.emailMagicLinks] } });
    await settle(byInit);
    expect(byInit.shadowRoot?.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    byInit.remove();
  });

  it('new StytchUIClient(token, options) is a client with the official mount methods, which map the config', async () => {
    const client = new StytchUIClient(TEST, { endpoints: { testAPIURL: 'http://localhost:1' } });
    expect(client.otps.email.loginOrCreate).to.be.a('function');
    const host = await fixture<HTMLDivElement>(html`<div id="compat-mount"></div>`);
    const el = client.mountLogin({ elementId: '#compat-mount', config: { products: [Products.otp], otpOptions: { methods: [OTPMethods.SMS] } } });
    await settle(el);
    expect(host.contains(el)).to.equal(true);
    expect(el.client).to.equal(client);
    expect(el.config).to.deep.equal({ mainOrder: 'products', passkeyUpgrade: false, products: ['otp'], otpOptions: { inputStyle: 'cells', methods: ['sms'] } });
    client.dispose();
  });

  it('render({ presentation }) draws the official look with its tokens and options', async () => {
    const el = await fixture<HTMLElement & { render(p: object): void }>(html`<compat-login></compat-login>`);
    el.render({
      config: { products: [Products.otp], otpOptions: { methods: [OTPMethods.Email, OTPMethods.SMS] } },
      presentation: { theme: { primary: 'rgb(91, 42, 134)', 'rounded-base': '3px' }, options: { hideHeaderText: true, logo: { url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', alt: 'Acme' } } },
    });
    await settle(el);
    const submit = el.querySelector<HTMLElement>('[part~="button-primary"]')!;
    expect(getComputedStyle(submit).backgroundColor).to.equal('rgb(91, 42, 134)');
    expect(getComputedStyle(submit).borderTopLeftRadius).to.equal('6px');
    expect(getComputedStyle(el.querySelector('[part~="tab-selected"]')!).borderTopRightRadius).to.equal('0px');
    expect(el.querySelector('h1')).to.equal(null);
    expect(el.querySelector('img[part="logo"]')?.getAttribute('alt')).to.equal('Acme');
    // Without one: 6.3.0's default look, not ours.
    el.render({ presentation: undefined });
    await settle(el);
    // The official look eases colour changes; the new colour is the one it settles on.
    await Promise.all(submit.getAnimations().map((a) => a.finished));
    expect(getComputedStyle(submit).backgroundColor).to.equal('oklch(0.2 0 0)');
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
  });

  it('a bad presentation is reported once through onError as InvalidStylesError, and the widget still renders', async () => {
    const errors: Error[] = [];
    const el = await fixture<HTMLElement & { render(p: object): void }>(html`<compat-login></compat-login>`);
    el.addEventListener('stytch-error', () => {});
    el.render({
      config: { products: [Products.emailMagicLinks] },
      presentation: { theme: { primary: 42, primay: 'red' }, options: { hideHeaderText: 'yes' } },
      callbacks: { onError: (e: Error) => errors.push(e) },
    });
    await settle(el);
    expect(errors.map((e) => `${e.name}: ${e.message}`)).to.deep.equal([
      'InvalidStylesError: Invalid presentation.theme.primary: must be a CSS value without ; { } < > \\ or comments',
      'InvalidStylesError: Invalid presentation.theme.primay: is not a theme token of the official UI 6.x',
      'InvalidStylesError: Invalid presentation.options.hideHeaderText: must be true or false',
    ]);
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    expect(getComputedStyle(el.querySelector('[part~="button-primary"]')!).backgroundColor).to.equal('oklch(0.2 0 0)');
    el.render({ presentation: 'dark' });
    await settle(el);
    expect(errors.at(-1)?.message).to.equal('Invalid presentation: must be an object ({ theme, options })');
  });

  it('mountLogin takes the presentation too, enableShadowDOM included', async () => {
    const host = await fixture<HTMLDivElement>(html`<div id="compat-mount-presentation"></div>`);
    const warn = console.warn;
    const warned: string[] = [];
    console.warn = (m: string) => warned.push(m);
    try {
      const el = mountLogin({
        elementId: '#compat-mount-presentation',
        config: { products: [Products.emailMagicLinks] },
        presentation: { theme: { primary: 'rgb(1, 2, 3)' }, options: { enableShadowDOM: true, buttonId: true } },
      });
      await settle(el);
      expect(host.contains(el)).to.equal(true);
      expect(el.shadowRoot).to.not.equal(null);
      expect(getComputedStyle(el.shadowRoot!.querySelector('[part~="button-primary"]')!).backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(warned.some((m) => m.includes('`presentation.options.buttonId` is not applied'))).to.equal(true);
    } finally {
      console.warn = warn;
    }
  });

  it('lays Main out in the order of products, as the official UI: the form above the social buttons when listed first', async () => {
    const el = await fixture<HTMLElement & { render(p: object): void }>(html`<compat-login></compat-login>`);
    const order = () => [...el.querySelectorAll('[part~="login-form"], [part~="oauth"], [part~="divider"]')].map((e) => e.getAttribute('part'));
    el.render({ config: { products: [Products.otp, Products.oauth], otpOptions: { methods: [OTPMethods.Email] }, oauthOptions: { providers: [OAuthProviders.Google] } } });
    await settle(el);
    await waitUntil(() => order().length === 3);
    expect(order()).to.deep.equal(['login-form', 'divider', 'oauth']);
    el.render({ config: { products: [Products.oauth, Products.otp], otpOptions: { methods: [OTPMethods.Email] }, oauthOptions: { providers: [OAuthProviders.Google] } } });
    await settle(el);
    await waitUntil(() => order()[0] === 'oauth');
    expect(order()).to.deep.equal(['oauth', 'divider', 'login-form']);
  });
});
