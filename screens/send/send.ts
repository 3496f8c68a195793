import type { ResolvedConfig } from '../config/resolve.ts';
import type { WidgetClient } from '../context.ts';

/**
 * The language of a message the provider sends: the product block's own `locale` (the official
 * option), else the widget's (`widget`, the locale its words load in), so the email or text
 * reads like the widget. English needs no field: it is the provider's default.
 */
export function messageLocale(own: string | undefined, widget: string | undefined): string | undefined {
  return own || (widget && widget !== 'en' ? widget : undefined);
}

/** Sends the magic link with the configured redirect URLs, expirations, templates and language. */
export function sendMagicLink(client: WidgetClient, { emailMagicLinks: o }: ResolvedConfig, email: string, locale?: string) {
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
      locale: messageLocale(o.locale, locale),
      link_request: o.crossDevice ? true : undefined,
    }),
  );
}

/** Sends a code by the given channel with the configured expiration, templates and language. */
export function sendOtp(client: WidgetClient, { otp: o }: ResolvedConfig, type: 'email' | 'sms' | 'whatsapp', destination: string, locale?: string) {
  const expiration_minutes = o.expirationMinutes;
  const lang = messageLocale(o.locale, locale);
  if (type === 'email') {
    return client.otps.email.loginOrCreate(destination, dropUndefined({ expiration_minutes, login_template_id: o.loginTemplateId, signup_template_id: o.signupTemplateId, locale: lang }));
  }
  return client.otps[type].loginOrCreate(destination, dropUndefined({ expiration_minutes, locale: lang }));
}

// The wire omits what the host left out, rather than sending nulls.
export function dropUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
