import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as OTPAuth from 'otpauth';
import { sweepRateLimits } from '../../provider/services/limits.ts';
import {
  databases,
  otherClient,
  outbox,
  sdk,
  signInByEmailOtp,
  startPeerProcess,
  startTestProvider,
  TEST_TOKEN,
  TestClock,
  type ProviderProcess,
  uniqueEmail,
  withSession,
  type TestProvider,
} from './harness.ts';

const STRONG = 'quokka umbrella jazz wharf';
const HOUR = 60 * 60 * 1000;

/** How many answers had each status. */
function tally(results: Array<{ status: number }>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

for (const kind of databases) {
  describe(`lockouts and limits under parallel guesses (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      // A wide per-IP budget: these tests are about the per-account locks.
      provider = await startTestProvider(kind, { passwordIpLimit: { maxFailures: 30 }, sendLimits: { perAddress: 50 } }, clock);
    });
    after(() => provider.destroy());

    /** Password sign-ins from a fresh client IP, so the per-IP budget (30 here) stays out of the way. */
    const loginFrom =
      (from = otherClient(provider)) =>
      (email: string, password: string) =>
        from('/passwords/authenticate', { email, password, session_duration_minutes: 30 });

    async function withPassword() {
      const email = uniqueEmail('lock');
      assert.equal((await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 })).status, 200);
      return email;
    }

    it('checks only 10 of 25 parallel wrong passwords, then refuses the right one', async () => {
      const login = loginFrom();
      const email = await withPassword();
      const results = await Promise.all(Array.from({ length: 25 }, (_, i) => login(email, `wrong guess ${i}`)));
      assert.deepEqual(tally(results), { 401: 10, 429: 15 });
      const right = await login(email, STRONG);
      assert.equal(right.status, 429);
      assert.equal(right.json.error_type, 'too_many_failed_attempts');
    });

    it('existing_password/reset counts toward the same lock, in parallel too', async () => {
      const from = otherClient(provider);
      const email = await withPassword();
      const results = await Promise.all(
        Array.from({ length: 15 }, (_, i) => from('/passwords/existing_password/reset', { email, existing_password: `wrong guess ${i}`, new_password: `${STRONG} new`, session_duration_minutes: 30 })),
      );
      assert.deepEqual(tally(results), { 401: 10, 429: 5 });
      assert.equal((await loginFrom(from)(email, STRONG)).status, 429);
    });

    it('keeps the lock for its hour whatever comes meanwhile, then opens', async () => {
      const login = loginFrom();
      const email = await withPassword();
      for (let i = 0; i < 10; i++) assert.equal((await login(email, `wrong ${i}`)).status, 401);
      // Failures after the tenth used to wrap the count back to 1 and unlock the account.
      for (let i = 0; i < 12; i++) assert.equal((await login(email, `more ${i}`)).status, 429);
      clock.advance(HOUR - 60_000);
      const late = await login(email, STRONG);
      assert.equal(late.status, 429);
      assert.ok(late.retryAfter <= 60);
      clock.advance(61_000);
      assert.equal((await login(email, STRONG)).status, 200);
    });

    it('a success clears the count, so a later mistake starts afresh', async () => {
      const login = loginFrom();
      const email = await withPassword();
      for (let i = 0; i < 9; i++) assert.equal((await login(email, `wrong ${i}`)).status, 401);
      assert.equal((await login(email, STRONG)).status, 200);
      for (let i = 0; i < 9; i++) assert.equal((await login(email, `again ${i}`)).status, 401);
      assert.equal((await login(email, STRONG)).status, 200);
    });

    const STEP_MS = 30_000;
    const codeAt = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now().getTime() });

    it('authenticator and recovery codes share one lock: 10 of 30 parallel guesses are checked', async () => {
      const signedIn = await signInByEmailOtp(provider);
      const auth = withSession(signedIn.session_token);
      const totp = (await sdk(provider, 'POST', '/totps', { expiration_minutes: 10 }, auth)).json.data;
      // Verified first, so its recovery codes are live.
      assert.equal((await sdk(provider, 'POST', '/totps/authenticate', { totp_code: codeAt(totp.secret), session_duration_minutes: 30 }, auth)).status, 200);
      clock.advance(STEP_MS);
      const good = codeAt(totp.secret);
      const wrong = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2
            ? sdk(provider, 'POST', '/totps/authenticate', { totp_code: wrong, session_duration_minutes: 30 }, auth)
            : sdk(provider, 'POST', '/totps/recover', { recovery_code: `aaaa-bbbb-cc${String(i).padStart(2, 'a')}`, session_duration_minutes: 30 }, auth),
        ),
      );
      assert.deepEqual(tally(results), { 401: 10, 429: 20 });
      assert.equal((await sdk(provider, 'POST', '/totps/authenticate', { totp_code: good, session_duration_minutes: 30 }, auth)).status, 429);
      assert.equal((await sdk(provider, 'POST', '/totps/recover', { recovery_code: totp.recovery_codes[0], session_duration_minutes: 30 }, auth)).status, 429);
    });

    it('bounds passcode guesses per address across fresh codes: 20 an hour', async () => {
      const email = uniqueEmail('otp');
      let methodId = '';
      for (let round = 0; round < 4; round++) {
        clock.advance(2000);
        methodId = (await sdk(provider, 'POST', '/otps/email/login_or_create', { email })).json.data.method_id;
        const [message] = await outbox(provider, email);
        const wrong = String((Number(message!.code) + 1) % 1_000_000).padStart(6, '0');
        // Each code takes five guesses; parallel ones beyond that are refused without a check.
        const results = await Promise.all(Array.from({ length: 8 }, () => sdk(provider, 'POST', '/otps/authenticate', { token: wrong, method_id: methodId, session_duration_minutes: 30 })));
        assert.deepEqual(tally(results), { 401: 8 });
      }
      clock.advance(2000);
      await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      const [fresh] = await outbox(provider, email);
      const refused = await sdk(provider, 'POST', '/otps/authenticate', { token: fresh!.code, method_id: methodId, session_duration_minutes: 30 });
      assert.equal(refused.status, 429);
      assert.equal(refused.json.error_type, 'too_many_failed_attempts');
      clock.advance(HOUR);
      await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      const [later] = await outbox(provider, email);
      assert.equal((await sdk(provider, 'POST', '/otps/authenticate', { token: later!.code, method_id: methodId, session_duration_minutes: 30 })).status, 200);
    });

    it('forgets counters a day old, and only those', async () => {
      const login = loginFrom();
      const email = uniqueEmail('sweep');
      assert.equal((await login(email, 'not the password')).status, 401);
      const key = `pwfail:${email}`;
      const count = async () => (await provider.db.query('SELECT 1 FROM rate_limits WHERE key = $1', [key])).rows.length;
      assert.equal((await sweepRateLimits(provider.db, clock.now(), 86_400)) >= 0, true);
      assert.equal(await count(), 1, 'a fresh counter stays');
      clock.advance(86_400_000 + 1000);
      assert.ok((await sweepRateLimits(provider.db, clock.now(), 86_400)) >= 1);
      assert.equal(await count(), 0);
    });

    it('refuses an IP spraying many addresses after 30 failures, without locking the accounts', async () => {
      const owned = await withPassword();
      // Unknown addresses cost a hash and count like wrong passwords.
      const emails = [owned, ...Array.from({ length: 39 }, () => uniqueEmail('spray'))];
      const sprayer = loginFrom();
      const results = await Promise.all(emails.map((email) => sprayer(email, 'spray spray spray')));
      assert.deepEqual(tally(results), { 401: 30, 429: 10 });
      assert.equal(results.find((r) => r.status === 429)!.json.error_type, 'too_many_requests');
      assert.equal((await sprayer(owned, STRONG)).status, 429);
      // Another IP signs the sprayed account in: the account itself stays open.
      assert.equal((await loginFrom()(owned, STRONG)).status, 200);
    });
  });
}

describe('lockouts and limits across two provider processes sharing PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, () => {
  let provider: TestProvider;
  let peer: ProviderProcess;
  before(async () => {
    // Both processes read this project file; the clocks are the system's (a moved test clock would skew them).
    provider = await startTestProvider('postgres', { passwordIpLimit: { maxFailures: 40 }, eventLimits: { batchesPerIpPerMinute: 6 } });
    peer = await startPeerProcess(provider);
  });
  after(async () => {
    await peer?.stop();
    await provider?.destroy();
  });

  /** Request `i` goes to one process or the other. */
  const either = (i: number) => (i % 2 ? peer : provider);
  const login = (email: string, password: string, target: { url: string }) => sdk(target, 'POST', '/passwords/authenticate', { email, password, session_duration_minutes: 30 });

  it('an account lock: 10 of 26 parallel guesses checked, then both refuse the right password', async () => {
    const email = uniqueEmail('lock');
    assert.equal((await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 })).status, 200);
    const results = await Promise.all(Array.from({ length: 26 }, (_, i) => login(email, `wrong ${i}`, either(i))));
    assert.deepEqual(tally(results), { 401: 10, 429: 16 });
    assert.equal((await login(email, STRONG, peer)).status, 429);
    assert.equal((await login(email, STRONG, provider)).status, 429);
  });

  it('the authenticator lock', async () => {
    const signedIn = await signInByEmailOtp(provider);
    const auth = withSession(signedIn.session_token);
    assert.equal((await sdk(provider, 'POST', '/totps', { expiration_minutes: 10 }, auth)).status, 200);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => sdk(either(i), 'POST', '/totps/authenticate', { totp_code: '000000', session_duration_minutes: 30 }, auth)));
    // A guess of 000000 could be right once in a million; 10 are checked either way.
    assert.equal(results.filter((r) => r.status === 429).length, 14);
  });

  it('the per-IP failed-password budget (40 here), the send burst and the telemetry budget', async () => {
    // One client address of its own, talking to both processes.
    const sprayers = [otherClient(provider, '127.0.3.1'), otherClient(peer, '127.0.3.1')];
    const spray = await Promise.all(
      Array.from({ length: 46 }, (_, i) => sprayers[i % 2]!('/passwords/authenticate', { email: uniqueEmail('spray'), password: 'spray spray spray', session_duration_minutes: 30 })),
    );
    assert.deepEqual(tally(spray), { 401: 40, 429: 6 });
    const email = uniqueEmail('burst');
    const sends = await Promise.all(Array.from({ length: 8 }, (_, i) => sdk(either(i), 'POST', '/otps/email/login_or_create', { email })));
    assert.deepEqual(tally(sends), { 200: 3, 429: 5 });
    const event = { telemetry: {}, event: { public_token: TEST_TOKEN, event_name: 'x' } };
    const batches = await Promise.all(Array.from({ length: 10 }, (_, i) => sdk(either(i), 'POST', '/events', [event], { Authorization: '' })));
    assert.deepEqual(tally(batches), { 200: 6, 429: 4 });
  });
});
