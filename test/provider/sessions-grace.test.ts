import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TOKEN_GRACE_MS } from '../../provider/services/sessions.ts';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, withSession, type TestProvider } from './harness.ts';

// The token rotates on every check; a rotated-out token keeps working for a short grace window.
for (const kind of databases) {
  describe(`session token grace window (${kind})`, () => {
    const clock = new TestClock();
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, {}, clock);
    });
    after(() => provider.destroy());

    async function signIn() {
      const email = uniqueEmail();
      const send = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      const [message] = await outbox(provider, email);
      const res = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: send.json.data.method_id, session_duration_minutes: 60 });
      assert.equal(res.status, 200, res.text);
      return res.json.data;
    }

    const check = (secret: string) => sdk(provider, 'POST', '/sessions/authenticate', {}, withSession(secret));

    it('two checks sent at once with one token both succeed, each with its own fresh token', async () => {
      const s = await signIn();
      const [a, b] = await Promise.all([check(s.session_token), check(s.session_token)]);
      assert.equal(a.status, 200, a.text);
      assert.equal(b.status, 200, b.text);
      assert.equal(a.json.data.session.session_id, s.session.session_id);
      assert.equal(b.json.data.session.session_id, s.session.session_id);
      const tokens = new Set([s.session_token, a.json.data.session_token, b.json.data.session_token]);
      assert.equal(tokens.size, 3);
      // Both racers go on with the token they were handed.
      assert.equal((await check(a.json.data.session_token)).status, 200);
      assert.equal((await check(b.json.data.session_token)).status, 200);
    });

    it('a rotated-out token authenticates within the window and is refused after it', async () => {
      const s = await signIn();
      const next = await check(s.session_token);
      assert.equal(next.status, 200, next.text);
      // The window is a minute: a slow tab is still inside it 59 s later.
      clock.advance(59_000);
      const late = await check(s.session_token);
      assert.equal(late.status, 200, late.text);
      assert.notEqual(late.json.data.session_token, s.session_token);
      assert.equal((await sdk(provider, 'GET', '/users/me', undefined, withSession(s.session_token))).status, 200);
      clock.advance(TOKEN_GRACE_MS - 59_000 + 1_000);
      const expired = await check(s.session_token);
      assert.equal(expired.status, 404);
      assert.equal(expired.json.error_type, 'session_not_found');
      assert.equal((await sdk(provider, 'GET', '/users/me', undefined, withSession(s.session_token))).status, 404);
      // The token handed out during the window was never rotated out, so it still works.
      assert.equal((await check(late.json.data.session_token)).status, 200);
    });

    it('a check by JWT moves the current token into the window too', async () => {
      const s = await signIn();
      const byJwt = await check(s.session_jwt);
      assert.equal(byJwt.status, 200, byJwt.text);
      assert.equal((await check(s.session_token)).status, 200);
      clock.advance(TOKEN_GRACE_MS + 1_000);
      assert.equal((await check(s.session_token)).status, 404);
      // The token the JWT check handed out is current, so the window does not touch it.
      assert.equal((await check(byJwt.json.data.session_token)).status, 200);
    });

    it('refuses a session JWT that is forged, for another project or expired', async () => {
      const s = await signIn();
      const [h, p, sig] = s.session_jwt.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const other = Buffer.from(JSON.stringify({ ...claims, aud: 'project-test-other' })).toString('base64url');
      const flipped = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
      for (const forged of [`${h}.${p}.${flipped}`, `${h}.${other}.${sig}`]) {
        assert.equal((await check(forged)).status, 404);
      }
      clock.advance(5 * 60_000 + 1_000);
      assert.equal((await check(s.session_jwt)).status, 404);
      assert.equal((await check(s.session_token)).status, 200, 'the session itself lives on');
    });

    it('revoke kills every token of the session at once, grace ones included', async () => {
      const s = await signIn();
      const next = await check(s.session_token);
      assert.equal(next.status, 200);
      assert.equal((await check(s.session_token)).status, 200, 'the old token is live in its window before the revoke');
      const revoked = await sdk(provider, 'POST', '/sessions/revoke', {}, withSession(next.json.data.session_token));
      assert.equal(revoked.status, 200, revoked.text);
      for (const secret of [s.session_token, next.json.data.session_token, next.json.data.session_jwt]) {
        const res = await check(secret);
        assert.equal(res.status, 404, `${res.status} ${res.text}`);
        assert.equal(res.json.error_type, 'session_not_found');
      }
    });
  });
}
