import { expect } from '@open-wc/testing';
import type { B2BClient } from '../../../client/b2b/client.ts';
import { resolveB2BConfig, type B2BConfig } from '../../../screens/b2b/config.ts';
import { localeOf, sendDiscovery, sendMfaSms, sendOrganization } from '../../../screens/b2b/send.ts';

// The B2B sends carry the widget's language, as the login element's do: the option's own
// `locale` first, English (the provider's default) as no field at all.

function recorder() {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const record = (name: string) => async (o: Record<string, unknown>) => void calls.push([name, o]);
  const client = {
    magicLinks: { email: { loginOrSignup: record('link'), discovery: { send: record('discoveryLink') } } },
    otps: { email: { loginOrSignup: record('code'), discovery: { send: record('discoveryCode') } }, sms: { send: record('sms') } },
  } as unknown as B2BClient;
  return { client, calls };
}

function config(extra: object = {}): B2BConfig {
  const r = resolveB2BConfig({ products: ['emailMagicLinks', 'emailOtp'], authFlowType: 'Discovery', ...extra });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

describe('B2B sends follow the widget’s language', () => {
  it('every send carries the widget’s locale; English adds no field', async () => {
    const { client, calls } = recorder();
    const c = config();
    await sendDiscovery(client, c, 'link', 'a@b.test', 'fr');
    await sendDiscovery(client, c, 'code', 'a@b.test', 'fr');
    await sendOrganization(client, c, 'link', 'organization-test-1', 'a@b.test', 'fr');
    await sendOrganization(client, c, 'code', 'organization-test-1', 'a@b.test', 'fr');
    await sendMfaSms(client, c, { organizationId: 'organization-test-1', memberId: 'member-test-1' }, 'fr');
    expect(calls.map(([name, o]) => [name, o.locale])).to.deep.equal([
      ['discoveryLink', 'fr'],
      ['discoveryCode', 'fr'],
      ['link', 'fr'],
      ['code', 'fr'],
      ['sms', 'fr'],
    ]);
    await sendDiscovery(client, c, 'code', 'a@b.test', 'en');
    expect(calls.at(-1)![1]).to.not.have.property('locale');
    expect(localeOf(c, 'en')).to.deep.equal({});
    expect(localeOf(c, 'de')).to.deep.equal({ locale: 'de' });
  });

  it('the product block’s own locale wins over the widget’s', async () => {
    const { client, calls } = recorder();
    const c = config({ emailOtpOptions: { locale: 'es' }, emailMagicLinksOptions: { locale: 'it' }, smsOtpOptions: { locale: 'pl' } });
    await sendDiscovery(client, c, 'code', 'a@b.test', 'fr');
    await sendOrganization(client, c, 'link', 'organization-test-1', 'a@b.test', 'fr');
    await sendMfaSms(client, c, { organizationId: 'organization-test-1', memberId: 'member-test-1' }, 'fr', '+12015550123');
    expect(calls.map(([, o]) => o.locale)).to.deep.equal(['es', 'it', 'pl']);
    expect(calls[2]![1]).to.deep.include({ mfa_phone_number: '+12015550123', member_id: 'member-test-1' });
  });

  it('an authenticate that may text the MFA code speaks smsOtpOptions.locale, else the widget’s', () => {
    expect(localeOf(config({ smsOtpOptions: { locale: 'pl' } }), 'fr')).to.deep.equal({ locale: 'pl' });
    expect(localeOf(config({ smsOtpOptions: { locale: 'pl' } }), 'en')).to.deep.equal({ locale: 'pl' });
    expect(localeOf(config(), 'ja')).to.deep.equal({ locale: 'ja' });
  });

  it('template ids and lifetimes go with every link and code, in both flows', async () => {
    const { client, calls } = recorder();
    const c = config({
      emailMagicLinksOptions: { loginTemplateId: 'eml-login', signupTemplateId: 'eml-signup', loginExpirationMinutes: 30, signupExpirationMinutes: 40, discoveryExpirationMinutes: 50 },
      emailOtpOptions: { loginTemplateId: 'otp-login', signupTemplateId: 'otp-signup' },
    });
    await sendDiscovery(client, c, 'link', 'a@b.test', 'en');
    await sendDiscovery(client, c, 'code', 'a@b.test', 'en');
    await sendOrganization(client, c, 'link', 'organization-test-1', 'a@b.test', 'en');
    await sendOrganization(client, c, 'code', 'organization-test-1', 'a@b.test', 'en');
    await sendOrganization(client, c, 'link', 'organization-test-1', 'a@b.test', 'en', 'https://app.test/reset');
    expect(calls[0]![1]).to.deep.include({ login_template_id: 'eml-login', discovery_expiration_minutes: 50 });
    expect(calls[1]![1]).to.deep.include({ login_template_id: 'otp-login' });
    expect(calls[2]![1]).to.deep.include({ login_template_id: 'eml-login', signup_template_id: 'eml-signup', login_expiration_minutes: 30, signup_expiration_minutes: 40 });
    expect(calls[3]![1]).to.deep.include({ login_template_id: 'otp-login', signup_template_id: 'otp-signup' });
    // Password Forgot Form's proving link lands on the reset page, with the link options' templates.
    expect(calls[4]![1]).to.deep.include({ login_redirect_url: 'https://app.test/reset', signup_redirect_url: 'https://app.test/reset', login_template_id: 'eml-login' });
  });
});
