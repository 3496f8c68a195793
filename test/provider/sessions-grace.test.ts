import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SESSION_WRITE_WINDOW_MS, TOKEN_GRACE_MS } from '../../provider/services/session-family.ts';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, withSession, type TestProvider } from './harness.ts';

// A check rotates the token once it is older than the write window; a rotated-out token keeps
// working for a short grace window.
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

    /** Past the write window: the token in hand is due for rotation at its next check. */
    const pastWindow = () => clock.advance(SESSION_WRITE_WINDOW_MS + 1_000);

    it('within the write window checks hand back the same token and JWT; past it the token rotates', async () => {
      const s = await signIn();
      const burst = await Promise.all(Array.from({ length: 6 }, () => check(s.session_token)));
      for (const r of burst) {
        assert.equal(r.status, 200, r.text);
        assert.equal(r.json.data.session_token, s.session_token, 'a young token is not rotated');
      }
      assert.equal(new Set(burst.map((r) => r.json.data.session_jwt)).size, 1, 'an unchanged session is not signed again');
      pastWindow();
      const next = await check(s.session_token);
      assert.equal(next.status, 200, next.text);
      assert.notEqual(next.json.data.session_token, s.session_token);
      assert.notEqual(next.json.data.session_jwt, burst[0]!.json.data.session_jwt);
      assert.ok(next.json.data.session.last_accessed_at > burst[0]!.json.data.session.last_accessed_at, 'the rotating check touches the session');
    });

    it('asking for an extension always writes: the session is extended and the token rotates', async () => {
      const s = await signIn();
      const res = await sdk(provider, 'POST', '/sessions/authenticate', { session_duration_minutes: 120 }, withSession(s.session_token));
      assert.equal(res.status, 200, res.text);
      assert.notEqual(res.json.data.session_token, s.session_token);
      assert.ok(new Date(res.json.data.session.expires_at) > new Date(s.session.expires_at));
    });

    it('checks sent at once with a token due for rotation retire it once; each gets its own fresh token', async () => {
      const s = await signIn();
      pastWindow();
      const racers = await Promise.all(Array.from({ length: 6 }, () => check(s.session_token)));
      const tokens = racers.map((r) => {
        assert.equal(r.status, 200, r.text);
        assert.equal(r.json.data.session.session_id, s.session.session_id);
        return r.json.data.session_token as string;
      });
      // Nobody is handed the token on its way out (it would sign them out a minute later).
      assert.ok(!tokens.includes(s.session_token));
      assert.equal(new Set(tokens).size, tokens.length);
      // The presented token was retired once, by the first: its grace window started then and
      // was not pushed back by the others.
      clock.advance(TOKEN_GRACE_MS + 1_000);
      assert.equal((await check(s.session_token)).status, 404);
      // Every racer goes on with the token it was handed.
      for (const t of tokens) assert.equal((await check(t)).status, 200);
    });

    it('a rotated-out token authenticates within the window and is refused after it', async () => {
      const s = await signIn();
      pastWindow();
      const next = await check(s.session_token);
      assert.equal(next.status, 200, next.text);
      assert.notEqual(next.json.data.session_token, s.session_token);
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
      pastWindow();
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

    it('a revoked session fails at once, also inside the write window where checks write nothing', async () => {
      const s = await signIn();
      const fresh = await check(s.session_token);
      assert.equal(fresh.json.data.session_token, s.session_token);
      assert.equal((await sdk(provider, 'POST', '/sessions/revoke', {}, withSession(s.session_token))).status, 200);
      for (const secret of [s.session_token, s.session_jwt, fresh.json.data.session_jwt]) {
        const res = await check(secret);
        assert.equal(res.status, 404, `${res.status} ${res.text}`);
      }
    });

    it('checks racing a revoke never bring the session back, inside or past the write window', async () => {
      for (const due of [false, true]) {
        const s = await signIn();
        if (due) pastWindow();
        const racing = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? check(s.session_token) : check(s.session_jwt)));
        const revoke = sdk(provider, 'POST', '/sessions/revoke', {}, withSession(s.session_token));
        const [answers, revoked] = await Promise.all([Promise.all(racing), revoke]);
        // The revoke may come after some checks (they answered 200) or before them (404)...
        for (const a of answers) assert.ok(a.status === 200 || a.status === 404, a.text);
        // ...but whichever answered 200, nothing they were handed works afterwards. (The revoke's
        // token, rotated out from under it by a racer, is still in its grace window.)
        assert.equal(revoked.status, 200, revoked.text);
        const handed = answers.filter((a) => a.status === 200).flatMap((a) => [a.json.data.session_token, a.json.data.session_jwt]);
        for (const secret of [s.session_token, s.session_jwt, ...handed]) assert.equal((await check(secret)).status, 404, `due ${due}`);
      }
    });

    it('an expired session fails inside the write window too', async () => {
      const email = uniqueEmail();
      const send = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      const [message] = await outbox(provider, email);
      const short = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: send.json.data.method_id, session_duration_minutes: 5 });
      assert.equal(short.status, 200, short.text);
      assert.equal((await check(short.json.data.session_token)).status, 200);
      clock.advance(5 * 60_000 + 1_000);
      assert.equal((await check(short.json.data.session_token)).status, 404);
    });
  });
}
