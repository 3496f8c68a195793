// `npm run bench:provider`: throughput and latency of the provider on loopback (not a test).
// Uses DATABASE_URL when set (PostgreSQL), else a throwaway embedded database. BENCH_WORKERS=n
// (PostgreSQL only) runs the provider as `npm run provider` does with WORKERS=n.
// On PostgreSQL the session check is measured beside a peer's (Better Auth, bench/peer-better-auth),
// on the same server in a database of its own, the two sides taking turns (BENCH_ROUNDS each).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProvider } from '../provider/server.ts';

const TOKEN = 'public-token-test-bench000-0000-4000-8000-000000000000';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PEER_DIR = join(dirname(fileURLToPath(import.meta.url)), 'peer-better-auth');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-provider-'));
const projectFile = join(dataDir, 'project.json');
writeFileSync(projectFile, JSON.stringify({ publicTokens: { test: TOKEN }, sendLimits: { perAddress: 1_000_000, perIp: 1_000_000 } }));
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const provider = WORKERS > 1 ? await startCluster() : await startProvider({ port: 0, dataDir, projectFile, databaseUrl: process.env.DATABASE_URL || undefined, env: { DEV_PAGES: '1' } });

/** The provider's own CLI with WORKERS processes, resolved once it prints its address. */
async function startCluster(): Promise<{ url: string; close(): Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'provider/main.ts'], {
    env: { ...process.env, DEV_PAGES: '1', WORKERS: String(WORKERS), PROVIDER_PORT: String(port), DATA_DIR: dataDir, PROJECT_FILE: projectFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  while (!out.includes('public token')) {
    const [chunk] = (await Promise.race([
      once(child.stdout!, 'data'),
      once(child, 'exit').then(() => {
        throw new Error('provider exited');
      }),
    ])) as [string];
    out += chunk;
  }
  return {
    url: `http://localhost:${port}`,
    async close() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
const basic = (secret: string) => `Basic ${Buffer.from(`${TOKEN}:${secret}`).toString('base64')}`;

async function call(path: string, body: unknown, secret = TOKEN): Promise<Record<string, any>> {
  const res = await fetch(`${provider.url}/sdk/v1${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: basic(secret) }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** One full OTP sign-in: send, read the code from the outbox, authenticate. */
async function otpSignIn(i: number): Promise<Record<string, any>> {
  const email = `bench-${process.pid}-${i}@example.test`;
  const sent = await call('/otps/email/login_or_create', { email });
  const out = (await (await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } })).json()) as Array<{ code: string }>;
  return call('/otps/authenticate', { token: out[0]!.code, method_id: sent.method_id, session_duration_minutes: 60 });
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(name: string, opts: autocannon.Options): Promise<Figures> {
  // The load generator runs in a worker thread: on the provider's own event loop it would
  // take CPU from the very thread it measures (it did: a third of the profile was autocannon).
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, workers: 1, ...opts });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

/** The OTP flow is three dependent requests, so it is driven by hand with the same concurrency. */
async function otpFlow(): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await otpSignIn(next++);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { name: 'full OTP sign-in', rps: latencies.length / DURATION, p50: q(0.5), p99: q(0.99), errors };
}

interface Peer {
  url: string;
  cookies: string[];
  close(): Promise<void>;
}

/**
 * Better Auth on a fresh database of the same PostgreSQL server, in its own process (as the
 * provider's cluster workers are), with 100 users signed up; its install lives in its own
 * folder so the product's install does not carry it.
 */
async function startPeer(databaseUrl: string): Promise<Peer> {
  if (!existsSync(join(PEER_DIR, 'node_modules', 'better-auth'))) {
    console.log('installing the peer (bench/peer-better-auth) for the first run...');
    const npm = spawnSync('npm', ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--no-package-lock'], { stdio: 'inherit' });
    if (npm.status !== 0) throw new Error('npm install of the peer failed');
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `bench_peer_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const child = spawn(process.execPath, [join(PEER_DIR, 'server.mjs')], { env: { ...process.env, DATABASE_URL: url.href }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.setEncoding('utf8');
  while (!/listening \d+/.test(out)) {
    const [chunk] = (await Promise.race([
      once(child.stdout!, 'data'),
      once(child, 'exit').then(() => {
        throw new Error('peer exited');
      }),
    ])) as [string];
    out += chunk;
  }
  const base = `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}`;
  const signUp = async (i: number): Promise<string> => {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: `bench-${i}@example.test`, password: 'correct horse battery staple', name: `Bench ${i}` }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (!res.ok || !cookie) throw new Error(`peer sign-up: ${res.status} ${await res.text()}`);
    return cookie.split(';')[0]!;
  };
  const cookies: string[] = [];
  for (let i = 0; i < 100; i += 10) cookies.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => signUp(i + k)))));
  return {
    url: base,
    cookies,
    async close() {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The rounds of one side folded into one line: the median of each figure, errors summed. */
function fold(name: string, runs: Figures[]): Figures {
  return { name, rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) };
}

const databaseUrl = process.env.DATABASE_URL || undefined;
let peer: Peer | undefined;
try {
  // The session JWT names the session; the opaque token rotates on every check, the JWT does not.
  // Many users, as in production: one hot row would measure lock contention, not the provider.
  const sessions = await Promise.all(Array.from({ length: 100 }, (_, i) => otpSignIn(-1 - i)));
  const health = await cannon('health (ceiling)', { url: `${provider.url}/health` });
  // Plain request objects (a worker cannot receive functions); each connection cycles them.
  const ours = sessions.map((s) => ({ method: 'POST', path: '/sdk/v1/sessions/authenticate', headers: { 'content-type': 'application/json', authorization: basic(s.session_jwt) }, body: '{}' }));
  peer = databaseUrl ? await startPeer(databaseUrl) : undefined;
  const theirs = peer?.cookies.map((cookie) => ({ method: 'GET', path: '/api/auth/get-session', headers: { cookie } })) ?? [];
  // Unrecorded warm-up of each side (JIT, prepared statements, connection pools).
  await cannon('warm-up', { url: provider.url, requests: ours, duration: 3 });
  if (peer) await cannon('warm-up', { url: peer.url, requests: theirs, duration: 3 });
  // The machine is shared: the sides take turns, so a busy minute hits both.
  const ourRuns: Figures[] = [];
  const peerRuns: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ourRuns.push(await cannon('sessions/authenticate', { url: provider.url, requests: ours }));
    if (peer) peerRuns.push(await cannon('Better Auth get-session', { url: peer.url, requests: theirs }));
  }
  const check = fold('sessions/authenticate', ourRuns);
  const peerCheck = peerRuns.length > 0 ? fold('Better Auth get-session', peerRuns) : undefined;
  const otp = await otpFlow();
  const db = databaseUrl ? 'postgres' : 'pglite';
  console.log(`provider bench on ${db}, ${WORKERS} process${WORKERS > 1 ? 'es' : ''}, ${CONNECTIONS} connections, ${DURATION}s each, session checks in ${ROUNDS} alternating rounds (medians)`);
  console.log('name                       req/s     p50 ms   p99 ms   errors   vs health');
  for (const f of [health, check, ...(peerCheck ? [peerCheck] : []), otp]) {
    console.log(
      `${f.name.padEnd(25)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(9)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(8)}   ${(f.rps / health.rps).toFixed(2)}`,
    );
  }
  if (peerCheck) {
    console.log(
      `\nsession check, ours / Better Auth: req/s ${(check.rps / peerCheck.rps).toFixed(2)}x, p50 ${(check.p50 / peerCheck.p50).toFixed(2)}x, p99 ${(check.p99 / peerCheck.p99).toFixed(2)}x`,
    );
    console.log('rounds (req/s, p99 ms):');
    ourRuns.forEach((r, i) => console.log(`  ${i + 1}: ours ${r.rps.toFixed(0)} / ${r.p99.toFixed(1)}   peer ${peerRuns[i]!.rps.toFixed(0)} / ${peerRuns[i]!.p99.toFixed(1)}`));
  } else {
    console.log('\n(the Better Auth peer runs on PostgreSQL only: set DATABASE_URL)');
  }
} finally {
  await peer?.close();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
}
