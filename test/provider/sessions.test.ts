import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { databases, outbox, sdk, startTestProvider, uniqueEmail, withSession, type TestProvider } from './harness.ts';

for (const kind of databases) {
  describe(`sessions and users (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind);
    });
    after(() => provider.destroy());

    async function signIn(email = uniqueEmail()) {
      const send = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      const [message] = await outbox(provider, email);
      const res = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: send.json.data.method_id, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      return res.json.data;
    }

    it('sessions/authenticate extends the session and rotates its token', async () => {
      const first = await signIn();
      const res = await sdk(provider, 'POST', '/sessions/authenticate', { session_duration_minutes: 60 }, withSession(first.session_token));
      assert.equal(res.status, 200, res.text);
      const d = res.json.data;
      assert.equal(d.session.session_id, first.session.session_id);
      assert.notEqual(d.session_token, first.session_token);
      assert.ok(new Date(d.session.expires_at) > new Date(first.session.expires_at));
      assert.equal(d.user.user_id, first.user_id);
      const byJwt = await sdk(provider, 'POST', '/sessions/authenticate', {}, withSession(d.session_jwt));
      assert.equal(byJwt.status, 200);
    });

    it('publishes a JWKS that verifies the 5-minute session JWT', async () => {
      const s = await signIn();
      const jwks = createRemoteJWKSet(new URL(`${provider.url}/.well-known/jwks.json`));
      const { payload } = await jwtVerify(s.session_jwt, jwks);
      assert.equal(payload.sub, s.user_id);
      assert.equal(payload.exp! - payload.iat!, 300);
      assert.equal((payload['https://stytch.com/session'] as { id: string }).id, s.session.session_id);
    });

    it('refuses sessions/authenticate without a session or with an unknown token', async () => {
      const none = await sdk(provider, 'POST', '/sessions/authenticate', {});
      assert.equal(none.status, 401);
      assert.equal(none.json.error_type, 'unauthorized_credentials');
      const unknown = await sdk(provider, 'POST', '/sessions/authenticate', {}, withSession('not-a-session-token'));
      assert.equal(unknown.status, 404);
      const typed = await sdk(provider, 'POST', '/sessions/authenticate', { session_duration_minutes: 'long' }, withSession('x'));
      assert.equal(typed.status, 400);
      assert.equal(typed.json.body[0].dataPath, '.session_duration_minutes');
    });

    it('sessions/revoke ends the session', async () => {
      const s = await signIn();
      assert.equal((await sdk(provider, 'POST', '/sessions/revoke', {}, withSession(s.session_token))).status, 200);
      assert.equal((await sdk(provider, 'GET', '/users/me', undefined, withSession(s.session_token))).status, 404);
    });

    it('users/me reads and updates untrusted_metadata; emails can be deleted', async () => {
      const email = uniqueEmail();
      const s = await signIn(email);
      const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(s.session_token));
      assert.equal(me.status, 200);
      assert.equal(me.json.data.user_id, s.user_id);
      assert.deepEqual(me.json.data.untrusted_metadata, {});
      const put = await sdk(provider, 'PUT', '/users/me', { untrusted_metadata: { theme: 'dark' } }, withSession(s.session_token));
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.json.data.untrusted_metadata, { theme: 'dark' });
      const bad = await sdk(provider, 'PUT', '/users/me', { untrusted_metadata: 'dark' }, withSession(s.session_token));
      assert.equal(bad.status, 400);
      const emailId = me.json.data.emails[0].email_id;
      const del = await sdk(provider, 'DELETE', `/users/emails/${emailId}`, undefined, withSession(s.session_token));
      assert.equal(del.status, 200);
      assert.deepEqual(del.json.data.user.emails, []);
      const again = await sdk(provider, 'DELETE', `/users/emails/${emailId}`, undefined, withSession(s.session_token));
      assert.equal(again.status, 404);
      const noSession = await sdk(provider, 'GET', '/users/me');
      assert.equal(noSession.status, 401);
    });

    it('users/search answers new, passwordless or password', async () => {
      const email = uniqueEmail();
      assert.equal((await sdk(provider, 'POST', '/users/search', { email })).json.data.userType, 'new');
      await signIn(email);
      assert.equal((await sdk(provider, 'POST', '/users/search', { email })).json.data.userType, 'passwordless');
      const bad = await sdk(provider, 'POST', '/users/search', { email: 'nope' });
      assert.equal(bad.status, 400);
    });

    it('keeps users and sessions across a restart', async () => {
      const s = await signIn();
      provider = await provider.restart();
      const me = await sdk(provider, 'GET', '/users/me', undefined, withSession(s.session_token));
      assert.equal(me.status, 200, me.text);
      assert.equal(me.json.data.user_id, s.user_id);
      const byJwt = await sdk(provider, 'GET', '/users/me', undefined, withSession(s.session_jwt));
      assert.equal(byJwt.status, 200);
    });

    it('stores the JWT signing key sealed, and signs with the same key after a restart', async () => {
      const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()).kid as string;
      const before = kidOf((await signIn()).session_jwt);
      if (kind === 'postgres') {
        const { default: pg } = await import('pg');
        const db = new pg.Client({ connectionString: provider.databaseUrl });
        await db.connect();
        const { rows } = await db.query('SELECT private_jwk FROM signing_keys WHERE kid = $1', [before]);
        await db.end();
        assert.match(rows[0].private_jwk.sealed, /^v1:/);
        assert.equal(rows[0].private_jwk.d, undefined, 'no private scalar in the clear');
      }
      provider = await provider.restart();
      assert.equal(kidOf((await signIn()).session_jwt), before);
    });
  });
}
