import assert from 'node:assert/strict';
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createSecret, deleteSecret } from '../../provider/services/project-secrets.ts';
import { databases, sdk, signInByEmailOtp, TEST_ORIGIN, TEST_TOKEN, TestClock, withSession } from './harness.ts';
import { newSecret, startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

for (const kind of databases) {
  describe(`server API: credentials and sessions through the official SDK (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    const second = newSecret();
    before(async () => {
      api = await startServerApi(kind, {}, clock, [newSecret(), second]);
    });
    after(() => api.provider.destroy());

    it('authenticates a session token without rotating it, so the browser cookie stays valid', async () => {
      const signedIn = await signInByEmailOtp(api.provider);
      const res = await api.client.sessions.authenticate({ session_token: signedIn.session_token });
      assert.equal(res.status_code, 200);
      assert.equal(res.session.session_id, signedIn.session.session_id);
      assert.equal(res.session.user_id, signedIn.user_id);
      assert.equal(res.user.user_id, signedIn.user_id);
      assert.equal(res.session_token, signedIn.session_token);
      assert.match(res.session_jwt, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.equal(res.session.authentication_factors[0]!.type, 'otp');
      const again = await api.client.sessions.authenticate({ session_token: signedIn.session_token });
      assert.equal(again.session.session_id, signedIn.session.session_id);
    });

    it('authenticates a session JWT and extends the session by session_duration_minutes', async () => {
      const signedIn = await signInByEmailOtp(api.provider);
      const res = await api.client.sessions.authenticate({ session_jwt: signedIn.session_jwt, session_duration_minutes: 600 });
      assert.equal(res.session.session_id, signedIn.session.session_id);
      const expires = new Date(res.session.expires_at!).getTime();
      assert.ok(expires - clock.now().getTime() > 590 * 60_000, `expires_at ${res.session.expires_at}`);
      // The token minted for a JWT caller is a working token of the same session.
      const byToken = await api.client.sessions.authenticate({ session_token: res.session_token });
      assert.equal(byToken.session.session_id, signedIn.session.session_id);
    });

    it('sessions.authenticateJwt verifies locally against the JWKS (iss, aud, kid) without calling authenticate', async () => {
      const signedIn = await signInByEmailOtp(api.provider);
      const res = await api.client.sessions.authenticateJwt({ session_jwt: signedIn.session_jwt });
      // A remote answer carries request_id and user; the local one only the session and the JWT.
      assert.equal((res as { request_id?: string }).request_id, undefined);
      assert.equal(res.session.session_id, signedIn.session.session_id);
      assert.equal(res.session.user_id, signedIn.user_id);
      assert.deepEqual(res.session.roles, []);
      const local = await api.client.sessions.authenticateJwtLocal({ session_jwt: signedIn.session_jwt });
      assert.equal(local.session_id, signedIn.session.session_id);
      const [header] = signedIn.session_jwt.split('.');
      const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
      const jwks = await api.client.sessions.getJWKS({ project_id: api.projectId });
      assert.ok(jwks.keys.some((k) => k.kid === kid));
    });

    it('lists the live sessions of a user with sessions.get', async () => {
      const first = await signInByEmailOtp(api.provider);
      const email = first.user.emails[0].email as string;
      const second = await signInByEmailOtp(api.provider, email);
      const res = await api.client.sessions.get({ user_id: first.user_id });
      assert.deepEqual(res.sessions.map((s) => s.session_id).sort(), [first.session.session_id, second.session.session_id].sort());
      await api.client.sessions.revoke({ session_id: second.session.session_id });
      const after = await api.client.sessions.get({ user_id: first.user_id });
      assert.deepEqual(
        after.sessions.map((s) => s.session_id),
        [first.session.session_id],
      );
    });

    for (const by of ['session_id', 'session_token', 'session_jwt'] as const) {
      it(`revokes by ${by}: the token, the JWT remotely and the browser client are all refused after`, async () => {
        const s = await signInByEmailOtp(api.provider);
        const arg = by === 'session_id' ? s.session.session_id : by === 'session_token' ? s.session_token : s.session_jwt;
        const res = await api.client.sessions.revoke({ [by]: arg });
        assert.equal(res.status_code, 200);
        const byToken = await stytchError(api.client.sessions.authenticate({ session_token: s.session_token }));
        assert.equal(byToken.status_code, 404);
        assert.equal(byToken.error_type, 'session_not_found');
        const byJwt = await stytchError(api.client.sessions.authenticate({ session_jwt: s.session_jwt }));
        assert.equal(byJwt.error_type, 'session_not_found');
        // Forcing a remote check (max_token_age_seconds 0) sees the revocation a local check cannot.
        const remote = await stytchError(api.client.sessions.authenticateJwt({ session_jwt: s.session_jwt, max_token_age_seconds: 0 }));
        assert.equal(remote.error_type, 'session_not_found');
        const browser = await sdk(api.provider, 'POST', '/sessions/authenticate', {}, withSession(s.session_token));
        assert.equal(browser.status, 404);
      });
    }

    it('revoking an unknown session is a 404 session_not_found', async () => {
      const err = await stytchError(api.client.sessions.revoke({ session_id: 'session-test-00000000-0000-0000-0000-000000000000' }));
      assert.equal(err.status_code, 404);
      assert.equal(err.error_type, 'session_not_found');
    });

    it('refuses a wrong secret, the public token and a wrong project id with 401 unauthorized_credentials in the /sdk/v1 error shape', async () => {
      const s = await signInByEmailOtp(api.provider);
      for (const client of [api.clientWith(newSecret()), api.clientWith(TEST_TOKEN)]) {
        const err = await stytchError(client.sessions.authenticate({ session_token: s.session_token }));
        assert.equal(err.status_code, 401);
        assert.equal(err.error_type, 'unauthorized_credentials');
        assert.match(err.request_id, /^request-id-test-/);
        assert.ok(err.error_message);
        assert.ok(err.error_url);
      }
      const wrongProject = await v1(
        api,
        'POST',
        '/sessions/authenticate',
        { session_token: s.session_token },
        {
          Authorization: `Basic ${Buffer.from(`project-test-00000000-0000-0000-0000-000000000000:${api.secret}`).toString('base64')}`,
        },
      );
      assert.equal(wrongProject.status, 401);
      assert.deepEqual(Object.keys(wrongProject.json!).sort(), ['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
      const none = await v1(api, 'POST', '/sessions/authenticate', { session_token: s.session_token }, { Authorization: '' });
      assert.equal(none.json!.error_type, 'unauthorized_credentials');
      // Unknown paths answer 401 too: no route map for callers without a secret.
      const unknown = await v1(api, 'GET', '/no/such/path', undefined, { Authorization: '' });
      assert.equal(unknown.status, 401);
    });

    it('refreshes a JWT past its exp while its session lives, and refuses a forged one', async () => {
      const s = await signInByEmailOtp(api.provider);
      clock.advance(6 * 60_000);
      const res = await api.client.sessions.authenticate({ session_jwt: s.session_jwt });
      assert.equal(res.session.session_id, s.session.session_id);
      assert.notEqual(res.session_jwt, s.session_jwt);
      const exp = (JSON.parse(Buffer.from(res.session_jwt.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
      assert.ok(exp * 1000 > clock.now().getTime(), 'the new JWT is current');
      const [h, p] = s.session_jwt.split('.');
      const forged = `${h}.${p}.${Buffer.alloc(64).toString('base64url')}`;
      const err = await stytchError(api.client.sessions.authenticate({ session_jwt: forged }));
      assert.equal(err.error_type, 'session_not_found');
    });

    it('accepts both PROJECT_SECRETS at once (rotation), and secrets added to or removed from the project file without a restart', async () => {
      const s = await signInByEmailOtp(api.provider);
      const res = await api.clientWith(second).sessions.authenticate({ session_token: s.session_token });
      assert.equal(res.session.session_id, s.session.session_id);
      const file = join(api.provider.dataDir, 'project.json');
      const created = createSecret(file, 'test');
      assert.ok(!readFileSync(file, 'utf8').includes(created.secret), 'the project file keeps only the hash');
      const tick = Math.floor(Date.now() / 1000);
      utimesSync(file, tick, tick);
      clock.advance(2000);
      const viaFile = await api.clientWith(created.secret).sessions.authenticate({ session_token: s.session_token });
      assert.equal(viaFile.session.session_id, s.session.session_id);
      assert.equal(deleteSecret(file, created.id), true);
      // Two edits within one tick of the file system's clock: the second still counts.
      utimesSync(file, tick, tick);
      clock.advance(2000);
      const gone = await stytchError(api.clientWith(created.secret).sessions.authenticate({ session_token: s.session_token }));
      assert.equal(gone.error_type, 'unauthorized_credentials');
    });

    it('refuses bad input with the schema error listing each field', async () => {
      const s = await signInByEmailOtp(api.provider);
      const both = await stytchError(api.client.sessions.authenticate({ session_token: s.session_token, session_jwt: s.session_jwt }));
      assert.equal(both.status_code, 400);
      assert.equal(both.error_type, 'invalid_request');
      assert.match(both.error_message, /exactly one of session_token, session_jwt/);
      const neither = await stytchError(api.client.sessions.authenticate({}));
      assert.equal(neither.status_code, 400);
      const badDuration = await v1(api, 'POST', '/sessions/authenticate', { session_token: s.session_token, session_duration_minutes: 'long' });
      assert.equal(badDuration.status, 400);
      assert.deepEqual(badDuration.json!.body, [{ dataPath: '.session_duration_minutes', message: 'must be a number' }]);
      const tooLong = await stytchError(api.client.sessions.authenticate({ session_token: s.session_token, session_duration_minutes: 60 * 24 * 366 }));
      assert.equal(tooLong.error_type, 'invalid_session_duration');
      const noUser = await stytchError(api.client.sessions.get({ user_id: '' }));
      assert.equal(noUser.status_code, 400);
      const revokeTwo = await stytchError(api.client.sessions.revoke({ session_id: s.session.session_id, session_token: s.session_token }));
      assert.equal(revokeTwo.status_code, 400);
      const claims = await stytchError(api.client.sessions.authenticate({ session_token: s.session_token, session_custom_claims: { role: 'admin' } }));
      assert.equal(claims.status_code, 400);
      assert.match(claims.error_message, /session_custom_claims: is not supported/);
      const notJson = await v1(api, 'POST', '/sessions/authenticate', 'x', { 'Content-Type': 'text/plain' });
      assert.equal(notJson.status, 415);
    });

    it('answers no browser: a preflight from an authorized origin is refused and no response carries CORS headers', async () => {
      const preflight = await fetch(`${api.provider.url}/v1/sessions/authenticate`, {
        method: 'OPTIONS',
        headers: { Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      assert.equal(preflight.status, 403);
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
      const s = await signInByEmailOtp(api.provider);
      const post = await v1(api, 'POST', '/sessions/authenticate', { session_token: s.session_token }, { Origin: TEST_ORIGIN });
      assert.equal(post.status, 200);
      assert.equal(post.headers.get('access-control-allow-origin'), null);
      // The browser API beside it still answers its preflight.
      const sdkPreflight = await fetch(`${api.provider.url}/sdk/v1/sessions/authenticate`, {
        method: 'OPTIONS',
        headers: { Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(sdkPreflight.headers.get('access-control-allow-origin'), TEST_ORIGIN);
    });

    it('rotates the signing key daily and keeps the previous key published until its JWTs have expired', async () => {
      const before = await signInByEmailOtp(api.provider);
      const kidOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
      const oldKid = kidOf(before.session_jwt);
      clock.advance(24 * 60 * 60 * 1000 + 60_000);
      const after = await signInByEmailOtp(api.provider);
      const newKid = kidOf(after.session_jwt);
      assert.notEqual(newKid, oldKid);
      const jwks = await api.client.sessions.getJWKS({ project_id: api.projectId });
      assert.deepEqual(jwks.keys.map((k) => k.kid).sort(), [oldKid, newKid].sort());
      // A fresh SDK (empty key cache) verifies the new key's JWT locally.
      const local = await api.clientWith(api.secret).sessions.authenticateJwtLocal({ session_jwt: after.session_jwt, current_date: clock.now() });
      assert.equal(local.session_id, after.session.session_id);
      clock.advance(24 * 60 * 60 * 1000);
      const later = await api.client.sessions.getJWKS({ project_id: api.projectId });
      assert.ok(!later.keys.some((k) => k.kid === oldKid), "a key past its JWTs' lifetime is no longer published");
      const wrongProject = await v1(api, 'GET', `/sessions/jwks/project-test-00000000-0000-0000-0000-000000000000`);
      assert.equal(wrongProject.status, 404);
    });
  });

  describe(`server API: rate limits under parallel requests (${kind})`, () => {
    let api: ServerApiSetup;
    const other = newSecret();
    before(async () => {
      api = await startServerApi(kind, { serverApiLimits: { perSecret: 5, perIp: 8, windowSeconds: 3600 } }, undefined, [newSecret(), other]);
    });
    after(() => api.provider.destroy());

    it('takes exactly perSecret calls from one secret and perIp from one address, whichever secret they carry', async () => {
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => api.client.sessions.get({ user_id: 'user-test-none' })));
      const ok = results.filter((r) => r.status === 'fulfilled').length;
      const limited = results.filter((r) => r.status === 'rejected' && (r.reason as { status_code?: number }).status_code === 429).length;
      assert.equal(ok, 5);
      assert.equal(limited, 3);
      // The other secret has its own budget, but this address has spent all of its 8.
      const err = await stytchError(api.clientWith(other).sessions.get({ user_id: 'user-test-none' }));
      assert.equal(err.status_code, 429);
      assert.equal(err.error_type, 'too_many_requests');
    });
  });
}

for (const kind of databases) {
  describe(`server API: the README's backend route (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind);
    });
    after(() => api.provider.destroy());

    /** The Hono route of README "Your backend", with the SDK client of the test. */
    function backend() {
      const stytch = api.client;
      const app = new Hono();
      app.get('/api/me', async (c) => {
        const jwt = getCookie(c, 'stytch_session_jwt');
        const token = getCookie(c, 'stytch_session');
        if (!jwt && !token) return c.json({ error: 'signed out' }, 401);
        try {
          const { session } = jwt ? await stytch.sessions.authenticateJwt({ session_jwt: jwt }) : await stytch.sessions.authenticate({ session_token: token! });
          const user = await stytch.users.get({ user_id: session.user_id });
          return c.json({ user_id: user.user_id, email: user.emails[0]?.email });
        } catch {
          return c.json({ error: 'signed out' }, 401);
        }
      });
      return app;
    }

    it('answers the signed-in user from either cookie, and 401 once the session is revoked', async () => {
      const s = await signInByEmailOtp(api.provider);
      const app = backend();
      const me = (cookie: string) => app.request('/api/me', { headers: { Cookie: cookie } });
      const byJwt = await me(`stytch_session_jwt=${s.session_jwt}`);
      assert.equal(byJwt.status, 200);
      assert.deepEqual(await byJwt.json(), { user_id: s.user_id, email: s.user.emails[0].email });
      const byToken = await me(`stytch_session=${s.session_token}`);
      assert.equal(byToken.status, 200);
      assert.equal((await me('')).status, 401);
      await api.client.sessions.revoke({ session_id: s.session.session_id });
      assert.equal((await me(`stytch_session=${s.session_token}`)).status, 401);
    });
  });
}
