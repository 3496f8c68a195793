import { expect } from '@open-wc/testing';
import { resolveConfig, type ResolvedConfig } from '../../../screens/config/resolve.ts';
import type { WidgetClient } from '../../../screens/context.ts';
import { loginMethods } from '../../../screens/main/methods.ts';
import { passwordlessMethod, resetStartOptions } from '../../../screens/password/options.ts';
import { sendMagicLink, sendOtp } from '../../../screens/send/send.ts';

const messages = { passkeysAlone: 'alone', emlWithEmailOtp: 'both', invalid: (d: string) => d };
const config = (input: unknown): ResolvedConfig => {
  const r = resolveConfig(input, messages);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

/** A client that records each send and its options. */
function recorder() {
  const calls: [string, string, unknown][] = [];
  const rec = (name: string) => (to: string, o: unknown) => (calls.push([name, to, o]), Promise.resolve({ method_id: 'm' }));
  const client = {
    magicLinks: { email: { loginOrCreate: rec('eml') } },
    otps: { sms: { loginOrCreate: rec('sms') }, whatsapp: { loginOrCreate: rec('whatsapp') }, email: { loginOrCreate: rec('email') } },
  } as unknown as WidgetClient;
  return { client, calls };
}

describe('request builders (pure: config in, request out)', () => {
  it('a magic link carries the SPEC defaults and omits what the host left out', async () => {
    const { client, calls } = recorder();
    await sendMagicLink(client, config({}), '  ada@example.com ');
    expect(calls).to.deep.equal([['eml', 'ada@example.com', { login_expiration_minutes: 30, signup_expiration_minutes: 30, create_user_as_pending: false }]]);
  });

  it('a magic link carries every configured option under its wire name', async () => {
    const { client, calls } = recorder();
    const o = {
      loginRedirectURL: 'https://h/l',
      signupRedirectURL: 'https://h/s',
      loginExpirationMinutes: 10,
      signupExpirationMinutes: 20,
      createUserAsPending: true,
      loginTemplateId: 'lt',
      signupTemplateId: 'st',
    };
    await sendMagicLink(client, config({ emailMagicLinksOptions: o }), 'ada@example.com');
    expect(calls[0]![2]).to.deep.equal({
      login_magic_link_url: 'https://h/l',
      signup_magic_link_url: 'https://h/s',
      login_expiration_minutes: 10,
      signup_expiration_minutes: 20,
      create_user_as_pending: true,
      login_template_id: 'lt',
      signup_template_id: 'st',
    });
  });

  it('a code carries the OTP expiration (5 by default); templates go with email codes only', async () => {
    const { client, calls } = recorder();
    const c = config({ products: ['otp'], otpOptions: { methods: ['sms', 'email'], loginTemplateId: 'lt' } });
    await sendOtp(client, c, 'sms', '+12015550123');
    await sendOtp(client, c, 'email', 'ada@example.com');
    await sendOtp(client, config({ products: ['otp'], otpOptions: { methods: ['whatsapp'], expirationMinutes: 7 } }), 'whatsapp', '+12015550123');
    expect(calls).to.deep.equal([
      ['sms', '+12015550123', { expiration_minutes: 5 }],
      ['email', 'ada@example.com', { expiration_minutes: 5, login_template_id: 'lt' }],
      ['whatsapp', '+12015550123', { expiration_minutes: 7 }],
    ]);
  });

  it('a reset request carries passwordOptions under their wire names', () => {
    expect(resetStartOptions(config({}), 'ada@example.com')).to.deep.equal({ email: 'ada@example.com' });
    const o = { loginRedirectURL: 'https://h/l', resetPasswordRedirectURL: 'https://h/r', resetPasswordExpirationMinutes: 15, resetPasswordTemplateId: 't' };
    expect(resetStartOptions(config({ passwordOptions: o }), 'ada@example.com')).to.deep.equal({
      email: 'ada@example.com',
      login_redirect_url: 'https://h/l',
      reset_password_redirect_url: 'https://h/r',
      reset_password_expiration_minutes: 15,
      reset_password_template_id: 't',
    });
  });

  it("each send carries its block's locale (the official option) so the message comes in that language", async () => {
    const { client, calls } = recorder();
    await sendMagicLink(client, config({ emailMagicLinksOptions: { locale: 'fr' } }), 'ada@example.com');
    const otp = config({ products: ['otp'], otpOptions: { methods: ['sms', 'email'], locale: 'ja' } });
    await sendOtp(client, otp, 'sms', '+12015550123');
    await sendOtp(client, otp, 'email', 'ada@example.com');
    expect(calls.map(([name, , o]) => [name, (o as { locale?: string }).locale])).to.deep.equal([
      ['eml', 'fr'],
      ['sms', 'ja'],
      ['email', 'ja'],
    ]);
    expect(resetStartOptions(config({ passwordOptions: { locale: 'ar' } }), 'ada@example.com')).to.deep.equal({ email: 'ada@example.com', locale: 'ar' });
  });

  it("without one, each send carries the widget's locale (none for English), so the message reads like the widget", async () => {
    const { client, calls } = recorder();
    await sendMagicLink(client, config({}), 'ada@example.com', 'de');
    await sendOtp(client, config({ products: ['otp'], otpOptions: { methods: ['whatsapp'] } }), 'whatsapp', '+12015550123', 'he');
    await sendOtp(client, config({ products: ['otp'], otpOptions: { methods: ['email'], locale: 'ja' } }), 'email', 'ada@example.com', 'de');
    await sendOtp(client, config({ products: ['otp'], otpOptions: { methods: ['sms'] } }), 'sms', '+12015550123', 'en');
    expect(calls.map(([name, , o]) => [name, (o as { locale?: string }).locale])).to.deep.equal([
      ['eml', 'de'],
      ['whatsapp', 'he'],
      ['email', 'ja'],
      ['sms', undefined],
    ]);
    expect(resetStartOptions(config({}), 'ada@example.com', 'fr')).to.deep.equal({ email: 'ada@example.com', locale: 'fr' });
    expect(resetStartOptions(config({}), 'ada@example.com', 'en')).to.deep.equal({ email: 'ada@example.com' });
  });

  it('the passwordless way: an email code when email is an OTP method, else a magic link when configured, else none', () => {
    expect(passwordlessMethod(config({ products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } }))).to.equal('otp');
    expect(passwordlessMethod(config({ products: ['passwords', 'emailMagicLinks'] }))).to.equal('eml');
    expect(passwordlessMethod(config({ products: ['passwords', 'otp'], otpOptions: { methods: ['sms'] } }))).to.equal(undefined);
  });

  it('login methods follow config order with duplicates dropped', () => {
    expect(loginMethods(config({ products: ['otp', 'otp'], otpOptions: { methods: ['sms', 'sms', 'whatsapp'] } }))).to.deep.equal(['sms', 'whatsapp']);
    expect(loginMethods(config({ products: ['oauth', 'crypto'] }))).to.deep.equal([]);
  });
});
