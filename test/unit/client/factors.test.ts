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

  it('registers by conditional create: the start says so, the browser is asked with mediation conditional and the signal', async () => {
    const created: CredentialCreationOptions[] = [];
    const f = fakeEnv({
      'POST /webauthn/register/start': () =>
        ok({
          public_key_credential_creation_options: JSON.stringify({
            challenge: b64u([1]),
            rp: { id: 'host.example', name: 'x' },
            user: { id: b64u([9]), name: 'a', displayName: 'a' },
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          }),
        }),
      'POST /webauthn/register': () => authOk(),
    });
    const refused = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    let answer: 'refuse' | 'create' = 'refuse';
    f.env.credentials = {
      create: async (o?: CredentialCreationOptions) => {
        created.push(o!);
        if (answer === 'refuse') throw refused;
        return {
          type: 'public-key',
          id: 'AQ',
          rawId: buf([1]),
          response: { clientDataJSON: buf([123, 125]), attestationObject: buf([1]), getTransports: () => ['internal'] },
          getClientExtensionResults: () => ({}),
        } as unknown as Credential;
      },
      get: async () => null,
    };
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const controller = new AbortController();
    // The browser declines (no password it just filled): the error reaches the caller, nothing is registered.
    const e = await client.webauthn.register({ is_passkey: true, conditional_mediation: true, signal: controller.signal }).catch((x: Error) => x);
    expect(e).to.equal(refused);
    expect((created[0] as { mediation?: string }).mediation).to.equal('conditional');
    expect(created[0]!.signal).to.equal(controller.signal);
    expect(f.calls.filter((c) => c.url.endsWith('/webauthn/register'))).to.have.length(0);
    answer = 'create';
    await client.webauthn.register({ is_passkey: true, conditional_mediation: true });
    const starts = f.calls.filter((c) => c.url.endsWith('/register/start')).map((c) => (c.body as Record<string, unknown>).conditional_mediation);
    expect(starts).to.deep.equal([true, true]);
    // A plain registration asks the browser without mediation, and the start carries no flag.
    await client.webauthn.register({ is_passkey: true });
    expect((created[2] as { mediation?: string }).mediation).to.equal(undefined);
    expect((f.calls.filter((c) => c.url.endsWith('/register/start'))[2]!.body as Record<string, unknown>).conditional_mediation).to.equal(undefined);
    const bad = await client.webauthn.register({ conditional_mediation: 'yes' } as never).catch((x: Error) => x.message);
    expect(bad).to.equal('Invalid call to stytch.webauthn.register\nconditional_mediation must be a boolean');
    client.dispose();
  });

  it('reads conditional create and a platform passkey from the client capabilities, false where the browser cannot tell', async () => {
    const PKC = (globalThis as unknown as { PublicKeyCredential: Record<string, unknown> }).PublicKeyCredential;
    const saved = PKC.getClientCapabilities;
    const client = createClient(TOKEN, { baseUrl: BASE, env: fakeEnv().env });
    try {
      PKC.getClientCapabilities = async () => ({ conditionalCreate: true, userVerifyingPlatformAuthenticator: true });
      expect(await client.webauthn.browserSupportsConditionalCreate()).to.equal(true);
      expect(await client.webauthn.browserSupportsPlatformPasskey()).to.equal(true);
      PKC.getClientCapabilities = async () => ({ conditionalCreate: false, userVerifyingPlatformAuthenticator: false });
      expect(await client.webauthn.browserSupportsConditionalCreate()).to.equal(false);
      expect(await client.webauthn.browserSupportsPlatformPasskey()).to.equal(false);
      PKC.getClientCapabilities = async () => {
        throw new Error('not here');
      };
      expect(await client.webauthn.browserSupportsConditionalCreate()).to.equal(false);
    } finally {
      PKC.getClientCapabilities = saved;
      client.dispose();
    }
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
