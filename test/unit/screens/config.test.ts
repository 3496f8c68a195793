import { expect } from '@open-wc/testing';
import { check } from '../../../client/core/validate.ts';
import { OtpEmailLoginOrCreate, OtpPhoneLoginOrCreate } from '../../../client/schemas/requests.ts';
import { resolveConfig, type ResolvedConfig } from '../../../screens/config/resolve.ts';
import { configMessages } from '../../../screens/components/ConfigError.tsx';

const messages = configMessages();
const ok = (config: unknown): ResolvedConfig => {
  const r = resolveConfig(config, messages);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
const refused = (config: unknown): string => {
  const r = resolveConfig(config, messages);
  if (r.ok) throw new Error('accepted');
  return r.message;
};

describe('widget config (parsed once, SPEC §3 defaults in the schema)', () => {
  it('applies the SPEC defaults to every block of an empty config', () => {
    const c = ok(undefined);
    expect(c.products).to.deep.equal(['emailMagicLinks']);
    expect(c.otp).to.deep.equal({ methods: [], expirationMinutes: 5, inputStyle: 'field' });
    expect(c.session.sessionDurationMinutes).to.equal(30);
    expect(c.emailMagicLinks).to.deep.equal({ loginExpirationMinutes: 30, signupExpirationMinutes: 30, createUserAsPending: false, crossDevice: false });
    expect(c.oauth.providers).to.deep.equal([]);
    expect(c.enableShadowDOM).to.equal(false);
  });

  it('keeps what the host set, and its config as given for the render log', () => {
    const input = { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 }, sessionOptions: { sessionDurationMinutes: 60 }, custom: 1 };
    const c = ok(input);
    expect(c.otp.expirationMinutes).to.equal(10);
    expect(c.session.sessionDurationMinutes).to.equal(60);
    expect(c.input).to.equal(input);
  });

  it('keeps the OAuth providers in config order (the OAuth block skips unknown types)', () => {
    const c = ok({ products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }, { type: 'myspace' }, { type: 'google', one_tap: true }] } });
    expect(c.oauth.providers.map((p) => p.type)).to.deep.equal(['github', 'myspace', 'google']);
  });

  it('offers the passkey upgrade by default exactly when passkeys are a product; the host decides otherwise', () => {
    expect(ok({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } }).passkeyUpgrade).to.equal(true);
    expect(ok({ products: ['otp'], otpOptions: { methods: ['sms'] } }).passkeyUpgrade).to.equal(false);
    expect(ok(undefined).passkeyUpgrade).to.equal(false);
    expect(ok({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] }, passkeyUpgrade: false }).passkeyUpgrade).to.equal(false);
    expect(ok({ products: ['passwords'], passkeyUpgrade: true }).passkeyUpgrade).to.equal(true);
    expect(refused({ passkeyUpgrade: 'yes' })).to.contain('passkeyUpgrade');
  });

  it('an empty passkey domain means none', () => {
    expect(ok({ products: ['passkeys', 'otp'], otpOptions: { methods: ['sms'] }, passkeyOptions: { domain: '' } }).passkeys.domain).to.equal(undefined);
  });

  it('refuses an OTP expiration outside 1–10 in the words of the client and the provider', () => {
    for (const minutes of [0, 11, 2.5]) {
      expect(refused({ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: minutes } })).to.equal(
        'Error: Invalid config: otpOptions.expirationMinutes: must be an integer from 1 to 10',
      );
      expect(() => check('stytch.otps.sms.loginOrCreate', OtpPhoneLoginOrCreate, { phone_number: '+15555550100', expiration_minutes: minutes })).to.throw(
        'Invalid call to stytch.otps.sms.loginOrCreate\nexpiration_minutes must be an integer from 1 to 10',
      );
      expect(() => check('stytch.otps.email.loginOrCreate', OtpEmailLoginOrCreate, { email: 'a@b.test', expiration_minutes: minutes })).to.throw('expiration_minutes must be an integer from 1 to 10');
    }
    expect(ok({ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 1 } }).otp.expirationMinutes).to.equal(1);
  });

  it("refuses options of the wrong type in the shared fields' words", () => {
    expect(refused({ sessionOptions: { sessionDurationMinutes: '60' } })).to.equal('Error: Invalid config: sessionOptions.sessionDurationMinutes: must be a number');
    expect(refused({ emailMagicLinksOptions: { loginRedirectURL: 5 } })).to.equal('Error: Invalid config: emailMagicLinksOptions.loginRedirectURL: must be a string');
  });

  it('applies the SPEC §1 rules after parsing', () => {
    expect(refused({ products: ['passkeys'] })).to.equal('Error: Cannot use Passkeys by itself, please add another product to the config.');
    expect(refused({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } })).to.equal('Error: Cannot use both EML and Email OTP');
  });
});
