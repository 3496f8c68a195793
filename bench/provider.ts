// `npm run bench:provider`: throughput and latency of the provider on loopback (not a test).
// The provider runs as `npm run provider` runs it, in child processes: BENCH_WORKERS is a list of
// process counts (default 1,2,4 on PostgreSQL, 1 on the embedded database), each measured with a
// fresh provider. Uses DATABASE_URL when set (PostgreSQL), else a throwaway embedded database.
// Two session checks are measured, as the official clients make them: the browser's
// (`POST /sdk/v1/sessions/authenticate` with the session token; the token rotates, and the load
// generator follows it as a browser would) and the server API's (`POST /v1/sessions/authenticate`
// {session_token}, what the Node SDK's sessions.authenticate sends). On PostgreSQL they are
// measured beside a peer's (Better Auth, bench/peer-better-auth) with as many processes, on the
// same server in a database of its own, the sides taking turns (BENCH_ROUNDS each).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const TOKEN = 'public-token-test-bench000-0000-4000-8000-000000000000';
const PROJECT_ID = 'project-test-bench000-0000-4000-8000-000000000000';
const SECRET = `secret-test-${randomBytes(24).toString('base64url')}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PEER_DIR = join(dirname(fileURLToPath(import.meta.url)), 'peer-better-auth');
const databaseUrl = process.env.DATABASE_URL || undefined;
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? (databaseUrl ? '1,2,4' : '1')).split(',').map(Number);

const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

interface Provider {
  url: string;
  close(): Promise<void>;
}

/** A fresh database of the PostgreSQL server at `serverUrl`, dropped by `drop`. */
async function freshDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The provider's own CLI with `workers` processes on a fresh data directory (and, on
 * PostgreSQL, a fresh database of the server), resolved once it prints its address.
 */
async function startProvider(workers: number): Promise<Provider> {
  const database = databaseUrl ? await freshDatabase(databaseUrl, `bench_provider_${process.pid}_${workers}`) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-provider-'));
  const projectFile = join(dataDir, 'project.json');
  writeFileSync(
    projectFile,
    JSON.stringify({
      projectId: PROJECT_ID,
      publicTokens: { test: TOKEN },
      sendLimits: { perAddress: 1_000_000, perIp: 1_000_000 },
      serverApiLimits: { perIp: 100_000_000, perSecret: 100_000_000 },
    }),
  );
  const port = randomPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'provider/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: database?.url ?? '',
      DEV_PAGES: '1',
      WORKERS: String(workers),
      PROVIDER_PORT: String(port),
      DATA_DIR: dataDir,
      PROJECT_FILE: projectFile,
      PROJECT_SECRETS: SECRET,
    },
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
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
const basic = (secret: string) => `Basic ${Buffer.from(`${TOKEN}:${secret}`).toString('base64')}`;

async function call(provider: Provider, path: string, body: unknown, secret = TOKEN): Promise<Record<string, any>> {
  const res = await fetch(`${provider.url}/sdk/v1${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: basic(secret) }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** One full OTP sign-in: send, read the code from the outbox, authenticate. */
async function otpSignIn(provider: Provider, i: number): Promise<Record<string, any>> {
  const email = `bench-${process.pid}-${i}@example.test`;
  const sent = await call(provider, '/otps/email/login_or_create', { email });
  const out = (await (await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } })).json()) as Array<{ code: string }>;
  return call(provider, '/otps/authenticate', { token: out[0]!.code, method_id: sent.method_id, session_duration_minutes: 60 });
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(name: string, opts: autocannon.Options): Promise<Figures> {
  // The providers run in processes of their own, so the load generator on this thread takes
  // no CPU from the thread it measures (it did once: a third of the profile was autocannon).
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

/**
 * The browser's check, cycling over the sessions: each request presents the session's current
 * token and takes the one it is handed back (the token rotates), as the official client does
 * with its cookie.
 */
function browserChecks(tokens: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/sdk/v1/sessions/authenticate',
      body: '{}',
      setupRequest(req: autocannon.Request, context: Record<string, unknown>) {
        const i = next++ % tokens.length;
        context.i = i;
        return { ...req, headers: { 'content-type': 'application/json', authorization: basic(tokens[i]!) } };
      },
      onResponse(status: number, body: string, context: Record<string, unknown>) {
        const i = context.i as number;
        if (status === 200 && !body.includes(tokens[i]!)) tokens[i] = (JSON.parse(body) as { data: { session_token: string } }).data.session_token;
      },
    },
  ];
}

/**
 * The Node SDK's `sessions.authenticate({ session_token })`: Basic project id and secret, the
 * session's current token (the browser checks rotate it, and a backend reads it from the
 * browser's cookie).
 */
function serverChecks(tokens: string[]): autocannon.Request[] {
  const authorization = `Basic ${Buffer.from(`${PROJECT_ID}:${SECRET}`).toString('base64')}`;
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/v1/sessions/authenticate',
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ session_token: tokens[next++ % tokens.length] }),
      }),
    },
  ];
}

