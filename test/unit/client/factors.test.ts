import { expect } from '@open-wc/testing';
import { createClient, type User } from '../../../client/index.ts';
import { authOk, fakeEnv, ok, USER } from './fake-env.ts';

const TOKEN = 'public-token-test-44444444-4444-4444-4444-444444444444';
const BASE = 'http://localhost:4100';
const b64u = (bytes: number[]) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const buf = (bytes: number[]) => new Uint8Array(bytes).buffer;

describe('client user and factors', () => {
  it('user.get refreshes the local user and notifies; deletes hit the SPEC §7 paths', async () => {
    const renamed: User = { ...USER, name: { first_name: 'Ada', middle_name: '', last_name: '' } };
    const f = fakeEnv({
      'GET /users/me': () => ok(renamed),
      'DELETE /users/': (c) => ok({ user_id: 'user-test-1', user: USER, path: new URL(c.url).pathname }),
    });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const seen: (User | null)[] = [];
    client.user.onChange((u) => seen.push(u));
    await client.user.get();
    expect(client.user.getSync()?.name.first_name).to.equal('Ada');
    expect(seen.map((u) => u?.name.first_name)).to.deep.equal(['Ada']);
    await client.user.deleteEmail('email-test-1');
    await client.user.deletePhoneNumber('phone-number-test-1');
    await client.user.deleteTOTP('totp-test-1');
    await client.user.deleteCryptoWallet('crypto-wallet-test-1');
    await client.user.deleteOAuthRegistration('oauth-user-registration-test-1');
    await client.user.deleteWebauthnRegistration('webauthn-registration-test-1');
    await client.user.deleteBiometricRegistration('biometric-registration-test-1');
    expect(f.calls.filter((c) => c.init.method === 'DELETE').map((c) => new URL(c.url).pathname)).to.deep.equal([
      '/sdk/v1/users/emails/email-test-1',
      '/sdk/v1/users/phone_numbers/phone-number-test-1',
      '/sdk/v1/users/totps/totp-test-1',
      '/sdk/v1/users/crypto_wallets/crypto-wallet-test-1',
      '/sdk/v1/users/oauth/oauth-user-registration-test-1',
      '/sdk/v1/users/webauthn_registrations/webauthn-registration-test-1',
      '/sdk/v1/users/biometric_registrations/biometric-registration-test-1',
    ]);
    const bad = await client.user.deleteEmail(5 as unknown as string).catch((e: Error) => e.message);
    expect(bad).to.equal('Invalid call to stytch.user.deleteEmail\narguments must be a string');
    client.dispose();
  });

  it('registers a passkey: binary options in, base64url credential JSON out', async () => {
    const created: CredentialCreationOptions[] = [];
    const f = fakeEnv({
      'POST /webauthn/register/start': () =>
        ok({
          public_key_credential_creation_options: JSON.stringify({
            challenge: b64u([1, 2, 3]),
            rp: { id: 'host.example', name: 'x' },
            user: { id: b64u([9, 9]), name: 'a', displayName: 'a' },
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
            excludeCredentials: [{ type: 'public-key', id: b64u([7]) }],
          }),
        }),
      'POST /webauthn/register': () => authOk(),
    });
    f.env.credentials = {
      create: async (o?: CredentialCreationOptions) => {
        created.push(o!);
        return {
          type: 'public-key',
          id: 'cred-1',
          rawId: buf([0xfb, 0xff]),
          authenticatorAttachment: 'platform',
          response: { clientDataJSON: buf([123, 125]), attestationObject: buf([1]), getTransports: () => ['internal'] },
          getClientExtensionResults: () => ({}),
        } as unknown as Credential;
      },
      get: async () => null,
    };
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const r = await client.webauthn.register({ is_passkey: true, session_duration_minutes: 30 });
    expect(r.session_token).to.equal('session-token-1');
    const pk = created[0]!.publicKey!;
    expect([...new Uint8Array(pk.challenge as ArrayBuffer)]).to.deep.equal([1, 2, 3]);
    expect([...new Uint8Array(pk.user.id as ArrayBuffer)]).to.deep.equal([9, 9]);
    expect([...new Uint8Array(pk.excludeCredentials![0]!.id as ArrayBuffer)]).to.deep.equal([7]);
    const start = f.calls.find((c) => c.url.endsWith('/register/start'))!.body as Record<string, unknown>;
    expect(start.domain).to.equal('host.example');
    expect(start.return_passkey_credential_options).to.equal(true);
    const sent = f.calls.find((c) => c.url.endsWith('/webauthn/register'))!.body as { public_key_credential: string; session_duration_minutes: number };
    expect(JSON.parse(sent.public_key_credential)).to.deep.equal({
      type: 'public-key',
      id: 'cred-1',
      rawId: '-_8',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: 'e30', attestationObject: 'AQ', transports: ['internal'] },
      clientExtensionResults: {},
    });
    expect(sent.session_duration_minutes).to.equal(30);
    client.dispose();
  });

  it('passkey autofill resolves null without an input whose autocomplete includes webauthn', async () => {
    const f = fakeEnv();
    f.env.document = document;
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const supported = await client.webauthn.browserSupportsAutofill();
    const r = await client.webauthn.authenticate({ session_duration_minutes: 30, conditional_mediation: true });
    expect(r).to.equal(null);
    expect(f.calls.some((c) => c.url.includes('/webauthn/'))).to.equal(false);
    expect(typeof supported).to.equal('boolean');
    client.dispose();
  });

  it('crypto wallets and TOTP use their paths and required fields', async () => {
    const f = fakeEnv({
      'POST /crypto_wallets/authenticate/start/primary': () => ok({ challenge: 'Sign this', user_created: false }),
      'POST /crypto_wallets/authenticate': () => authOk(),
      'POST /totps': () => ok({ totp_id: 't', secret: 's', qr_code: 'q', recovery_codes: ['a'], user_id: 'u', user: USER }),
      'POST /totps/recovery_codes': () => ok({ user_id: 'u', totps: [] }),
    });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    expect((await client.cryptoWallets.authenticateStart({ crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum' })).challenge).to.equal('Sign this');
    await client.cryptoWallets.authenticate({ crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum', signature: '0xsig', session_duration_minutes: 30 });
    expect(client.session.getSync()).to.not.equal(null);
    const missing = await client.cryptoWallets.authenticate({ crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum' } as never).catch((e: Error) => e.message);
    expect(missing).to.equal('Invalid call to stytch.cryptoWallets.authenticate\nsignature must be a string\nsession_duration_minutes must be a number');
    expect((await client.totps.create({ expiration_minutes: 5 })).secret).to.equal('s');
    await client.totps.recoveryCodes();
    expect(f.calls.filter((c) => c.url.includes('/totps')).map((c) => c.body)).to.deep.equal([{ expiration_minutes: 5 }, {}]);
    client.dispose();
  });
});
