// What the rows of `npm run bench:provider` share: our provider in child processes on a fresh
// database, a peer in child processes on a database of its own on the same PostgreSQL server,
// the load generator, and the figures folded over alternating rounds and printed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';

export const TOKEN = 'public-token-test-bench000-0000-4000-8000-000000000000';
export const PROJECT_ID = 'project-test-bench000-0000-4000-8000-000000000000';
export const SECRET = `secret-test-${randomBytes(24).toString('base64url')}`;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const databaseUrl = process.env.DATABASE_URL || undefined;
const BENCH_DIR = dirname(fileURLToPath(import.meta.url));

/** The server API's credentials (what the Node SDK sends): Basic project id and secret. */
export const serverAuthorization = `Basic ${Buffer.from(`${PROJECT_ID}:${SECRET}`).toString('base64')}`;

const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

export interface Provider {
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

/** Resolves once the child has printed text matching `ready`; rejects if it exits first. */
async function printed(child: ChildProcess & { stdout: Readable }, ready: RegExp, who: string): Promise<void> {
  let out = '';
  child.stdout.setEncoding('utf8');
  while (!ready.test(out)) {
    const [chunk] = (await Promise.race([
      once(child.stdout, 'data'),
      once(child, 'exit').then(() => {
        throw new Error(`${who} exited`);
      }),
    ])) as [string];
    out += chunk;
  }
}

/**
 * The provider's own CLI with `workers` processes on a fresh data directory (and, on
 * PostgreSQL, a fresh database of the server), resolved once it prints its address. Every
 * per-IP and per-secret budget is lifted: the load comes from one address.
 */
export async function startProvider(workers: number): Promise<Provider> {
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
      connectedApps: { tokenLimit: { perIp: 100_000_000 } },
    }),
  );
  const port = randomPort();
  // BENCH_CPU_PROF=<dir>: each of our provider's processes writes its CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'provider/main.ts'], {
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
  await printed(child, /public token/, 'provider');
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

/**
 * A peer (`bench/<dir>/server.mjs`) with `workers` processes on a fresh database of the same
 * PostgreSQL server, resolved once it prints `listening <port>`. Its install lives in its own
 * folder (its package.json, installed here on first run), so the product's install does not
 * carry it.
 */
export async function startPeerProcess(dir: string, serverUrl: string, workers: number, env: Record<string, string> = {}): Promise<Provider> {
  const peerDir = join(BENCH_DIR, dir);
  const { dependencies } = JSON.parse(readFileSync(join(peerDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  if (Object.keys(dependencies).some((name) => !existsSync(join(peerDir, 'node_modules', name)))) {
    console.log(`installing the peer (bench/${dir}) for the first run...`);
    const npm = spawnSync('npm', ['install', '--prefix', peerDir, '--no-audit', '--no-fund', '--no-package-lock'], { stdio: 'inherit' });
    if (npm.status !== 0) throw new Error(`npm install of bench/${dir} failed`);
  }
  const database = await freshDatabase(serverUrl, `bench_${dir.replace(/\W/g, '_')}_${process.pid}_${workers}`);
  const port = randomPort();
  const child = spawn(process.execPath, [join(peerDir, 'server.mjs')], {
    env: { ...process.env, ...env, DATABASE_URL: database.url, WORKERS: String(workers), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await printed(child, /listening \d+/, `peer ${dir}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await database.drop();
    },
  };
}

export const basic = (secret: string) => `Basic ${Buffer.from(`${TOKEN}:${secret}`).toString('base64')}`;

/** A JSON POST that must succeed: its `data` (our provider's answers) or the whole body. */
export async function postJson(url: string, body: unknown, authorization: string): Promise<Record<string, any>> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${new URL(url).pathname}: ${res.status} ${JSON.stringify(json)}`);
  return (json.data as Record<string, any> | undefined) ?? json;
}

export function call(provider: Provider, path: string, body: unknown, secret = TOKEN): Promise<Record<string, any>> {
  return postJson(`${provider.url}/sdk/v1${path}`, body, basic(secret));
}

/** One full OTP sign-in: send, read the code from the outbox, authenticate. */
export async function otpSignIn(provider: Provider, i: number): Promise<Record<string, any>> {
  const email = `bench-${process.pid}-${i}@example.test`;
  const sent = await call(provider, '/otps/email/login_or_create', { email });
  const out = (await (await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } })).json()) as Array<{ code: string }>;
  return call(provider, '/otps/authenticate', { token: out[0]!.code, method_id: sent.method_id, session_duration_minutes: 60 });
}

/** `n` results of `make(i)`, `width` at a time (many users, as in production, made quickly). */
export async function many<T>(n: number, make: (i: number) => Promise<T>, width = 10): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, k) => make(i + k)))));
  return out;
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * One load of `opts` on this thread. The providers run in processes of their own, so the load
 * generator takes no CPU from the thread it measures (it did once: a third of the profile was
 * autocannon). With `amount` (each request spends something, e.g. a code) the load ends when
 * all are sent, and req/s is the count over the time taken.
 */
export async function cannon(name: string, opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const rps = opts.amount ? r.requests.total / r.duration : r.requests.average;
  return { name, rps, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The rounds of one side folded into one line: the median of each figure, errors summed. */
export function fold(name: string, runs: Figures[]): Figures {
  return { name, rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) };
}

/** A row of the table: req/s, p50, p99, errors and, when given, the ratio of req/s to `anchor`'s. */
export const line = (f: Figures, anchor?: Figures) =>
  `${f.name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(9)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(8)}${anchor ? `   ${(f.rps / anchor.rps).toFixed(2)}` : ''}`;

/** Ours beside a peer's row: req/s, p50 and p99, ours over theirs. */
export const ratio = (ours: Figures, peer: Figures, peerName: string) =>
  `${ours.name} / ${peerName}: req/s ${(ours.rps / peer.rps).toFixed(2)}x, p50 ${(ours.p50 / peer.p50).toFixed(2)}x, p99 ${(ours.p99 / peer.p99).toFixed(2)}x`;

/** The header of a table of rows. */
export const header = (anchorName?: string) => `name                           req/s     p50 ms   p99 ms   errors${anchorName ? `   ${anchorName}` : ''}`;

export const roundFigures = (f: Figures) => `${f.rps.toFixed(0)} / ${f.p99.toFixed(1)}`;
