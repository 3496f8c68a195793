import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, otherClient, outbox, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';

/*
 * The B2B element counts a 429's Retry-After down on the control it refused (issue 32), so
 * every B2B limit a member can reach answers with one: email sends (the discovery passcode
 * here; magic links, organization sends, reset emails and MFA texts take the same
 * limitSend) and passcode guesses per address. Password and authenticator locks are checked
 * in b2b-passwords*.test.ts and b2b-mfa.test.ts. Default limits: 5 sends per address a
 * minute, 3 within 3 seconds; 20 wrong passcodes per address an hour.
 */
const BURST_MS = 3_500;
const tally = (rs: Array<{ status: number }>) => rs.reduce<Record<number, number>>((t, r) => ((t[r.status] = (t[r.status] ?? 0) + 1), t), {});

for (const kind of databases) {
  describe(`B2B limits answer 429 with Retry-After (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, {}, clock);
    });
    after(() => provider.destroy());

    it('eight parallel sends to one address: three go, the rest wait out the burst window (1 to 3 s)', async () => {
      const email = uniqueEmail('b2b-burst');
      const send = otherClient(provider);
      // The eight arrive within the window however slowly the machine answers them.
      await clock.whileHeld(async () => {
        const results = await Promise.all(Array.from({ length: 8 }, () => send('/b2b/otps/email/discovery/send', { email_address: email })));
        assert.deepEqual(tally(results), { 200: 3, 429: 5 });
        for (const r of results.filter((x) => x.status === 429)) {
          assert.equal(r.json.error_type, 'too_many_requests');
          assert.ok(r.retryAfter >= 1 && r.retryAfter <= 3, String(r.retryAfter));
        }
      });
      clock.advance(60_000);
    });

    it("the sixth send in a minute waits out the minute's rest, then goes", async () => {
      const email = uniqueEmail('b2b-minute');
      const send = otherClient(provider);
      for (let i = 0; i < 5; i++) {
        const ok = await send('/b2b/otps/email/discovery/send', { email_address: email });
        assert.equal(ok.status, 200, JSON.stringify(ok.json));
        clock.advance(BURST_MS);
      }
      const refused = await send('/b2b/otps/email/discovery/send', { email_address: email });
      assert.equal(refused.status, 429);
      // Five burst windows of the minute are gone (plus the test's own real seconds).
      assert.ok(refused.retryAfter > 30 && refused.retryAfter <= 60 - (5 * BURST_MS) / 1000 + 1, String(refused.retryAfter));
      clock.advance(refused.retryAfter * 1000);
      assert.equal((await send('/b2b/otps/email/discovery/send', { email_address: email })).status, 200);
      clock.advance(60_000);
    });

    it('twenty wrong passcodes per address (five in parallel per code), then even the right code waits about an hour', async () => {
      const email = uniqueEmail('b2b-guess');
      const client = otherClient(provider);
      const code = async (n: number) => {
        assert.equal((await client('/b2b/otps/email/discovery/send', { email_address: email })).status, 200);
        clock.advance(BURST_MS);
        const messages = await outbox(provider, email);
        assert.equal(messages.length, n);
        return messages[0]!.code!;
      };
      for (let n = 1; n <= 4; n++) {
        const right = await code(n);
        const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
        const guesses = await Promise.all(Array.from({ length: 5 }, () => client('/b2b/otps/email/discovery/authenticate', { email_address: email, code: wrong })));
        assert.deepEqual(tally(guesses), { 401: 5 });
      }
      const right = await code(5);
      const locked = await client('/b2b/otps/email/discovery/authenticate', { email_address: email, code: right });
      assert.equal(locked.status, 429);
      assert.equal(locked.json.error_type, 'too_many_failed_attempts');
      assert.ok(locked.retryAfter > 3500 && locked.retryAfter <= 3600, String(locked.retryAfter));
    });
  });
}
