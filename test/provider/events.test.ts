import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, otherClient, startTestProvider, TEST_TOKEN, TestClock, type TestProvider } from './harness.ts';

const DAY = 86_400_000;

const event = (name: string, pad = 0, token = TEST_TOKEN) => ({
  telemetry: { event_id: `event-id-${name}` },
  event: { public_token: token, event_name: name, details: { pad: 'x'.repeat(pad) } },
});

for (const kind of databases) {
  describe(`telemetry events bounded against anonymous writers (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { eventLimits: { batchesPerIpPerMinute: 5, maxBytes: 20_000, maxAgeDays: 1 } }, clock);
    });
    after(() => provider.destroy());

    const stored = async () => (await provider.db.query<{ event_name: string; bytes: number }>('SELECT event_name, bytes FROM events ORDER BY id')).rows;

    it('takes only events naming the project token, of at most 16 KB, 15 a batch', async () => {
      const post = otherClient(provider);
      const before = (await stored()).length;
      for (const [batch, status] of [
        [[event('no-token', 0, '')], 401],
        [[event('good'), event('forged', 0, 'public-token-test-someone-else')], 401],
        [[event('too-big', 17_000)], 400],
        [Array.from({ length: 16 }, (_, i) => event(`many-${i}`)), 400],
        [[event('a'.repeat(100), 300_000)], 413],
      ] as const) {
        const res = await post('/events', batch, { Authorization: '' });
        assert.equal(res.status, status, JSON.stringify(res.json));
        assert.ok(res.json.error_type);
      }
      assert.equal((await stored()).length, before, 'nothing refused was stored');
      const res = await post(
        '/events',
        Array.from({ length: 15 }, (_, i) => event(`ok-${i}`, 3500)),
        { Authorization: '' },
      );
      assert.equal(res.status, 200);
    });

    it('gives each client IP 5 batches a minute, however many arrive at once', async () => {
      const post = otherClient(provider);
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/events', [event(`burst-${i}`)], { Authorization: '' })));
      assert.equal(results.filter((r) => r.status === 200).length, 5);
      const limited = results.filter((r) => r.status === 429);
      assert.equal(limited.length, 7);
      assert.equal(limited[0]!.json.error_type, 'too_many_requests');
      assert.ok(limited[0]!.retryAfter > 0);
      assert.equal((await otherClient(provider)('/events', [event('another-ip')], { Authorization: '' })).status, 200);
      clock.advance(61_000);
      assert.equal((await post('/events', [event('next-minute')], { Authorization: '' })).status, 200);
    });

    it('keeps the table under its byte budget, newest first, and forgets events older than a day', async () => {
      for (let i = 0; i < 4; i++) {
        assert.equal(
          (
            await otherClient(provider)(
              '/events',
              Array.from({ length: 3 }, (_, j) => event(`big-${i}-${j}`, 3500)),
              { Authorization: '' },
            )
          ).status,
          200,
        );
      }
      const rows = await stored();
      const total = rows.reduce((sum, r) => sum + r.bytes, 0);
      assert.ok(total <= 20_000, `${total} bytes kept`);
      assert.ok(total > 15_000, `${total} bytes kept`);
      assert.equal(rows.at(-1)!.event_name, 'big-3-2');
      clock.advance(DAY + 1000);
      assert.equal((await otherClient(provider)('/events', [event('tomorrow')], { Authorization: '' })).status, 200);
      assert.deepEqual(
        (await stored()).map((r) => r.event_name),
        ['tomorrow'],
      );
    });
  });
}
