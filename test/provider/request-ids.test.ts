import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, startTestProvider, TEST_ORIGIN, type TestProvider } from './harness.ts';

// Request ids follow the served project, as the hosted provider's do: a live project's say live.
for (const kind of databases) {
  describe(`request ids of a live project (${kind})`, () => {
    const LIVE = `public-token-live-${randomUUID()}`;
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { publicTokens: { live: LIVE } });
    });
    after(() => provider.destroy());

    it('say live on success and on error', async () => {
      const boot = await fetch(`${provider.url}/sdk/v1/projects/bootstrap/${LIVE}`, { headers: { Origin: TEST_ORIGIN } });
      assert.equal(boot.status, 200);
      assert.match((await boot.json()).data.request_id, /^request-id-live-[0-9a-f-]{36}$/);
      const missing = await fetch(`${provider.url}/sdk/v1/nope`, { headers: { Origin: TEST_ORIGIN } });
      assert.equal(missing.status, 404);
      assert.match((await missing.json()).request_id, /^request-id-live-/);
    });
  });
}
