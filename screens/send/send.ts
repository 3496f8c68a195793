import type { ResolvedConfig } from '../config/resolve.ts';
import type { WidgetClient } from '../context.ts';

/** Sends the magic link with the configured redirect URLs, expirations and templates. */
export function sendMagicLink(client: WidgetClient, { emailMagicLinks: o }: ResolvedConfig, email: string) {
  return client.magicLinks.email.loginOrCreate(
    email.trim(),
    dropUndefined({
      login_magic_link_url: o.loginRedirectURL,
      signup_magic_link_url: o.signupRedirectURL,
      login_expiration_minutes: o.loginExpirationMinutes,
      signup_expiration_minutes: o.signupExpirationMinutes,
      create_user_as_pending: o.createUserAsPending,
      login_template_id: o.loginTemplateId,
      signup_template_id: o.signupTemplateId,
      locale: o.locale,
    }),
  );
}

/** Sends a code by the given channel with the configured expiration and templates. */
export function sendOtp(client: WidgetClient, { otp: o }: ResolvedConfig, type: 'email' | 'sms' | 'whatsapp', destination: string) {
  const expiration_minutes = o.expirationMinutes;
  if (type === 'email') {
    return client.otps.email.loginOrCreate(destination, dropUndefined({ expiration_minutes, login_template_id: o.loginTemplateId, signup_template_id: o.signupTemplateId, locale: o.locale }));
  }
  return client.otps[type].loginOrCreate(destination, dropUndefined({ expiration_minutes, locale: o.locale }));
}

// The wire omits what the host left out, rather than sending nulls.
function dropUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
