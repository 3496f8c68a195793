import type { PasswordResetByEmailStartOptions } from '../../client/api/passwords.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { messageLocale } from '../send/send.ts';

/** The reset-by-email request for `email` with the host's `passwordOptions` (redirects, expiry, template) in the widget's language. */
export function resetStartOptions({ passwords: o }: ResolvedConfig, email: string, locale?: string): PasswordResetByEmailStartOptions {
  const out: PasswordResetByEmailStartOptions = { email };
  if (o.loginRedirectURL !== undefined) out.login_redirect_url = o.loginRedirectURL;
  if (o.resetPasswordRedirectURL !== undefined) out.reset_password_redirect_url = o.resetPasswordRedirectURL;
  if (o.resetPasswordExpirationMinutes !== undefined) out.reset_password_expiration_minutes = o.resetPasswordExpirationMinutes;
  if (o.resetPasswordTemplateId !== undefined) out.reset_password_template_id = o.resetPasswordTemplateId;
  const lang = messageLocale(o.locale, locale);
  if (lang !== undefined) out.locale = lang;
  return out;
}

/** How a user without a password signs in instead: an email code, a magic link, or neither. */
export type PasswordlessMethod = 'otp' | 'eml' | undefined;

/** SPEC §4: a code when email is an OTP method, otherwise a magic link when configured. */
export function passwordlessMethod({ products, otp }: ResolvedConfig): PasswordlessMethod {
  if (products.includes('otp') && otp.methods.includes('email')) return 'otp';
  if (products.includes('emailMagicLinks')) return 'eml';
  return undefined;
}
