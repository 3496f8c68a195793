import * as v from 'valibot';
import { bool, DEFAULT_OTP_EXPIRATION_MINUTES, num, otpExpiration, text, textArray } from '../../client/schemas/fields.ts';
import type { OAuthProvider } from '../../client/schemas/oauth-providers.ts';

/*
 * The widget's configuration (SPEC §3), one schema per option block, with the SPEC defaults
 * applied here and nowhere else. Numeric rules the provider enforces come from the shared
 * field schemas, so the widget refuses such a value in the client's and the provider's words.
 */

/** Products the widget can show (SPEC §3 Configuration). */
export const PRODUCTS = ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'] as const;
export type Product = (typeof PRODUCTS)[number];

/** OTP delivery channels (SPEC §9). */
export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const;

/** SPEC §9 defaults. */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;

const opt = v.optional;

const isStringRecord = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((s) => typeof s === 'string');

export const OtpOptions = v.looseObject({
  methods: opt(v.array(v.picklist(OTP_METHODS)), () => []),
  expirationMinutes: opt(otpExpiration(), DEFAULT_OTP_EXPIRATION_MINUTES),
  /** 'field' (one input, the default) or 'cells' (six one-digit cells, as the official UI shows). */
  inputStyle: opt(v.picklist(['field', 'cells']), 'field'),
  loginTemplateId: opt(text()),
  signupTemplateId: opt(text()),
  /** The language of the code's message (BCP 47); the widget's own locale when absent. */
  locale: opt(text()),
});

export const EmailMagicLinksOptions = v.looseObject({
  loginRedirectURL: opt(text()),
  signupRedirectURL: opt(text()),
  loginExpirationMinutes: opt(num(), DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES),
  signupExpirationMinutes: opt(num(), DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES),
  createUserAsPending: opt(bool(), false),
  loginTemplateId: opt(text()),
  signupTemplateId: opt(text()),
  domainHint: opt(text()),
  /** The language of the link's email (BCP 47); the widget's own locale when absent. */
  locale: opt(text()),
  /**
   * Scanner-proof, cross-device links (README): the waiting screen shows a code and signs in
   * once the link's page confirms it; the link's page never signs in without a click.
   */
  crossDevice: opt(bool(), false),
});

const OAuthProviderOptions = v.looseObject({
  type: text(),
  custom_scopes: opt(textArray()),
  provider_params: opt(v.custom<Record<string, string>>(isStringRecord, 'must be an object of strings')),
  loginRedirectURL: opt(text()),
  signupRedirectURL: opt(text()),
  /** Google only: try the One Tap prompt, at `position` (SPEC §2), before the button. */
  one_tap: opt(bool()),
  position: opt(text()),
  cancel_on_tap_outside: opt(bool()),
});
/** One configured provider, of a type the widget knows (the OAuth block skips the others). */
export type OAuthProviderConfig = v.InferOutput<typeof OAuthProviderOptions> & { type: OAuthProvider };

export const OAuthOptions = v.looseObject({
  providers: opt(v.array(OAuthProviderOptions), () => []),
  loginRedirectURL: opt(text()),
  signupRedirectURL: opt(text()),
});

export const PasswordOptions = v.looseObject({
  loginRedirectURL: opt(text()),
  resetPasswordRedirectURL: opt(text()),
  resetPasswordExpirationMinutes: opt(num()),
  resetPasswordTemplateId: opt(text()),
  /** The language of the reset email (BCP 47); the widget's own locale when absent. */
  locale: opt(text()),
});

export const PasskeyOptions = v.looseObject({
  // An empty domain means none (the browser's default rpID): resolveConfig drops it, as a
  // pipe and transform here would put both into the first load.
  domain: opt(text()),
});

export const SessionOptions = v.looseObject({
  // Only a number here: its range (an integer of at least 5) is the client's check, which
  // refuses a bad value before any request in the same words; repeating it here would put
  // valibot's pipe into the first load, which has no room for it.
  sessionDurationMinutes: opt(num(), DEFAULT_SESSION_DURATION_MINUTES),
});

/** The whole configuration a host passes; unknown keys are allowed (blocks are loose objects: one object parser for all keeps the first load small). */
export const ConfigSchema = v.looseObject({
  products: opt(v.array(v.picklist(PRODUCTS))),
  otpOptions: opt(OtpOptions, {}),
  emailMagicLinksOptions: opt(EmailMagicLinksOptions, {}),
  oauthOptions: opt(OAuthOptions, {}),
  passwordOptions: opt(PasswordOptions, {}),
  passkeyOptions: opt(PasskeyOptions, {}),
  sessionOptions: opt(SessionOptions, {}),
  enableShadowDOM: opt(bool(), false),
  /** 'products': Main's form and social blocks follow the order of `products`, as in the official UI 6.x (stytch-ui/compat sets it). */
  mainOrder: opt(v.picklist(['products'])),
  /** A 429 with Retry-After becomes a countdown on the control it blocked (off: the provider's error, as before). */
  rateLimitCountdown: opt(bool(), true),
  /**
   * After a password, passcode or magic-link sign-in, offer a passkey on this device (conditional
   * create, else a one-tap prompt on the success screen). Unset: on when `products` has `passkeys`.
   */
  passkeyUpgrade: opt(bool()),
  /** BCP 47 tag of the widget's language (SPEC: falls back to the element's `lang`, the page's, then English). */
  locale: opt(text()),
});

/** The configuration as a host writes it (every block and field optional). */
export type WidgetConfig = v.InferInput<typeof ConfigSchema>;
export type OtpConfig = v.InferOutput<typeof OtpOptions>;
export type EmailMagicLinksConfig = v.InferOutput<typeof EmailMagicLinksOptions>;
export type OAuthConfig = v.InferOutput<typeof OAuthOptions>;
export type PasswordConfig = v.InferOutput<typeof PasswordOptions>;
export type PasskeyConfig = v.InferOutput<typeof PasskeyOptions>;
export type SessionConfig = v.InferOutput<typeof SessionOptions>;
