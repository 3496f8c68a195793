import * as v from 'valibot';
import { ConfigSchema, type EmailMagicLinksConfig, type OAuthConfig, type OtpConfig, type PasskeyConfig, type PasswordConfig, type Product, type SessionConfig } from './schema.ts';

export { OTP_METHODS, PRODUCTS, type Product, type WidgetConfig } from './schema.ts';

/** A config parsed once and passed the SPEC §1 rules: every block typed, with its defaults. */
export interface ResolvedConfig {
  products: Product[];
  otp: OtpConfig;
  emailMagicLinks: EmailMagicLinksConfig;
  oauth: OAuthConfig;
  passwords: PasswordConfig;
  passkeys: PasskeyConfig;
  session: SessionConfig;
  enableShadowDOM: boolean;
  /** Whether the login form goes above the social buttons: `mainOrder: 'products'` and a form product listed before any social one. */
  formFirst?: boolean;
  rateLimitCountdown: boolean;
  /** `passkeyUpgrade`: offer a passkey after a password, passcode or magic-link sign-in (default: `products` has `passkeys`). */
  passkeyUpgrade: boolean;
  /** The config as the host gave it: the render event logs it as is. */
  input: unknown;
}

/** Either the resolved config or the exact error text the widget shows instead of Main. */
export type ConfigResult = { ok: true; value: ResolvedConfig } | { ok: false; message: string };

type Messages = { passkeysAlone: string; emlWithEmailOtp: string; invalid: (d: string) => string };
// The element resolves a config to preload Main's blocks, then App resolves it to render:
// the second is a lookup. Keyed by the config object, which the host does not mutate in place
// (a change is a new object: r2wc and the element compare by identity too).
const cache = new WeakMap<object, { messages: Messages; result: ConfigResult }>();

/** Whether a form product (email link, code, password) comes before every social one (OAuth, wallets). */
function formBeforeSocial(products: Product[]): boolean {
  const form = products.findIndex((p) => p === 'emailMagicLinks' || p === 'otp' || p === 'passwords');
  const social = products.findIndex((p) => p === 'oauth' || p === 'crypto');
  return form !== -1 && (social === -1 || form < social);
}

/** Parses the host's config and applies the SPEC §1 rules. */
export function resolveConfig(input: unknown, messages: Messages): ConfigResult {
  if (typeof input !== 'object' || input === null) return resolveNow(input, messages);
  const hit = cache.get(input);
  if (hit?.messages === messages) return hit.result;
  const result = resolveNow(input, messages);
  cache.set(input, { messages, result });
  return result;
}

function resolveNow(input: unknown, messages: Messages): ConfigResult {
  const parsed = v.safeParse(ConfigSchema, input ?? {});
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? 'config';
    return { ok: false, message: messages.invalid(`${path}: ${issue.message}`) };
  }
  const c = parsed.output;
  const products: Product[] = c.products && c.products.length > 0 ? [...new Set(c.products)] : ['emailMagicLinks'];
  if (products.length === 1 && products[0] === 'passkeys') return { ok: false, message: messages.passkeysAlone };
  const emailOtp = products.includes('otp') && c.otpOptions.methods.includes('email');
  if (products.includes('emailMagicLinks') && emailOtp) return { ok: false, message: messages.emlWithEmailOtp };
  return {
    ok: true,
    value: {
      products,
      otp: c.otpOptions,
      emailMagicLinks: c.emailMagicLinksOptions,
      oauth: c.oauthOptions,
      passwords: c.passwordOptions,
      // An empty domain means none: the browser's default rpID.
      passkeys: { ...c.passkeyOptions, domain: c.passkeyOptions.domain || undefined },
      session: c.sessionOptions,
      enableShadowDOM: c.enableShadowDOM,
      formFirst: c.mainOrder === 'products' && formBeforeSocial(products),
      rateLimitCountdown: c.rateLimitCountdown,
      passkeyUpgrade: c.passkeyUpgrade ?? products.includes('passkeys'),
      input: input ?? {},
    },
  };
}
