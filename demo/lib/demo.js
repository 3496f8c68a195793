// Shared by the demo pages: one client for the local provider, the return pages, and the
// named product sets the home page, the product pages and the playground offer.
import { createClient } from '/dist/client.js';

/** The one headless client of a page (several on a page log a warning). */
export const client = createClient(window.DEMO.publicToken, { baseUrl: window.DEMO.providerUrl });

/** Where magic links and OAuth return, and where reset emails land. */
export const returnUrl = `${location.origin}/authenticate.html`;
export const resetUrl = `${location.origin}/reset-password.html`;
/** The provider's development outbox: every email, SMS and WhatsApp message it "sent". */
export const outboxUrl = `${window.DEMO.providerUrl}/dev/outbox`;

/** Fills in this site's return pages where a config names none, so examples stay short. */
export function withReturnUrls(config) {
  const pick = (o = {}, extra) => ({ ...extra, ...o });
  const both = { loginRedirectURL: returnUrl, signupRedirectURL: returnUrl };
  return {
    ...config,
    emailMagicLinksOptions: pick(config.emailMagicLinksOptions, both),
    oauthOptions: pick(config.oauthOptions, both),
    passwordOptions: pick(config.passwordOptions, { loginRedirectURL: returnUrl, resetPasswordRedirectURL: resetUrl }),
  };
}

/** The product sets, by id: each is one page and one playground link. */
export const productSets = {
  all: {
    title: 'Every product',
    config: {
      products: ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }, { type: 'github' }] },
      otpOptions: { methods: ['sms', 'whatsapp'] },
    },
  },
  'magic-links': { title: 'Email magic links', config: { products: ['emailMagicLinks'] } },
  'email-otp': { title: 'One-time passcode by email', config: { products: ['otp'], otpOptions: { methods: ['email'] } } },
  'phone-otp': { title: 'One-time passcode by SMS and WhatsApp', config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } } },
  passwords: { title: 'Email and password', config: { products: ['passwords'] } },
  'passwords-links': { title: 'Passwords with magic links', config: { products: ['emailMagicLinks', 'passwords'] } },
  passkeys: { title: 'Passkeys with email passcodes', config: { products: ['passkeys', 'otp'], otpOptions: { methods: ['email'] } } },
  oauth: {
    title: 'Social sign-in',
    config: {
      products: ['oauth'],
      // One Tap needs a Google client in the project file (README: oauthClients); without one
      // it could only fail, so the demo asks for it only when the provider has one.
      oauthOptions: {
        providers: [window.DEMO.googleOneTap ? { type: 'google', one_tap: true, position: 'embedded' } : { type: 'google' }, { type: 'microsoft' }, { type: 'github' }, { type: 'apple' }],
      },
    },
  },
  crypto: { title: 'Crypto wallets', config: { products: ['crypto'] } },
};

/** The playground opened on `config`: a link anyone can share. */
export function playgroundUrl(config) {
  return `/playground.html?config=${encodeURIComponent(JSON.stringify(config))}`;
}

/** `?theme=dark` on any demo page selects the dark preset. */
export function pageStyles() {
  return new URLSearchParams(location.search).get('theme') === 'dark' ? { colorScheme: 'dark' } : {};
}

/** The widget's locales (a file each under screens/i18n/locales), named in their own language, and the en-XA pseudo-locale. */
export const locales = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['it', 'Italiano'],
  ['pt-BR', 'Português (Brasil)'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['zh-CN', '简体中文'],
  ['ar', 'العربية'],
  ['he', 'עברית'],
  ['en-XA', 'Pseudo-locale (en-XA: accented, 40% longer)'],
];

/**
 * The `strings` example: official message ids to ICU MessageFormat texts, laid over whatever
 * locale the widget speaks. "Sign in" where the SPEC says "Log In", and one message with a
 * parameter.
 */
export const stringsExample = {
  'login.title': 'Sign in or create an account',
  'password.login.title': 'Sign in',
  'button.loginWithPasskey': 'Sign in with a passkey',
  'password.reset.loginWithoutPassword': 'Sign in without a password',
  'passcode.sentConfirmation': 'We sent a 6-digit code to {destination}.',
};

/** `?locale=` on a demo page: the widget's language (the page's, English, when absent). */
export function pageLocale() {
  return new URLSearchParams(location.search).get('locale') || undefined;
}

/** `?strings=example` on a demo page: the strings example over the locale's words. */
export function pageStrings() {
  return new URLSearchParams(location.search).get('strings') === 'example' ? stringsExample : undefined;
}

/**
 * Fills `select` with the locales and `checkbox` (optional) with the strings example's state;
 * a change reloads the page with `?locale=` / `?strings=example`, so a link keeps the choice.
 */
export function wordsPicker(select, checkbox) {
  const current = pageLocale() ?? 'en';
  for (const [tag, name] of locales) select.append(new Option(name, tag, false, tag === current));
  const go = () => {
    const url = new URL(location.href);
    if (select.value === 'en') url.searchParams.delete('locale');
    else url.searchParams.set('locale', select.value);
    if (checkbox?.checked) url.searchParams.set('strings', 'example');
    else url.searchParams.delete('strings');
    location.assign(url.href);
  };
  select.addEventListener('change', go);
  if (checkbox) {
    checkbox.checked = pageStrings() !== undefined;
    checkbox.addEventListener('change', go);
  }
}