/** The OTP flow is three dependent requests, so it is driven by hand with the same concurrency. */
async function otpFlow(provider: Provider): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await otpSignIn(provider, next++);
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
 * Better Auth with `workers` processes on a fresh database of the same PostgreSQL server, with
 * 100 users signed up; its install lives in its own folder so the product's install does not
 * carry it.
 */
async function startPeer(databaseUrl: string, workers: number): Promise<Peer> {
  if (!existsSync(join(PEER_DIR, 'node_modules', 'better-auth'))) {
    console.log('installing the peer (bench/peer-better-auth) for the first run...');
    const npm = spawnSync('npm', ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--no-package-lock'], { stdio: 'inherit' });
    if (npm.status !== 0) throw new Error('npm install of the peer failed');
  }
  const database = await freshDatabase(databaseUrl, `bench_peer_${process.pid}_${workers}`);
  const port = randomPort();
  const child = spawn(process.execPath, [join(PEER_DIR, 'server.mjs')], {
    env: { ...process.env, DATABASE_URL: database.url, WORKERS: String(workers), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
  const base = `http://127.0.0.1:${port}`;
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
      await database.drop();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The rounds of one side folded into one line: the median of each figure, errors summed. */
function fold(name: string, runs: Figures[]): Figures {
  return { name, rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) };
}

const line = (f: Figures, anchor: Figures) =>
  `${f.name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(9)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(8)}   ${(f.rps / anchor.rps).toFixed(2)}`;

/** One process count: a fresh provider and peer, 100 sessions each, the checks in alternating rounds. */
async function benchWorkers(workers: number): Promise<void> {
  const provider = await startProvider(workers);
  let peer: Peer | undefined;
  try {
    // Many users, as in production: one hot row would measure lock contention, not the provider.
    const sessions: Array<Record<string, any>> = [];
    for (let i = 0; i < 100; i += 10) sessions.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => otpSignIn(provider, -1 - i - k)))));
    const tokens = sessions.map((s) => s.session_token as string);
    const health = await cannon('health (ceiling)', { url: `${provider.url}/health` });
    const browser = browserChecks(tokens);
    const server = serverChecks(tokens);
    peer = databaseUrl ? await startPeer(databaseUrl, workers) : undefined;
    const theirs = peer?.cookies.map((cookie) => ({ method: 'GET', path: '/api/auth/get-session', headers: { cookie } })) ?? [];
    // Unrecorded warm-up of each side (JIT, prepared statements, connection pools).
    await cannon('warm-up', { url: provider.url, requests: browser, duration: 3 });
    await cannon('warm-up', { url: provider.url, requests: server, duration: 3 });
    if (peer) await cannon('warm-up', { url: peer.url, requests: theirs, duration: 3 });
    // The machine is shared: the sides take turns, so a busy minute hits each.
    const runs: Record<'browser' | 'server' | 'peer', Figures[]> = { browser: [], server: [], peer: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.browser.push(await cannon('browser check', { url: provider.url, requests: browser }));
      if (peer) runs.peer.push(await cannon('Better Auth get-session', { url: peer.url, requests: theirs }));
      runs.server.push(await cannon('server API check', { url: provider.url, requests: server }));
    }
    const browserCheck = fold('browser sessions/authenticate', runs.browser);
    const serverCheck = fold('server sessions/authenticate', runs.server);
    const peerCheck = peer ? fold('Better Auth get-session', runs.peer) : undefined;
    const otp = process.env.BENCH_OTP === '1' ? await otpFlow(provider) : undefined;
    const db = databaseUrl ? 'postgres' : 'pglite';
    console.log(`\nprovider bench on ${db}, ${workers} process${workers > 1 ? 'es' : ''} each side, ${CONNECTIONS} connections, ${DURATION}s each, checks in ${ROUNDS} alternating rounds (medians)`);
    console.log('name                           req/s     p50 ms   p99 ms   errors   vs health');
    for (const f of [health, browserCheck, serverCheck, ...(peerCheck ? [peerCheck] : []), ...(otp ? [otp] : [])]) console.log(line(f, health));
    if (peerCheck) {
      for (const f of [browserCheck, serverCheck]) {
        console.log(`${f.name} / Better Auth: req/s ${(f.rps / peerCheck.rps).toFixed(2)}x, p50 ${(f.p50 / peerCheck.p50).toFixed(2)}x, p99 ${(f.p99 / peerCheck.p99).toFixed(2)}x`);
      }
      console.log('rounds (req/s, p99 ms):');
      runs.browser.forEach((r, i) => {
        const s = runs.server[i]!;
        const p = runs.peer[i]!;
        console.log(`  ${i + 1}: browser ${r.rps.toFixed(0)} / ${r.p99.toFixed(1)}   server ${s.rps.toFixed(0)} / ${s.p99.toFixed(1)}   peer ${p.rps.toFixed(0)} / ${p.p99.toFixed(1)}`);
      });
    } else {
      console.log('(the Better Auth peer runs on PostgreSQL only: set DATABASE_URL)');
    }
  } finally {
    await peer?.close();
    await provider.close();
  }
}

for (const workers of WORKER_COUNTS) await benchWorkers(workers);
