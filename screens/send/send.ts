import type { WidgetClient } from '../context.ts';
import type { WidgetConfig } from '../config/resolve.ts';

/** SPEC §9 defaults. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;

type Opts = Record<string, unknown> | undefined;
const num = (o: Opts, k: string) => (typeof o?.[k] === 'number' ? (o[k] as number) : undefined);
const str = (o: Opts, k: string) => (typeof o?.[k] === 'string' ? (o[k] as string) : undefined);

/** The configured OTP expiration in minutes. */
export function otpExpirationMinutes(config: WidgetConfig): number {
  return num(config.otpOptions as Opts, 'expirationMinutes') ?? DEFAULT_OTP_EXPIRATION_MINUTES;
}

/** The configured session duration in minutes. */
export function sessionDurationMinutes(config: WidgetConfig): number {
  return num(config.sessionOptions as Opts, 'sessionDurationMinutes') ?? DEFAULT_SESSION_DURATION_MINUTES;
}

/** Sends the magic link with the configured redirect URLs and expirations. */
export function sendMagicLink(client: WidgetClient, config: WidgetConfig, email: string) {
  const o = config.emailMagicLinksOptions as Opts;
  const options = {
    login_magic_link_url: str(o, 'loginRedirectURL'),
    signup_magic_link_url: str(o, 'signupRedirectURL'),
    login_expiration_minutes: num(o, 'loginExpirationMinutes') ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signup_expiration_minutes: num(o, 'signupExpirationMinutes') ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    create_user_as_pending: o?.createUserAsPending === true,
    login_template_id: str(o, 'loginTemplateId'),
    signup_template_id: str(o, 'signupTemplateId'),
  };
  return client.magicLinks.email.loginOrCreate(email.trim(), dropUndefined(options));
}

/** Sends a code by the given channel with the configured expiration and templates. */
export function sendOtp(client: WidgetClient, config: WidgetConfig, type: 'email' | 'sms' | 'whatsapp', destination: string) {
  const o = config.otpOptions as Opts;
  const expiration_minutes = otpExpirationMinutes(config);
  if (type === 'email') {
    return client.otps.email.loginOrCreate(destination, dropUndefined({ expiration_minutes, login_template_id: str(o, 'loginTemplateId'), signup_template_id: str(o, 'signupTemplateId') }));
  }
  return client.otps[type].loginOrCreate(destination, { expiration_minutes });
}

function dropUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
