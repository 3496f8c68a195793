import type { B2BClient } from '../../client/b2b/client.ts';
import { dropUndefined, messageLocale } from '../send/send.ts';
import type { B2BConfig } from './config.ts';

/*
 * The B2B element's sends, each with the configured redirect URLs and templates and the
 * language of the login line's sends (`messageLocale`): the product block's own `locale`, else
 * the widget's, so an email reads like the widget that asked for it.
 */

/** A discovery link or code to the address. */
export function sendDiscovery(client: B2BClient, config: B2BConfig, method: 'link' | 'code', email: string, widgetLocale: string) {
  if (method === 'link') {
    const o = config.emailMagicLinksOptions;
    return client.magicLinks.email.discovery.send(
      dropUndefined({
        email_address: email,
        discovery_redirect_url: o.discoveryRedirectURL,
        login_template_id: o.loginTemplateId,
        discovery_expiration_minutes: o.discoveryExpirationMinutes,
        locale: messageLocale(o.locale, widgetLocale),
      }),
    );
  }
  const o = config.emailOtpOptions;
  return client.otps.email.discovery.send(dropUndefined({ email_address: email, login_template_id: o.loginTemplateId, locale: messageLocale(o.locale, widgetLocale) }));
}

/**
 * An organization's login (or signup) link or code to the address. `linkBackTo`: where the link
 * lands instead of the configured login and signup pages (Password Forgot Form's link proves the
 * address on the reset page).
 */
export function sendOrganization(client: B2BClient, config: B2BConfig, method: 'link' | 'code', organizationId: string, email: string, widgetLocale: string, linkBackTo?: string) {
  if (method === 'link') {
    const o = config.emailMagicLinksOptions;
    return client.magicLinks.email.loginOrSignup(
      dropUndefined({
        organization_id: organizationId,
        email_address: email,
        login_redirect_url: linkBackTo ?? o.loginRedirectURL,
        signup_redirect_url: linkBackTo ?? o.signupRedirectURL,
        login_template_id: o.loginTemplateId,
        signup_template_id: o.signupTemplateId,
        login_expiration_minutes: o.loginExpirationMinutes,
        signup_expiration_minutes: o.signupExpirationMinutes,
        locale: messageLocale(o.locale, widgetLocale),
      }),
    );
  }
  const o = config.emailOtpOptions;
  return client.otps.email.loginOrSignup(
    dropUndefined({
      organization_id: organizationId,
      email_address: email,
      login_template_id: o.loginTemplateId,
      signup_template_id: o.signupTemplateId,
      locale: messageLocale(o.locale, widgetLocale),
    }),
  );
}

/** The member's MFA code by text: to their phone, or to `phone` when enrolling it; in `smsOtpOptions.locale`, else the widget's language. */
export function sendMfaSms(client: B2BClient, config: B2BConfig, member: { organizationId: string; memberId: string }, widgetLocale: string, phone?: string) {
  return client.otps.sms.send(
    dropUndefined({ organization_id: member.organizationId, member_id: member.memberId, mfa_phone_number: phone, locale: messageLocale(config.smsOtpOptions.locale, widgetLocale) }),
  );
}

/**
 * The language field of an authenticate call: a sign-in that owes a second factor may text the
 * member's code itself (`secondary_auth_initiated`), so it is the MFA texts' language:
 * `smsOtpOptions.locale`, else the widget's.
 */
export function localeOf(config: Pick<B2BConfig, 'smsOtpOptions'>, widgetLocale: string): { locale?: string } {
  return dropUndefined({ locale: messageLocale(config.smsOtpOptions.locale, widgetLocale) });
}

/**
 * A password reset link (`passwordOptions`): to the organization's member, or (no organization)
 * a discovery reset link to the address; in `passwordOptions.locale`, else the widget's language.
 */
export function sendPasswordReset(client: B2BClient, config: B2BConfig, organizationId: string | undefined, email: string, widgetLocale: string) {
  const o = config.passwordOptions;
  const common = {
    email_address: email,
    reset_password_redirect_url: o.resetPasswordRedirectURL,
    reset_password_expiration_minutes: o.resetPasswordExpirationMinutes,
    reset_password_template_id: o.resetPasswordTemplateId,
    verify_email_template_id: o.verifyEmailTemplateId,
    locale: messageLocale(o.locale, widgetLocale),
  };
  if (!organizationId) return client.passwords.discovery.resetByEmailStart(dropUndefined({ ...common, discovery_redirect_url: o.discoveryRedirectURL }));
  return client.passwords.resetByEmailStart(dropUndefined({ ...common, organization_id: organizationId, login_redirect_url: o.loginRedirectURL }));
}
