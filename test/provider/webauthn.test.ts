import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TEST_ORIGIN, TestClock, uniqueEmail, withSession, type TestProvider } from './harness.ts';
import { SoftAuthenticator } from './webauthn-authenticator.ts';

const RP_ID = new URL(TEST_ORIGIN).hostname;

for (const kind of databases) {
  describe(`WebAuthn passkeys (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { sendLimits: { perIp: 100 } }, clock);
    });
    after(() => provider.destroy());

    /** Signs a fresh user in by emailed code; returns its session token and user id. */
    async function signIn(): Promise<{ token: string; userId: string; email: string }> {
      const email = uniqueEmail('passkey');
      const sent = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      assert.equal(sent.status, 200, sent.text);
      const [message] = await outbox(provider, email);
      const res = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: sent.json.data.method_id, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      return { token: res.json.data.session_token, userId: res.json.data.user_id, email };
    }

    async function registerStart(token: string, body: Record<string, unknown> = { domain: RP_ID, return_passkey_credential_options: true }) {
      const res = await sdk(provider, 'POST', '/webauthn/register/start', body, withSession(token));
      assert.equal(res.status, 200, res.text);
      return JSON.parse(res.json.data.public_key_credential_creation_options);
    }

    /** A signed-in user with one registered passkey. */
    async function withPasskey(isPasskey = true) {
      const user = await signIn();
      const auth = new SoftAuthenticator(TEST_ORIGIN);
      const options = await registerStart(user.token, { domain: RP_ID, return_passkey_credential_options: isPasskey });
      const res = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: auth.create(options), session_duration_minutes: 30 }, withSession(user.token));
      assert.equal(res.status, 200, res.text);
      return { ...user, auth, registrationId: res.json.data.webauthn_registration_id as string, token: res.json.data.session_token as string };
    }

    async function authStart(path = 'primary', headers: Record<string, string> = {}) {
      const res = await sdk(provider, 'POST', `/webauthn/authenticate/start/${path}`, { domain: RP_ID, return_passkey_credential_options: true }, headers);
      assert.equal(res.status, 200, res.text);
      return JSON.parse(res.json.data.public_key_credential_request_options);
    }

    const authenticate = (credential: string) => sdk(provider, 'POST', '/webauthn/authenticate', { public_key_credential: credential, session_duration_minutes: 30 });

    it('registers a passkey with options that require a discoverable, user-verified credential, and lists it on the user', async () => {
      const user = await signIn();
      const options = await registerStart(user.token, { domain: RP_ID, return_passkey_credential_options: true, user_agent: 'Mozilla/5.0 (X11; Linux x86_64)' });
      assert.equal(options.rp.id, RP_ID);
      assert.equal(options.authenticatorSelection.residentKey, 'required');
      assert.equal(options.authenticatorSelection.userVerification, 'required');
      assert.equal(options.user.name, user.email);
      assert.deepEqual(options.excludeCredentials, []);
      const auth = new SoftAuthenticator(TEST_ORIGIN);
      const res = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: auth.create(options, { residentKey: true }), session_duration_minutes: 30 }, withSession(user.token));
      assert.equal(res.status, 200, res.text);
      const d = res.json.data;
      assert.match(d.webauthn_registration_id, /^webauthn-registration-test-/);
      assert.equal(d.user_id, user.userId);
      // Made with UV, the passkey proved its user as a sign-in would: the session gains the factor.
      assert.deepEqual(
        d.session.authentication_factors.map((f: { type: string }) => f.type),
        ['otp', 'webauthn'],
      );
      const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(d.session_token));
      assert.deepEqual(me.json.data.webauthn_registrations, [
        {
          webauthn_registration_id: d.webauthn_registration_id,
          domain: RP_ID,
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
          verified: true,
          authenticator_type: 'platform',
          name: 'Passkey on Linux',
        },
      ]);
      // The next registration excludes the credential the user already has.
      const next = await registerStart(d.session_token);
      assert.deepEqual(
        next.excludeCredentials.map((c: { id: string }) => c.id),
        [JSON.parse(auth.create(options)).id],
      );
    });

    it('signs in with a discoverable passkey (no user given at start) and with a secondary start listing the credential', async () => {
      const p = await withPasskey();
      const options = await authStart();
      assert.equal(options.rpId, RP_ID);
      assert.equal(options.userVerification, 'required');
      assert.equal(options.allowCredentials, undefined);
      const res = await authenticate(p.auth.get(options));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.user_id, p.userId);
      assert.equal(res.json.data.webauthn_registration_id, p.registrationId);
      assert.equal(res.json.data.session.authentication_factors[0].type, 'webauthn');
      assert.equal(res.json.data.user.webauthn_registrations.length, 1);

      const secondary = await authStart('secondary', withSession(res.json.data.session_token));
      assert.deepEqual(
        secondary.allowCredentials.map((c: { id: string }) => c.id),
        [Buffer.from(p.auth.credentialId).toString('base64url')],
      );
      const again = await sdk(provider, 'POST', '/webauthn/authenticate', { public_key_credential: p.auth.get(secondary), session_duration_minutes: 30 }, withSession(res.json.data.session_token));
      assert.equal(again.status, 200, again.text);
      assert.equal(again.json.data.session.session_id, res.json.data.session.session_id);
    });

    it('refuses a bogus signature, a wrong origin and a counter that does not grow', async () => {
      const p = await withPasskey();
      const bogus = await authenticate(p.auth.get(await authStart(), { corruptSignature: true }));
      assert.equal(bogus.status, 401);
      assert.equal(bogus.json.error_type, 'unable_to_auth_webauthn_registration');
      const origin = await authenticate(p.auth.get(await authStart(), { origin: 'http://evil.test' }));
      assert.equal(origin.status, 401);
      const good = await authenticate(p.auth.get(await authStart(), { counter: 10 }));
      assert.equal(good.status, 200, good.text);
      const cloned = await authenticate(p.auth.get(await authStart(), { counter: 10 }));
      assert.equal(cloned.status, 401);
      assert.equal(cloned.json.error_type, 'unable_to_auth_webauthn_registration');
    });

    it('requires user verification for passkeys in registration, for every sign-in, and only prefers it for a second factor', async () => {
      const user = await signIn();
      const auth = new SoftAuthenticator(TEST_ORIGIN);
      const reg = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: auth.create(await registerStart(user.token), { userVerified: false }) }, withSession(user.token));
      assert.equal(reg.status, 400);
      assert.equal(reg.json.error_type, 'invalid_public_key_credential');

      const p = await withPasskey();
      const noUv = await authenticate(p.auth.get(await authStart(), { userVerified: false }));
      assert.equal(noUv.status, 401);
      assert.equal(noUv.json.error_type, 'unable_to_auth_webauthn_registration');

      // Issue 51: a primary start without is_passkey still asks for UV and refuses an assertion without it.
      const key = await withPasskey(false);
      for (const body of [{ domain: RP_ID }, { domain: RP_ID, is_passkey: false }]) {
        const start = await sdk(provider, 'POST', '/webauthn/authenticate/start/primary', body, {});
        const options = JSON.parse(start.json.data.public_key_credential_request_options);
        assert.equal(options.userVerification, 'required');
        const refused = await authenticate(key.auth.get(options, { userVerified: false }));
        assert.equal(refused.status, 401, refused.text);
        assert.equal(refused.json.error_type, 'unable_to_auth_webauthn_registration');
      }
      // A second factor within the user's own session only prefers it.
      const secondary = await sdk(provider, 'POST', '/webauthn/authenticate/start/secondary', { domain: RP_ID }, withSession(key.token));
      const options = JSON.parse(secondary.json.data.public_key_credential_request_options);
      assert.equal(options.userVerification, 'preferred');
      const second = await sdk(
        provider,
        'POST',
        '/webauthn/authenticate',
        { public_key_credential: key.auth.get(options, { userVerified: false }), session_duration_minutes: 30 },
        withSession(key.token),
      );
      assert.equal(second.status, 200, second.text);
      // The same secondary challenge answered without UV and without the session signs no one in.
      const again = await sdk(provider, 'POST', '/webauthn/authenticate/start/secondary', { domain: RP_ID }, withSession(key.token));
      const loose = await authenticate(key.auth.get(JSON.parse(again.json.data.public_key_credential_request_options), { userVerified: false }));
      assert.equal(loose.status, 401, loose.text);
    });

    it('refuses a non-discoverable credential where a passkey was asked for', async () => {
      const user = await signIn();
      const auth = new SoftAuthenticator(TEST_ORIGIN);
      const res = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: auth.create(await registerStart(user.token), { residentKey: false }) }, withSession(user.token));
      assert.equal(res.status, 400);
      assert.match(res.json.error_message, /discoverable/);
    });

    it('uses a challenge once: a replayed assertion and two concurrent submissions yield one session', async () => {
      const p = await withPasskey();
      const credential = p.auth.get(await authStart());
      assert.equal((await authenticate(credential)).status, 200);
      const replay = await authenticate(credential);
      assert.equal(replay.status, 401);
      assert.match(replay.json.error_message, /already used/);

      const racing = p.auth.get(await authStart());
      const results = await Promise.all([authenticate(racing), authenticate(racing), authenticate(racing)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401]);

      const user = await signIn();
      const options = await registerStart(user.token);
      const attestation = new SoftAuthenticator(TEST_ORIGIN).create(options);
      const regs = await Promise.all([1, 2].map(() => sdk(provider, 'POST', '/webauthn/register', { public_key_credential: attestation }, withSession(user.token))));
      assert.deepEqual(regs.map((r) => r.status).sort(), [200, 400]);
    });

    it('refuses a challenge once its timeout has passed', async () => {
      const p = await withPasskey();
      const options = await authStart();
      assert.equal(options.timeout, 5 * 60_000);
      clock.advance(options.timeout + 1000);
      const res = await authenticate(p.auth.get(options));
      assert.equal(res.status, 401);
      assert.equal(res.json.error_type, 'unable_to_auth_webauthn_registration');
    });

    it("names a passkey after its authenticator's AAGUID, else its device, and never twice the same for one user", async () => {
      const user = await signIn();
      const register = async (token: string, auth: SoftAuthenticator, userAgent: string) => {
        const options = await registerStart(token, { domain: RP_ID, return_passkey_credential_options: true, user_agent: userAgent });
        const res = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: auth.create(options, { residentKey: true }), session_duration_minutes: 30 }, withSession(token));
        assert.equal(res.status, 200, res.text);
        return res.json.data.session_token as string;
      };
      const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/120.0';
      let token = await register(user.token, new SoftAuthenticator(TEST_ORIGIN, 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4'), MAC);
      token = await register(token, new SoftAuthenticator(TEST_ORIGIN), MAC);
      token = await register(token, new SoftAuthenticator(TEST_ORIGIN), MAC);
      token = await register(token, new SoftAuthenticator(TEST_ORIGIN, 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4'), 'curl/8');
      token = await register(token, new SoftAuthenticator(TEST_ORIGIN), 'curl/8');
      const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(token));
      assert.deepEqual(
        me.json.data.webauthn_registrations.map((r: { name: string }) => r.name),
        ['Google Password Manager', 'Passkey on Mac', 'Passkey on Mac (2)', 'Google Password Manager (2)', 'Passkey'],
      );
    });

    it('gives concurrent registrations of one user distinct names', async () => {
      const user = await signIn();
      const N = 6;
      const starts = [];
      // One challenge per ceremony, started one after another (each start replaces nothing: challenges are per ceremony).
      for (let i = 0; i < N; i++) starts.push(await registerStart(user.token, { domain: RP_ID, return_passkey_credential_options: true, user_agent: 'Mozilla/5.0 (X11; Linux x86_64)' }));
      const results = await Promise.all(
        starts.map((options) =>
          sdk(
            provider,
            'POST',
            '/webauthn/register',
            { public_key_credential: new SoftAuthenticator(TEST_ORIGIN).create(options, { residentKey: true }), session_duration_minutes: 30 },
            withSession(user.token),
          ),
        ),
      );
      const ok = results.filter((r) => r.status === 200);
      assert.equal(ok.length, N, results.map((r) => r.text).join('\n'));
      const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(ok[0]!.json.data.session_token));
      const names: string[] = me.json.data.webauthn_registrations.map((r: { name: string }) => r.name);
      assert.equal(names.length, ok.length);
      assert.equal(new Set(names).size, names.length, names.join(', '));
    });

    it('renames a registration for its owner only', async () => {
      const p = await withPasskey();
      const res = await sdk(provider, 'PUT', `/webauthn/update/${p.registrationId}`, { name: '  Work laptop ' }, withSession(p.token));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.webauthn_registration.name, 'Work laptop');
      const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(p.token));
      assert.equal(me.json.data.webauthn_registrations[0].name, 'Work laptop');
      const other = await signIn();
      const foreign = await sdk(provider, 'PUT', `/webauthn/update/${p.registrationId}`, { name: 'Mine' }, withSession(other.token));
      assert.equal(foreign.status, 404);
      assert.equal(foreign.json.error_type, 'webauthn_registration_not_found');
      const blank = await sdk(provider, 'PUT', `/webauthn/update/${p.registrationId}`, { name: '   ' }, withSession(p.token));
      assert.equal(blank.status, 400);
      const missing = await sdk(provider, 'PUT', `/webauthn/update/${p.registrationId}`, {}, withSession(p.token));
      assert.equal(missing.status, 400);
      assert.deepEqual(
        missing.json.body.map((i: { dataPath: string }) => i.dataPath),
        ['.name'],
      );
      const anonymous = await sdk(provider, 'PUT', `/webauthn/update/${p.registrationId}`, { name: 'x' });
      assert.equal(anonymous.status, 401);
    });

    it('deletes a registration; the passkey then no longer signs in', async () => {
      const p = await withPasskey();
      const other = await signIn();
      const foreign = await sdk(provider, 'DELETE', `/users/webauthn_registrations/${p.registrationId}`, undefined, withSession(other.token));
      assert.equal(foreign.status, 404);
      const res = await sdk(provider, 'DELETE', `/users/webauthn_registrations/${p.registrationId}`, undefined, withSession(p.token));
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.data.user.webauthn_registrations, []);
      const gone = await authenticate(p.auth.get(await authStart()));
      assert.equal(gone.status, 404);
      assert.equal(gone.json.error_type, 'webauthn_registration_not_found');
      const twice = await sdk(provider, 'DELETE', `/users/webauthn_registrations/${p.registrationId}`, undefined, withSession(p.token));
      assert.equal(twice.status, 404);
    });

    describe('the passkey upgrade after a sign-in (conditional create)', () => {
      const conditional = { domain: RP_ID, return_passkey_credential_options: true, conditional_mediation: true };

      it('prefers user verification in the options and accepts an attestation without user presence or verification, within the session', async () => {
        const user = await signIn();
        const options = await registerStart(user.token, conditional);
        assert.equal(options.authenticatorSelection.residentKey, 'required');
        assert.equal(options.authenticatorSelection.userVerification, 'preferred');
        const auth = new SoftAuthenticator(TEST_ORIGIN);
        const quiet = auth.create(options, { userPresent: false, userVerified: false, residentKey: true });
        const res = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: quiet, session_duration_minutes: 30 }, withSession(user.token));
        assert.equal(res.status, 200, res.text);
        assert.equal(res.json.data.user_id, user.userId);
        // Made without UV it proved possession only: the session is extended and gains no webauthn factor (issue 51).
        assert.deepEqual(
          res.json.data.session.authentication_factors.map((f: { type: string }) => f.type),
          ['otp'],
        );
        const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(res.json.data.session_token));
        assert.deepEqual(
          me.json.data.webauthn_registrations.map((r: { webauthn_registration_id: string }) => r.webauthn_registration_id),
          [res.json.data.webauthn_registration_id],
        );
        // The passkey then signs in (discoverable, as autofill asks), with the verification every passkey sign-in requires.
        const signedIn = await authenticate(auth.get(await authStart()));
        assert.equal(signedIn.status, 200, signedIn.text);
        assert.equal(signedIn.json.data.user_id, user.userId);
        const unverified = await authenticate(auth.get(await authStart(), { userVerified: false }));
        assert.equal(unverified.status, 401);
      });

      it('still requires user presence of a registration not started as conditional', async () => {
        const user = await signIn();
        const options = await registerStart(user.token);
        const res = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: new SoftAuthenticator(TEST_ORIGIN).create(options, { userPresent: false }) }, withSession(user.token));
        assert.equal(res.status, 400);
        assert.equal(res.json.error_type, 'invalid_public_key_credential');
      });

      it('refuses the registration outside the session that started it: none, revoked, or another user', async () => {
        const noSession = await sdk(provider, 'POST', '/webauthn/register/start', conditional);
        assert.equal(noSession.status, 401);
        assert.equal(noSession.json.error_type, 'unauthorized_credentials');

        const user = await signIn();
        const quiet = new SoftAuthenticator(TEST_ORIGIN).create(await registerStart(user.token, conditional), { userPresent: false, userVerified: false });
        const anonymous = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: quiet });
        assert.equal(anonymous.status, 401);
        assert.equal(anonymous.json.error_type, 'unauthorized_credentials');
        const other = await signIn();
        const stolen = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: quiet }, withSession(other.token));
        assert.equal(stolen.status, 400);
        assert.equal(stolen.json.error_type, 'invalid_public_key_credential');

        // Signed out between start and finish: the session no longer registers anything.
        const leaving = await signIn();
        const late = new SoftAuthenticator(TEST_ORIGIN).create(await registerStart(leaving.token, conditional), { userPresent: false, userVerified: false });
        const revoked = await sdk(provider, 'POST', '/sessions/revoke', {}, withSession(leaving.token));
        assert.equal(revoked.status, 200, revoked.text);
        const after = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: late }, withSession(leaving.token));
        assert.equal(after.status, 404);
        assert.equal(after.json.error_type, 'session_not_found');
        for (const u of [user, other]) {
          const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(u.token));
          assert.deepEqual(me.json.data.webauthn_registrations, [], 'no registration was stored');
        }
      });

      it('registers one passkey when the same conditional attestation arrives twice at once', async () => {
        const user = await signIn();
        const quiet = new SoftAuthenticator(TEST_ORIGIN).create(await registerStart(user.token, conditional), { userPresent: false, userVerified: false });
        const results = await Promise.all([1, 2, 3].map(() => sdk(provider, 'POST', '/webauthn/register', { public_key_credential: quiet }, withSession(user.token))));
        assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400]);
        const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(user.token));
        assert.equal(me.json.data.webauthn_registrations.length, 1);
      });
    });

    it('answers bad input with spec-shaped errors', async () => {
      const user = await signIn();
      const noSession = await sdk(provider, 'POST', '/webauthn/register/start', { domain: RP_ID });
      assert.equal(noSession.status, 401);
      assert.equal(noSession.json.error_type, 'unauthorized_credentials');
      const domain = await sdk(provider, 'POST', '/webauthn/register/start', { domain: 'evil.test' }, withSession(user.token));
      assert.equal(domain.status, 400);
      assert.equal(domain.json.error_type, 'invalid_domain');
      const attachment = await sdk(provider, 'POST', '/webauthn/register/start', { authenticator_type: 'usb' }, withSession(user.token));
      assert.equal(attachment.status, 400);
      const typed = await sdk(provider, 'POST', '/webauthn/authenticate/start/primary', { domain: 42 });
      assert.equal(typed.status, 400);
      assert.deepEqual(typed.json.body, [{ dataPath: '.domain', message: 'must be a string' }]);
      const secondary = await sdk(provider, 'POST', '/webauthn/authenticate/start/secondary', {});
      assert.equal(secondary.status, 401);
      for (const credential of ['not json', '{}', JSON.stringify({ id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30' } }), '[]']) {
        const res = await authenticate(credential);
        assert.equal(res.status, 400, credential);
        assert.equal(res.json.error_type, 'invalid_public_key_credential');
        assert.equal(typeof res.json.request_id, 'string');
      }
      const noDuration = await sdk(provider, 'POST', '/webauthn/authenticate', { public_key_credential: 'x' });
      assert.equal(noDuration.status, 400);
      const attestation = await sdk(provider, 'POST', '/webauthn/register', { public_key_credential: '{"id":"a"}' }, withSession(user.token));
      assert.equal(attestation.status, 400);
      assert.equal(attestation.json.error_type, 'invalid_public_key_credential');
      const unknown = await authenticate(new SoftAuthenticator(TEST_ORIGIN).get(await authStart()));
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json.error_type, 'webauthn_registration_not_found');
    });
  });
}
