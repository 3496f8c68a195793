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
    // Only this provider's own database: other test files run beside this one on the same
    // server, and their connections are none of this test's business.
    const database = new URL(provider.databaseUrl!).pathname.slice(1);
    const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND state = 'idle'`, [database]);
    assert.ok(rows.length > 0, 'the provider holds idle connections');
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
    // Termination is a signal: wait until the server has really dropped them.
    const left = async () => Number((await admin.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1`, [database])).rows[0].n);
    while ((await left()) > 0) await new Promise((r) => setTimeout(r, 20));
    await admin.end();
    const health = await fetch(`${provider.url}/health`);
    assert.equal(health.status, 200);
    assert.equal((await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`)).status, 200);
  });
});
