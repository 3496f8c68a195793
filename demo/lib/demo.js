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

// The language picker, the strings example and the theme (their own module: pages without this one's client use them too).
export { locales, pageLocale, pageStrings, pageStyles, stringsExample, wordsPicker } from './words.js';
