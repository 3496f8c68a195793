import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { sdk, startTestProvider, TEST_TOKEN, type TestProvider } from './harness.ts';

describe('PostgreSQL connections dropped by the server', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, () => {
  let provider: TestProvider;
  before(async () => {
    provider = await startTestProvider('postgres');
  });
  after(() => provider.destroy());

  it('keeps serving after the server terminates its idle connections', async () => {
    // Warm the pool so it holds idle connections.
    await Promise.all([0, 1, 2].map(() => sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`)));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_stat_activity WHERE datname LIKE 'provider_test_%' AND pid <> pg_backend_pid() AND state = 'idle'`,
    );
    assert.ok(rows.length > 0, 'the provider holds idle connections');
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()`, [[...new Set(rows.map((r) => r.datname))]]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    const health = await fetch(`${provider.url}/health`);
    assert.equal(health.status, 200);
    assert.equal((await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`)).status, 200);
  });
});
