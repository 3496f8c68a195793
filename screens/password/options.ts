import type { PasswordResetByEmailStartOptions } from '../../client/api/passwords.ts';
import type { ResolvedConfig, WidgetConfig } from '../config/resolve.ts';

type Opts = Record<string, unknown> | undefined;
const num = (o: Opts, k: string) => (typeof o?.[k] === 'number' ? (o[k] as number) : undefined);
const str = (o: Opts, k: string) => (typeof o?.[k] === 'string' ? (o[k] as string) : undefined);

/** The reset-by-email request for `email` with the host's `passwordOptions` (redirects, expiry, template). */
export function resetStartOptions(config: WidgetConfig, email: string): PasswordResetByEmailStartOptions {
  const o = config.passwordOptions as Opts;
  const out: PasswordResetByEmailStartOptions = { email };
  const login = str(o, 'loginRedirectURL');
  const reset = str(o, 'resetPasswordRedirectURL');
  const minutes = num(o, 'resetPasswordExpirationMinutes');
  const template = str(o, 'resetPasswordTemplateId');
  if (login !== undefined) out.login_redirect_url = login;
  if (reset !== undefined) out.reset_password_redirect_url = reset;
  if (minutes !== undefined) out.reset_password_expiration_minutes = minutes;
  if (template !== undefined) out.reset_password_template_id = template;
  return out;
}

/** How a user without a password signs in instead: an email code, a magic link, or neither. */
export type PasswordlessMethod = 'otp' | 'eml' | undefined;

/** SPEC §4: a code when email is an OTP method, otherwise a magic link when configured. */
export function passwordlessMethod({ products, config }: ResolvedConfig): PasswordlessMethod {
  if (products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email')) return 'otp';
  if (products.includes('emailMagicLinks')) return 'eml';
  return undefined;
}
