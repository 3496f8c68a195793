import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as OTPAuth from 'otpauth';
import { databases, sdk, signInByEmailOtp, startTestProvider, TestClock, withSession, type TestProvider } from './harness.ts';

const STEP_MS = 30_000;

for (const kind of databases) {
  describe(`TOTP (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, {}, clock);
    });
    after(() => provider.destroy());

    /** What an authenticator app holding `secret` shows at `offsetSteps` from the provider's now. */
    function codeAt(secret: string, offsetSteps = 0): string {
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
      return totp.generate({ timestamp: clock.now().getTime() + offsetSteps * STEP_MS });
    }

    async function enrolled() {
      const signedIn = await signInByEmailOtp(provider);
      const auth = withSession(signedIn.session_token);
      const created = await sdk(provider, 'POST', '/totps', { expiration_minutes: 10 }, auth);
      assert.equal(created.status, 200, created.text);
      return { signedIn, auth, totp: created.json.data };
    }

    it('creates a 160-bit secret with an otpauth QR code and ten recovery codes', async () => {
      const { signedIn, totp } = await enrolled();
      assert.equal(totp.user_id, signedIn.user_id);
      assert.match(totp.totp_id, /^totp-test-/);
      assert.equal(Buffer.from(OTPAuth.Secret.fromBase32(totp.secret).buffer).length, 20);
      assert.match(totp.qr_code, /^data:image\/png;base64,/);
      assert.equal(totp.recovery_codes.length, 10);
      assert.equal(new Set(totp.recovery_codes).size, 10);
      for (const code of totp.recovery_codes) assert.match(code, /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    });

    it('authenticates a code, verifying the TOTP and adding the factor to the session', async () => {
      const { signedIn, auth, totp } = await enrolled();
      const res = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth);
      assert.equal(res.status, 200, res.text);
      const d = res.json.data;
      assert.equal(d.totp_id, totp.totp_id);
      assert.equal(d.session.session_id, signedIn.session.session_id);
      assert.deepEqual(
        d.session.authentication_factors.map((f: { type: string }) => f.type),
        ['otp', 'totp'],
      );
      assert.deepEqual(d.user.totps, [{ totp_id: totp.totp_id, verified: true }]);
    });

    it('accepts one step of drift either way, refuses two, and never accepts a code twice', async () => {
      const { totp, ...first } = await enrolled();
      let auth = first.auth;
      const tooOld = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret, -2), session_duration_minutes: 30 }, auth);
      assert.equal(tooOld.status, 401);
      assert.equal(tooOld.json.error_type, 'otp_code_not_found');
      const behind = codeAt(totp.secret, -1);
      assert.equal((await sdk(provider, 'POST', '/totps/authenticate', { totp_code: behind, session_duration_minutes: 30 }, auth)).status, 200);
      const replay = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: behind, session_duration_minutes: 30 }, auth);
      assert.equal(replay.status, 401, 'a code is single use within its step');
      const ahead = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret, 1), session_duration_minutes: 30 }, auth);
      assert.equal(ahead.status, 200, ahead.text);
      // The current step's code is older than the one just used, so it too is refused.
      const current = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth);
      assert.equal(current.status, 401);
      // Each success rotates the session token; the old one lapses after its grace minute.
      auth = withSession(ahead.json.data.session_token);
      clock.advance(2 * STEP_MS);
      assert.equal((await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth)).status, 200);
    });

    it('lets only one of two racing requests use a code', async () => {
      const { auth, totp } = await enrolled();
      const code = codeAt(totp.secret);
      const results = await Promise.all([0, 1].map(() => sdk(provider, 'POST', '/totps/authenticate', { totp_code: code, session_duration_minutes: 30 }, auth)));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 401]);
    });

    it('drops an enrolment never verified within expiration_minutes', async () => {
      const { auth, totp } = await enrolled();
      clock.advance(10 * 60_000 + 1000);
      const res = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth);
      assert.equal(res.status, 401);
    });

    it('recovers once per code, reissues codes on request and retires the old ones', async () => {
      const { auth, totp } = await enrolled();
      // Recovery codes work only once the TOTP is verified.
      const early = await sdk(provider, 'POST', '/totps/recover', { recovery_code: totp.recovery_codes[0], session_duration_minutes: 30 }, auth);
      assert.equal(early.status, 401);
      assert.equal(early.json.error_type, 'recovery_code_not_found');
      await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth);

      const typed = totp.recovery_codes[1].toUpperCase().replaceAll('-', ' ');
      const racing = await Promise.all([0, 1].map(() => sdk(provider, 'POST', '/totps/recover', { recovery_code: typed, session_duration_minutes: 30 }, auth)));
      assert.deepEqual(racing.map((r) => r.status).sort(), [200, 401]);
      const win = racing.find((r) => r.status === 200)!;
      assert.equal(win.json.data.totp_id, totp.totp_id);
      assert.equal(win.json.data.session.authentication_factors.at(-1).type, 'recovery_code');

      const listed = await sdk(provider, 'POST', '/totps/recovery_codes', {}, auth);
      assert.equal(listed.status, 200, listed.text);
      const [entry] = listed.json.data.totps;
      assert.equal(entry.totp_id, totp.totp_id);
      assert.equal(entry.recovery_codes.length, 10);
      const retired = await sdk(provider, 'POST', '/totps/recover', { recovery_code: totp.recovery_codes[2], session_duration_minutes: 30 }, auth);
      assert.equal(retired.status, 401);
      const fresh = await sdk(provider, 'POST', '/totps/recover', { recovery_code: entry.recovery_codes[0], session_duration_minutes: 30 }, auth);
      assert.equal(fresh.status, 200, fresh.text);
    });

    it('locks authenticator codes after ten wrong guesses in a row', async () => {
      const { auth, totp } = await enrolled();
      const good = codeAt(totp.secret);
      const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 10; i++) {
        assert.equal((await sdk(provider, 'POST', '/totps/authenticate', { totp_code: wrong, session_duration_minutes: 30 }, auth)).status, 401);
      }
      const locked = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: good, session_duration_minutes: 30 }, auth);
      assert.equal(locked.status, 429);
      assert.equal(locked.json.error_type, 'too_many_failed_attempts');
      assert.ok(Number(locked.headers.get('retry-after')) > 0);
    });

    it('deletes a TOTP of the signed-in user only', async () => {
      const mine = await enrolled();
      const theirs = await enrolled();
      const foreign = await sdk(provider, 'DELETE', `/users/totps/${theirs.totp.totp_id}`, undefined, mine.auth);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.json.error_type, 'totp_not_found');
      const res = await sdk(provider, 'DELETE', `/users/totps/${mine.totp.totp_id}`, undefined, mine.auth);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.data.user.totps, []);
      const after = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(mine.totp.secret), session_duration_minutes: 30 }, mine.auth);
      assert.equal(after.status, 401);
      const bio = await sdk(provider, 'DELETE', '/users/biometric_registrations/biometric-registration-test-x', undefined, mine.auth);
      assert.equal(bio.status, 404);
      assert.equal(bio.json.error_type, 'biometric_registration_not_found');
    });

    it('stores the seed encrypted and keeps verifying its codes after a restart', async () => {
      const { auth, totp } = await enrolled();
      if (kind === 'postgres') {
        const { default: pg } = await import('pg');
        const db = new pg.Client({ connectionString: provider.databaseUrl });
        await db.connect();
        const { rows } = await db.query('SELECT secret FROM totps WHERE totp_id = $1', [totp.totp_id]);
        await db.end();
        assert.match(rows[0].secret, /^v1:/);
        assert.ok(!rows[0].secret.includes(totp.secret));
      }
      provider = await provider.restart();
      const res = await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth);
      assert.equal(res.status, 200, res.text);
    });

    it('answers bad input and missing sessions in the spec shape', async () => {
      const { auth } = await enrolled();
      const cases = [
        await sdk(provider, 'POST', '/totps', { expiration_minutes: 10 }),
        await sdk(provider, 'POST', '/totps', { expiration_minutes: 'soon' }, auth),
        await sdk(provider, 'POST', '/totps', { expiration_minutes: 1 }, auth),
        await sdk(provider, 'POST', '/totps/authenticate', { totp_code: '', session_duration_minutes: 30 }, auth),
        await sdk(provider, 'POST', '/totps/authenticate', { totp_code: 'abcdef', session_duration_minutes: 30 }, auth),
        await sdk(provider, 'POST', '/totps/recover', { session_duration_minutes: 30 }, auth),
        await sdk(provider, 'POST', '/totps/recovery_codes', {}),
      ];
      assert.deepEqual(
        cases.map((r) => r.status),
        [401, 400, 400, 400, 401, 400, 401],
      );
      for (const r of cases) {
        assert.equal(typeof r.json.error_type, 'string', r.text);
        assert.equal(typeof r.json.error_message, 'string');
        assert.equal(r.json.status_code, r.status);
      }
    });
  });
}
