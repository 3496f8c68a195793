import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startProvider, type RunningProvider } from '../../provider/server.ts';
import { freePort, sdk, signInByEmailOtp, TEST_ORIGIN, TEST_TOKEN, withSession } from './harness.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const POOL = 4;

/**
 * A PostgreSQL server of this test's own (a temporary directory, a free port), so stopping
 * it disturbs no other test. initdb refuses to run as root: as root it runs as `postgres`.
 */
async function privatePostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'provider-outage-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  }
  const run = (cmd: string, args: string[]) => execFileSync(asRoot ? 'runuser' : join(BIN, cmd), asRoot ? ['-u', 'postgres', '--', join(BIN, cmd), ...args] : args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  const pids = () => {
    const main = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(main)])
      .toString()
      .split('\n')
      .map(Number)
      .filter(Boolean);
    return [main, ...children];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    /** Freezes every process of the server: connections stay open and nothing answers. */
    freeze: () => pids().forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => pids().forEach((pid) => process.kill(pid, 'SIGCONT')),
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('a PostgreSQL outage under load', { skip: !existsSync(join(BIN, 'initdb')) && `${BIN} not installed` }, () => {
  let pg: Awaited<ReturnType<typeof privatePostgres>>;
  let provider: RunningProvider;
  let dataDir: string;
  before(async () => {
    pg = await privatePostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'provider-outage-'));
    writeFileSync(join(dataDir, 'project.json'), JSON.stringify({ publicTokens: { test: TEST_TOKEN }, authorizedOrigins: [TEST_ORIGIN] }));
    // The pool reads these at start: a short bound keeps the test quick.
    process.env.DATABASE_TIMEOUT_MS = '1500';
    process.env.DATABASE_POOL_SIZE = String(POOL);
    provider = await startProvider({ port: 0, dataDir, databaseUrl: pg.url, env: { LOG_REPEAT_SECONDS: '1', DEV_PAGES: '1' } });
  });
  after(async () => {
    await provider?.close();
    pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Eight clients checking a session in a loop while `outage` runs: every answer during the
   * outage must be a 503 in the error shape, and each client must have had its answers
   * before the database comes back (nobody waits out the outage). Then all recover.
   */
  async function underLoad(secret: string, outage: { begin(): void; end(): void }) {
    let down = false;
    let stop = false;
    const answeredWhileDown = new Array<number>(8).fill(0);
    const bad: string[] = [];
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (!stop) {
        const res = await sdk(provider, 'POST', '/sessions/authenticate', {}, withSession(secret));
        const wasDown = down;
        if (res.status === 503) {
          if (res.json?.error_type !== 'server_unavailable' || res.json.status_code !== 503 || !res.headers.get('retry-after')) bad.push(res.text);
          if (wasDown) answeredWhileDown[i]!++;
        } else if (res.status !== 200) bad.push(`${res.status} ${res.text}`);
      }
    });
    outage.begin();
    down = true;
    // The outage lasts until every client has had two answers in it.
    while (answeredWhileDown.some((n) => n < 2)) await new Promise((r) => setTimeout(r, 50));
    outage.end();
    down = false;
    const backAt = Date.now();
    let recovered: number | undefined;
    while (recovered === undefined) {
      const res = await sdk(provider, 'POST', '/sessions/authenticate', {}, withSession(secret));
      if (res.status === 200) recovered = Date.now() - backAt;
    }
    stop = true;
    await Promise.all(clients);
    assert.deepEqual(bad, [], 'every answer is a 200 or a 503 server_unavailable with Retry-After');
    return recovered;
  }

  async function assertPoolWhole() {
    const stats = provider.db.poolStats!();
    assert.equal(stats.waiting, 0);
    assert.ok(stats.total <= POOL, `${stats.total} connections`);
    // Twice the pool in parallel: a leaked (never released) connection would leave some waiting for ever.
    const results = await Promise.all(Array.from({ length: 2 * POOL }, () => fetch(`${provider.url}/health`)));
    assert.deepEqual(
      results.map((r) => r.status),
      new Array(2 * POOL).fill(200),
    );
    assert.equal(provider.db.poolStats!().waiting, 0);
  }

  it('answers 503 server_unavailable while the server is stopped, and recovers when it is back; logs one line per interval', async (t) => {
    const { session_token } = await signInByEmailOtp(provider);
    const lines: string[] = [];
    const original = console.error;
    t.mock.method(console, 'error', (...args: unknown[]) => (String(args[0]).includes('database unavailable') ? lines.push(String(args[0])) : original(...args)));
    const counting = t.mock.method(globalThis, 'fetch');
    const recovery = await underLoad(session_token, { begin: () => pg.stop(), end: () => pg.start() });
    const answers503 = counting.mock.calls.length;
    // Every 503 was one failing request; the log has the first line of each 1 s interval, then
    // the count of the held-back ones once the interval is over.
    await new Promise((r) => setTimeout(r, 1200));
    const written = lines.filter((l) => !/more like it/.test(l));
    const counts = lines.filter((l) => /more like it in the last 1 s, not written one by one\)$/.test(l));
    assert.ok(written.length >= 1 && counts.length >= 1, lines.join('\n'));
    assert.ok(lines.length < answers503 / 2, `${lines.length} lines for ${answers503} requests`);
    const held = counts.reduce((n, l) => n + Number(/\((\d+) more like it/.exec(l)![1]), 0);
    assert.ok(held + written.length > 16, 'the counts account for the failures not written (8 clients, at least two 503s each)');
    console.log(`# recovered ${recovery} ms after PostgreSQL was back (stopped)`);
    await assertPoolWhole();
  });

  it('bounds the wait when the server stops answering without closing connections', async () => {
    const { session_token } = await signInByEmailOtp(provider);
    const recovery = await underLoad(session_token, { begin: () => pg.freeze(), end: () => pg.thaw() });
    console.log(`# recovered ${recovery} ms after PostgreSQL was back (frozen)`);
    await assertPoolWhole();
  });
});
