import { expect } from '@open-wc/testing';
import { candidates } from '../../../screens/i18n/load.ts';
import { pseudo } from '../../../screens/i18n/locales/en-XA.ts';
import { errorMessages } from '../../../screens/i18n/en/errors.ts';
import { magicLinkStateAtom, otpExpiryAtom, otpStateAtom, passwordStateAtom, transitionAtom, type ScreenName } from '../../../screens/state/atoms.ts';
import { apiError, click, flush, renderApp, type, type Rendered } from './helpers.tsx';
import { passwordClient, verdict } from './password-fakes.ts';

/*
 * The catalog mechanism in the widget: a site's `strings` over the locale (and refused ones
 * reported once), the locale's choice and fallbacks, provider errors in the widget's words,
 * and every screen in the en-XA pseudo-locale with no English left.
 */

let r: Rendered | undefined;
afterEach(() => {
  r?.unmount();
  r = undefined;
});

const heading = (root: ParentNode) => root.querySelector('h1, h2')?.textContent;
const stringsErrors = (x: Rendered) => x.errors.filter((e) => e.name === 'InvalidStringsError');

describe('strings overrides', () => {
  it('replace a text by its official id, plain or as ICU, and keep the rest', async () => {
    r = await renderApp({ mode: 'login', config: {}, client: baseClient(), strings: { 'login.title': 'Sign in', 'button.emailLogin': "Send me a '{'link'}'" } });
    expect(heading(r.root)).to.equal('Sign in');
    expect([...r.root.querySelectorAll('button')].map((b) => b.textContent)).to.include('Send me a {link}');
    expect(r.root.querySelector('label')!.textContent).to.equal('Email');
    expect(stringsErrors(r)).to.deep.equal([]);
  });

  it('fill parameters and <bold>, as the official messages take them', async () => {
    r = await renderApp(
      { mode: 'login', config: {}, client: baseClient(), strings: { 'emailConfirmation.content': 'We sent a link to <bold>{email}</bold>, {email, select, other {check it}}.' } },
      (store) => {
        store.set(magicLinkStateAtom, { email: 'ada@example.com' });
        store.set(transitionAtom, 'EmailConfirmation');
      },
    );
    const p = [...r.root.querySelectorAll('p')].find((x) => x.textContent!.startsWith('We sent'))!;
    expect(p.textContent).to.equal('We sent a link to ada@example.com, check it.');
    expect(p.querySelector('strong')!.textContent).to.equal('ada@example.com');
  });

  it('refuse a value that is not ICU, a parameter the message lacks, an unknown id and a non-string, once each, with the default shown', async () => {
    const strings = { 'login.title': 'Hello {', 'button.emailLogin': 'Go {where}', 'no.such.id': 'x', 'tab.email': 42, 'formField.email.label': 'E-mail' };
    r = await renderApp({ mode: 'login', config: {}, client: baseClient(), strings });
    expect(heading(r.root)).to.equal('Sign up or log in');
    expect([...r.root.querySelectorAll('button')].map((b) => b.textContent)).to.include('Continue with email');
    expect(r.root.querySelector('label')!.textContent).to.equal('E-mail');
    const refused = stringsErrors(r)
      .map((e) => (e as Error & { id: string }).id)
      .sort();
    expect(refused).to.deep.equal(['button.emailLogin', 'login.title', 'no.such.id', 'tab.email']);
    expect(stringsErrors(r).find((e) => (e as Error & { id: string }).id === 'button.emailLogin')!.message).to.contain('{where}');
  });

  it('report a refused value once, not on every render of the same strings', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const { mountLogin } = await import('../../../elements/index.ts');
    const errors: Error[] = [];
    const mount = () => mountLogin({ elementId: '#words-host', config: {}, strings: { 'login.title': 'Hi {' }, callbacks: { onError: (e) => errors.push(e) } });
    host.id = 'words-host';
    mount();
    await flush();
    mount();
    await flush();
    mount();
    await flush();
    expect(errors.filter((e) => e.name === 'InvalidStringsError')).to.have.length(1);
    host.remove();
  });

  it("come as the element's JSON attribute too, with its lang choosing the locale", async () => {
    await import('../../../elements/index.ts');
    const el = document.createElement('stytch-ui');
    el.setAttribute('lang', 'en-XA');
    el.setAttribute('config', '{"products":["emailMagicLinks"]}');
    el.setAttribute('strings', '{"login.title":"Bienvenue"}');
    document.body.append(el);
    try {
      await flush();
      await flush();
      expect(heading(el)).to.equal('Bienvenue');
      expect(el.querySelector('label')!.textContent).to.equal(pseudo('Email'));
    } finally {
      el.remove();
    }
  });

  it('accept any server error id by its rule, and show it for that error', async () => {
    const client = { magicLinks: { email: { loginOrCreate: () => Promise.reject(apiError('inactive_email', 'The mail server refused this email address.')) } } };
    r = await renderApp({ mode: 'login', config: {}, client: { ...baseClient(), ...client }, strings: { 'error.inactiveEmail': 'That inbox is closed.', 'error.someFutureType': 'Later' } });
    await type(r.root.querySelector('input')!, 'ada@example.com');
    await click(r.root.querySelector('button[type="submit"]'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('That inbox is closed.');
    expect(stringsErrors(r)).to.deep.equal([]);
    // The host still hears the error as it came.
    expect((r.errors.at(-1) as Error & { error_type: string }).error_type).to.equal('inactive_email');
  });
});

function baseClient() {
  return {
    bootstrap: { getSync: () => ({ disable_sdk_watermark: true, email_domains: [] }), onChange: () => () => {} },
    logEvent: () => {},
    webauthn: { browserSupportsAutofill: () => Promise.resolve(false), authenticate: () => Promise.resolve(null) },
  };
}

describe('locale', () => {
  it('tries a regional tag, then its language; English needs no catalog', () => {
    expect(candidates('fr-CA')).to.deep.equal(['fr-CA', 'fr']);
    expect(candidates('pt')).to.deep.equal(['pt', 'pt-BR']);
    expect(candidates('zh')).to.deep.equal(['zh', 'zh-CN']);
    expect(candidates('iw')).to.deep.equal(['he']);
    expect(candidates('en-GB')).to.deep.equal([]);
    expect(candidates('en-XA')).to.deep.equal(['en-XA']);
    expect(candidates('not a tag')).to.deep.equal([]);
  });

  it('comes from the config, else the lang the element passes; a language not shipped reads English', async () => {
    r = await renderApp({ mode: 'login', config: {}, client: baseClient(), lang: 'en-XA' });
    expect(heading(r.root)).to.equal(pseudo('Sign up or log in'));
    expect(r.root.querySelector('[lang]')!.getAttribute('lang')).to.equal('en-XA');
    r.unmount();
    r = await renderApp({ mode: 'login', config: { locale: 'en-XA' }, client: baseClient(), lang: 'en' });
    expect(heading(r.root)).to.equal(pseudo('Sign up or log in'));
    r.unmount();
    r = await renderApp({ mode: 'login', config: { locale: 'tlh' }, client: baseClient() });
    expect(heading(r.root)).to.equal('Sign up or log in');
    expect(r.root.querySelector('[dir]')!.getAttribute('dir')).to.equal('ltr');
  });

  it('applies strings over the locale', async () => {
    r = await renderApp({ mode: 'login', config: { locale: 'en-XA' }, client: baseClient(), strings: { 'login.title': 'Bienvenue' } });
    expect(heading(r.root)).to.equal('Bienvenue');
    expect(r.root.querySelector('label')!.textContent).to.equal(pseudo('Email'));
  });

  it('shows a provider error in the locale, and hands the host the raw error', async () => {
    const client = { magicLinks: { email: { loginOrCreate: () => Promise.reject(apiError('inactive_email', 'The mail server refused this email address.')) } } };
    r = await renderApp({ mode: 'login', config: { locale: 'en-XA' }, client: { ...baseClient(), ...client } });
    await type(r.root.querySelector('input')!, 'ada@example.com');
    await click(r.root.querySelector('button[type="submit"]'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal(pseudo(errorMessages['error.inactiveEmail']));
    expect((r.errors.at(-1) as Error & { error_message: string }).error_message).to.equal('The mail server refused this email address.');
  });

  it('in English, a provider error reads as the provider wrote it', async () => {
    const client = { magicLinks: { email: { loginOrCreate: () => Promise.reject(apiError('inactive_email', 'The mail server refused this email address.')) } } };
    r = await renderApp({ mode: 'login', config: {}, client: { ...baseClient(), ...client } });
    await type(r.root.querySelector('input')!, 'ada@example.com');
    await click(r.root.querySelector('button[type="submit"]'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('The mail server refused this email address.');
  });
});

/** Every visible text and accessible name left in ASCII words: English that bypassed the catalog. */
function englishLeft(root: Element, data: readonly string[]): string[] {
  const found: string[] = [];
  const check = (text: string | null | undefined) => {
    if (!text) return;
    let rest = text;
    for (const d of data) rest = rest.split(d).join(' ');
    // The closed phone picker shows the region's code and dialing code (US +1): data, not words.
    rest = rest.replace(/\b[A-Z]{2} \+\d+\b/g, ' ');
    if (/[A-Za-z]{2,}/.test(rest)) found.push(text.trim());
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    // Country names come from Intl in the locale (en-XA has none of its own); the logo is a picture.
    if (node.parentElement?.closest('option, svg, style')) continue;
    check(node.textContent);
  }
  for (const el of root.querySelectorAll('*')) for (const a of ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext']) check(el.getAttribute(a));
  return found;
}

describe('en-XA: no English left on any screen', () => {
  const email = 'ada@example.com';
  const phone = '+12015550123';
  const cases: Array<[string, ScreenName, Record<string, unknown>]> = [
    [
      'Main, every product',
      'Main',
      {
        products: ['oauth', 'crypto', 'otp', 'passwords', 'passkeys'],
        otpOptions: { methods: ['sms', 'whatsapp', 'email'] },
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'twitter' }] },
      },
    ],
    ['Main, magic links', 'Main', {}],
    ['EmailConfirmation', 'EmailConfirmation', {}],
    ['OTPAuthenticate', 'OTPAuthenticate', { products: ['otp'], otpOptions: { methods: ['sms'] } }],
    ['OTPAuthenticate, cells', 'OTPAuthenticate', { products: ['otp'], otpOptions: { methods: ['sms'], inputStyle: 'cells' } }],
    ['OTPConfirmation', 'OTPConfirmation', {}],
    ['PasskeyConfirmation', 'PasskeyConfirmation', {}],
    ['PasswordCreateOrLogin, new user', 'PasswordCreateOrLogin', { products: ['passwords'] }],
    ['PasswordForgot', 'PasswordForgot', { products: ['passwords'] }],
    ['PasswordBreached', 'PasswordBreached', { products: ['passwords'] }],
    ['PasswordSetNew', 'PasswordSetNew', { products: ['passwords'] }],
    ['PasswordDedupe', 'PasswordDedupe', { products: ['passwords'] }],
    ['PasswordConfirmation', 'PasswordConfirmation', { products: ['passwords'] }],
    ['CryptoOtherScreen', 'CryptoOtherScreen', { products: ['crypto'] }],
    ['CryptoSetupWallet', 'CryptoSetupWallet', { products: ['crypto'] }],
    ['CryptoError', 'CryptoError', { products: ['crypto'] }],
    ['CryptoConfirmation', 'CryptoConfirmation', { products: ['crypto'] }],
  ];
  for (const [name, screen, config] of cases) {
    it(name, async () => {
      r = await renderApp({ mode: 'login', config: { ...config, locale: 'en-XA' }, client: { ...baseClient(), phone: { format: () => Promise.resolve(phone) } } }, (store) => {
        store.set(magicLinkStateAtom, { email });
        store.set(otpStateAtom, { type: 'sms', methodId: 'phone-number-1', otpDestination: phone });
        store.set(otpExpiryAtom, 1_700_000_000_000 + 5 * 60_000);
        store.set(passwordStateAtom, { email, type: 'new' });
        if (screen !== 'Main') store.set(transitionAtom, screen);
      });
      expect(r.root.textContent!.length).to.be.greaterThan(0);
      expect(englishLeft(r.root, [email, phone])).to.deep.equal([]);
    });
  }

  it('PasswordCreateOrLogin, existing and passwordless users', async () => {
    for (const kind of ['password', 'passwordless'] as const) {
      r = await renderApp({ mode: 'login', config: { products: ['passwords', 'emailMagicLinks'], locale: 'en-XA' }, client: baseClient() }, (store) => {
        store.set(passwordStateAtom, { email, type: kind });
        store.set(transitionAtom, 'PasswordCreateOrLogin');
      });
      expect(englishLeft(r.root, [email]), kind).to.deep.equal([]);
      r.unmount();
      r = undefined;
    }
  });

  it('the reset-password and passkey-registration elements', async () => {
    r = await renderApp({ mode: 'reset-password', config: { locale: 'en-XA' }, client: baseClient(), passwordResetToken: 'token' });
    expect(heading(r.root)).to.equal(pseudo('Reset your password'));
    expect(englishLeft(r.root, [])).to.deep.equal([]);
    r.unmount();
    r = await renderApp({
      mode: 'passkey-registration',
      config: { locale: 'en-XA' },
      client: { ...baseClient(), session: { getTokens: () => null }, user: { getSync: () => null, onChange: () => () => {}, get: () => Promise.reject(new Error('no session')) } },
    });
    expect(r.root.textContent).to.contain(pseudo('Error: Cannot use PasskeyRegistration component without active user authenticated.'));
    expect(englishLeft(r.root, [])).to.deep.equal([]);
  });

  it('a config error', async () => {
    r = await renderApp({ mode: 'login', config: { products: ['passkeys'], locale: 'en-XA' }, client: baseClient() });
    expect(r.root.textContent).to.equal(pseudo('Error: Cannot use Passkeys by itself, please add another product to the config.'));
  });
});

describe("zxcvbn's warning (English from the provider)", () => {
  const open = (config: object, strings?: Record<string, string>, said = 'This is a very common password.') =>
    renderApp(
      {
        mode: 'login',
        config: { products: ['passwords'], ...config },
        client: passwordClient({ userType: 'new', strength: () => Promise.resolve(verdict({ valid: false, score: 0, warning: said })) }).client,
        ...(strings ? { strings } : {}),
      },
      (store) => {
        store.set(passwordStateAtom, { email: 'ada@example.com', type: 'new' });
        store.set(transitionAtom, 'PasswordCreateOrLogin');
      },
    );
  const warning = async (x: Rendered) => {
    await type(x.root.querySelector<HTMLInputElement>('input[autocomplete="new-password"]')!, 'password');
    await x.clock.advance(500);
    await flush();
    expect(x.root.querySelector('[role="meter"]')).to.not.equal(null);
    return x.root.querySelector('[part~="strength-warning"]')?.textContent;
  };

  it('reads in the locale by its official id, strings over it; one we do not know is English only', async () => {
    r = await open({});
    expect(await warning(r)).to.equal('This password is very common.');
    r.unmount();
    r = await open({ locale: 'en-XA' }, { 'password.zxcvbn.warning.veryCommonPassword': 'Trop courant.' });
    expect(await warning(r)).to.equal('Trop courant.');
    expect(stringsErrors(r)).to.deep.equal([]);
    r.unmount();
    r = await open({ locale: 'en-XA' });
    expect(await warning(r)).to.equal(pseudo('This password is very common.'));
    r.unmount();
    r = await open({}, undefined, 'A warning from a newer zxcvbn.');
    expect(await warning(r)).to.equal('A warning from a newer zxcvbn.');
    r.unmount();
    r = await open({ locale: 'en-XA' }, undefined, 'A warning from a newer zxcvbn.');
    expect(await warning(r)).to.equal(undefined);
  });
});
