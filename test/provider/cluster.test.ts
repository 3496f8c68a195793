import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { openDatabase } from '../../provider/db/index.ts';
import { startProvider } from '../../provider/server.ts';
import { freePort, sdk, spawnProvider, withSession, TEST_ORIGIN, TEST_TOKEN, type ProviderProcess } from './harness.ts';

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
    const p = runProvider({ WORKERS: '2', PROVIDER_PORT: String(port), DATABASE_URL: url.toString(), DEV_PAGES: '1' });
    try {
      while (!/\(2 workers\)/.test(p.output()) || !/DEVELOPMENT PAGES ARE ON/.test(p.output())) {
        await Promise.race([once(p.child.stdout, 'data'), once(p.child.stderr, 'data'), once(p.child, 'exit').then(() => assert.fail(p.output()))]);
      }
      // Asked for, the development pages are announced once, by the primary, not by each worker.
      assert.equal(p.output().match(/DEVELOPMENT PAGES ARE ON/g)!.length, 1);
      // Fresh connections are spread over the workers; every one must answer from the shared database.
      const auth = `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}`;
      const email = `cluster-${port}@example.test`;
      const sent = await fetch(`http://127.0.0.1:${port}/sdk/v1/otps/email/login_or_create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: auth, Connection: 'close' },
        body: JSON.stringify({ email }),
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

describe('several processes starting at once on an empty PostgreSQL database', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, () => {
  /** A fresh, empty database on the shared server; `drop` removes it. */
  async function emptyDatabase(tag: string) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `provider_start_${tag}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }

  it('migrates once: eight openings in parallel, three times over, all succeed', async () => {
    // Before the lock was taken ahead of the bookkeeping table, most rounds failed with a
    // duplicate key in pg_type (CREATE TABLE IF NOT EXISTS racing itself).
    for (let round = 0; round < 3; round++) {
      const database = await emptyDatabase(`open${round}`);
      try {
        const opened = await Promise.allSettled(Array.from({ length: 8 }, () => openDatabase({ dataDir: tmpdir(), databaseUrl: database.url })));
        const failed = opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
        for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
        assert.deepEqual(failed, []);
      } finally {
        await database.drop();
      }
    }
  });

  it('four provider processes started together all serve, and agree on the schema and signing key', async () => {
    const database = await emptyDatabase('procs');
    const dataDir = mkdtempSync(join(tmpdir(), 'provider-start-'));
    const projectFile = join(dataDir, 'project.json');
    writeFileSync(projectFile, JSON.stringify({ publicTokens: { test: TEST_TOKEN }, authorizedOrigins: [TEST_ORIGIN] }));
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => spawnProvider({ DATA_DIR: dataDir, PROJECT_FILE: projectFile, DATABASE_URL: database.url, NODE_ENV: 'development' })));
    try {
      assert.deepEqual(
        started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason)),
        [],
      );
      const providers = started.map((s) => (s as PromiseFulfilledResult<ProviderProcess>).value);
      // A sign-in through one process is checked by each of the others: one schema, one key.
      const email = `start-race-${process.pid}@example.test`;
      const send = await sdk(providers[0]!, 'POST', '/otps/email/login_or_create', { email });
      assert.equal(send.status, 200);
      const res = await fetch(`${providers[1]!.url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } });
      const [message] = (await res.json()) as Array<{ code: string }>;
      const signedIn = await sdk(providers[2]!, 'POST', '/otps/authenticate', { token: message!.code, method_id: send.json.data.method_id, session_duration_minutes: 30 });
      assert.equal(signedIn.status, 200);
      for (const p of providers) {
        const checked = await sdk(p, 'POST', '/sessions/authenticate', {}, withSession(signedIn.json.data.session_jwt));
        assert.equal(checked.status, 200);
      }
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

describe('weak server API secrets', () => {
  for (const [what, secrets] of [
    ['a single letter', 'a'],
    ['a repeated pattern', 'abababababababababababababababababab'],
    ['a short second secret', `${'k9'.repeat(4)}Zq-x_7YpLmN3vB8wT2rD6hJ0cF5gA1sE,short`],
  ] as const) {
    it(`refuses to start with ${what} in PROJECT_SECRETS, saying why without echoing it`, async () => {
      const p = runProvider({ PROVIDER_PORT: '0', PROJECT_SECRETS: secrets });
      const [code] = await once(p.child, 'exit');
      p.cleanup();
      assert.equal(code, 1);
      assert.match(p.output(), /provider: cannot start: PROJECT_SECRETS: secret \d is too weak .*at least 32 characters, of at least 8 different ones/);
      for (const s of secrets.split(',')) if (s.length > 1) assert.ok(!p.output().includes(s), 'the secret is not printed');
    });
  }

  it('starts with two strong secrets, and startProvider refuses a weak one too', async () => {
    const strong = `${randomBytes(16).toString('hex')},secret-test-${randomBytes(24).toString('base64url')}`;
    const p = runProvider({ PROVIDER_PORT: '0', PROJECT_SECRETS: strong });
    try {
      while (!/provider: http/.test(p.output())) {
        await Promise.race([once(p.child.stdout, 'data'), once(p.child, 'exit').then(() => assert.fail(p.output()))]);
      }
    } finally {
      p.child.kill('SIGTERM');
      await once(p.child, 'exit');
      p.cleanup();
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'provider-weak-'));
    try {
      await assert.rejects(startProvider({ port: 0, dataDir, env: { PROJECT_SECRETS: 'password' } }), /PROJECT_SECRETS: secret 1 is too weak/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
