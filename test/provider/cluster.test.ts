import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { freePort, TEST_ORIGIN, TEST_TOKEN } from './harness.ts';

/** Runs `provider/main.ts` as `npm run provider` does, with the given environment. */
function runProvider(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'provider-cluster-'));
  const projectFile = join(dataDir, 'project.json');
  writeFileSync(projectFile, JSON.stringify({ publicTokens: { test: TEST_TOKEN }, authorizedOrigins: [TEST_ORIGIN] }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'provider/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PROJECT_FILE: projectFile, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe('provider processes (WORKERS)', () => {
  it('refuses several workers on the embedded database, saying why', async () => {
    const p = runProvider({ WORKERS: '2', PROVIDER_PORT: '0' });
    const [code] = await once(p.child, 'exit');
    p.cleanup();
    assert.equal(code, 1);
    assert.match(p.output(), /WORKERS > 1 needs DATABASE_URL/);
  });

  it('refuses a WORKERS value that is not a positive integer', async () => {
    const p = runProvider({ WORKERS: 'many', PROVIDER_PORT: '0' });
    const [code] = await once(p.child, 'exit');
    p.cleanup();
    assert.equal(code, 1);
    assert.match(p.output(), /WORKERS must be a positive integer/);
  });

  it('serves one port from two processes sharing PostgreSQL, and stops cleanly', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `provider_cluster_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const port = await freePort();
    const p = runProvider({ WORKERS: '2', PROVIDER_PORT: String(port), DATABASE_URL: url.toString() });
    try {
      while (!/\(2 workers\)/.test(p.output())) {
        await Promise.race([once(p.child.stdout, 'data'), once(p.child, 'exit').then(() => assert.fail(p.output()))]);
      }
      // Fresh connections are spread over the workers; every one must answer from the shared database.
      const auth = `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}`;
      const email = `cluster-${port}@example.test`;
      const sent = await fetch(`http://127.0.0.1:${port}/sdk/v1/otps/email/login_or_create`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: auth, Connection: 'close' }, body: JSON.stringify({ email }),
      });
      assert.equal(sent.status, 200);
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json', Connection: 'close' } });
        assert.equal(((await res.json()) as unknown[]).length, 1);
      }
      p.child.kill('SIGTERM');
      const [code] = await once(p.child, 'exit');
      assert.equal(code, 0);
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
      p.cleanup();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
