import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Clock } from '../../provider/context.ts';
import { runAdmin } from '../../provider/admin/run.ts';
import { openDatabase, type Database } from '../../provider/db/index.ts';
import { startProvider, type RunningProvider } from '../../provider/server.ts';
import type { OutboxEntry } from '../../provider/services/delivery.ts';

/**
 * The outbound setting of a project whose identity provider or messaging API is a local fake
 * on loopback: without it the provider refuses to fetch from internal addresses.
 */
export const LOOPBACK_OUTBOUND = { allowedRanges: ['127.0.0.0/8', '::1'] };

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private offset = 0;
  private held: number | undefined;
  now(): Date {
    return new Date((this.held ?? Date.now()) + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
  /**
   * Runs `fn` with the clock stopped. A test whose requests must all fall inside one short
   * window holds it: on a busy machine a burst of requests can take longer than the window.
   */
  async whileHeld<T>(fn: () => Promise<T>): Promise<T> {
    this.held = Date.now();
    try {
      return await fn();
    } finally {
      this.held = undefined;
    }
  }
}

// Test files run side by side, so a request may wait on a busy machine longer for a pooled
// connection than the 5 s after which a production server answers 503; a test that is about
// that budget (db-outage) sets its own.
process.env.DATABASE_TIMEOUT_MS ??= '30000';

/** The databases the provider suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_ORIGIN = 'http://app.test';
export const TEST_TOKEN = `public-token-test-${randomUUID()}`;
/** The test project's B2B public token (`publicTokens.b2b`): bootstrap says B2B for it. */
export const TEST_B2B_TOKEN = `public-token-test-${randomUUID()}`;

export interface TestProvider extends RunningProvider {
  dataDir: string;
  /** The PostgreSQL database's URL (postgres kind only), for tests that look at stored rows. */
  databaseUrl: string | undefined;
  /** Stops the server, keeping its data for a restart test. */
  stop(): Promise<void>;
  /** Stops and removes everything it created. */
  destroy(): Promise<void>;
  restart(): Promise<TestProvider>;
}

/** The migrations' fingerprint: a template made for another set of migrations is never used. */
const SCHEMA = createHash('sha256')
  .update(readFileSync(new URL('../../provider/db/migrations.ts', import.meta.url)))
  .digest('hex')
  .slice(0, 12);

let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database that test databases are copied from (`CREATE DATABASE …
 * TEMPLATE`), made once per server and migration set: the migrations took about 250 ms of the
 * server's time per database. Test files run side by side: each migrates a database of its own
 * and the first to rename it wins. Nothing ever connects to the template, as a copy requires.
 * The first migration of an empty database stays covered by the tests that make their own
 * (cluster.test.ts) and by every embedded provider started on a directory of its own.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `provider_template_${SCHEMA}`;
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      if ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows[0]) return name;
      const making = `provider_making_${randomUUID().replaceAll('-', '')}`;
      await client.query(`CREATE DATABASE ${making}`);
      const url = new URL(admin);
      url.pathname = `/${making}`;
      const db = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString() });
      await db.close();
      try {
        await client.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
      } catch (e) {
        // 42P04 duplicate_database: another file's template got there first.
        if ((e as { code?: string }).code !== '42P04') throw e;
        await client.query(`DROP DATABASE ${making}`);
      }
      return name;
    } finally {
      await client.end();
    }
  })();
  return postgresTemplate;
}

/** A fresh, migrated PostgreSQL database on TEST_DATABASE_URL's server; `drop` removes it. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await migratedPostgresTemplate();
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `provider_test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/*
 * A migrated embedded database, made once per run (per PGlite version and migration set) and
 * copied into each test provider's data directory. PGlite's initdb took 9-15 s on a busy
 * 2-core machine and the migrations 1.1 CPU-seconds of the 3.2 a provider's start cost
 * (profiled), against 0.1-0.2 s for a copy of the folder, and the suite starts hundreds of
 * embedded providers. The copy is the folder the provider's own openDatabase leaves behind,
 * closed cleanly; the provider still checks the migrations on it. The first start of a data
 * directory (initdb and every migration inside the provider) stays covered where tests start a
 * provider on a directory of their own, and on every PostgreSQL database. Test files run side
 * by side: each makes its template in a folder of its own, and the first to rename it into
 * place wins.
 */
const templates = fileURLToPath(new URL('../../.test-results/', import.meta.url));
/**
 * The copies' buffer pool. PostgreSQL's default (128MB, what a data directory of the provider's
 * own gets) is touched page by page at every start: opening a copy took 0.88 CPU-seconds with
 * it and 0.44 with 16MB, which a test's few rows never fill. Hundreds of embedded providers
 * start in a run; the pool's size changes no query's result.
 */
const TEST_SHARED_BUFFERS = '16MB';
let migratedPglite: Promise<string> | undefined;

function migratedPgliteTemplate(): Promise<string> {
  migratedPglite ??= (async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string };
    const template = join(templates, `pglite-migrated-${version}-${SCHEMA}-${TEST_SHARED_BUFFERS}`);
    if (existsSync(join(template, 'PG_VERSION'))) return template;
    mkdirSync(templates, { recursive: true });
    const dir = mkdtempSync(join(templates, 'pglite-making-'));
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    appendFileSync(join(dir, 'pgdata', 'postgresql.conf'), `\n# Test databases are small: see TEST_SHARED_BUFFERS.\nshared_buffers = ${TEST_SHARED_BUFFERS}\n`);
    try {
      renameSync(join(dir, 'pgdata'), template);
    } catch (e) {
      // Another file's template got there first; ours is not needed.
      if (!existsSync(join(template, 'PG_VERSION'))) throw e;
    }
    rmSync(dir, { recursive: true, force: true });
    return template;
  })();
  return migratedPglite;
}

/** Puts a copy of the migrated embedded database where the provider opens it (`dataDir/pgdata`). */
async function seedPglite(dataDir: string): Promise<void> {
  cpSync(await migratedPgliteTemplate(), join(dataDir, 'pgdata'), { recursive: true });
}

/** A fresh migrated database of the given kind without a provider (admin command tests); `destroy` removes it. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Database; destroy(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'provider-db-'));
  if (kind === 'pglite') await seedPglite(dataDir);
  const database = kind === 'postgres' ? await createDatabase() : undefined;
  const db = await openDatabase({ dataDir, databaseUrl: database?.url });
  return {
    db,
    async destroy() {
      await db.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A self-signed certificate for localhost (test only): the official Node SDK talks only to https. */
export const TEST_TLS = {
  cert: readFileSync(new URL('../fixtures/tls/localhost-cert.pem', import.meta.url)),
  key: readFileSync(new URL('../fixtures/tls/localhost-key.pem', import.meta.url)),
};

export interface TestProviderOptions {
  /** Environment the provider reads (PROJECT_SECRETS, ...), on top of DEV_PAGES=1 (the outbox the tests read codes from). */
  env?: NodeJS.ProcessEnv;
  /** Serve HTTPS with TEST_TLS. */
  tls?: boolean;
}

/** Starts a provider on a free port with a fresh database of the given kind. */
export async function startTestProvider(kind: 'pglite' | 'postgres', project: Record<string, unknown> = {}, clock?: Clock, options: TestProviderOptions = {}): Promise<TestProvider> {
  const dataDir = mkdtempSync(join(tmpdir(), 'provider-test-'));
  const projectFile = join(dataDir, 'project.json');
  writeFileSync(projectFile, JSON.stringify({ publicTokens: { test: TEST_TOKEN, b2b: TEST_B2B_TOKEN }, authorizedOrigins: [TEST_ORIGIN], ...project }));
  if (kind === 'pglite') await seedPglite(dataDir);
  const database = kind === 'postgres' ? await createDatabase() : undefined;
  const boot = async (): Promise<TestProvider> => {
    const running = await startProvider({ port: 0, dataDir, projectFile, databaseUrl: database?.url, env: { DEV_PAGES: '1', ...options.env }, clock, tls: options.tls ? TEST_TLS : undefined });
    const self: TestProvider = {
      ...running,
      dataDir,
      databaseUrl: database?.url,
      stop: () => running.close(),
      async destroy() {
        await running.close();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
      async restart() {
        await running.close();
        return boot();
      },
    };
    return self;
  };
  return boot();
}

/**
 * A port the system just handed out and took back, for a server that must be told its port
 * before it starts (a child process, a PostgreSQL server). Never a fixed or random one: test
 * files run side by side, and the system never hands one port to two of them at once.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

/** The environment that points a process (`npm run provider`, `npm run admin`) at `provider`'s project file and database. */
export function envOf(provider: Pick<TestProvider, 'dataDir' | 'databaseUrl'>): Record<string, string> {
  return { DATA_DIR: provider.dataDir, PROJECT_FILE: join(provider.dataDir, 'project.json'), ...(provider.databaseUrl ? { DATABASE_URL: provider.databaseUrl } : {}) };
}

/** What a run of the admin CLI ended with. */
export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- ...args` on `provider`'s project file and database, with `extra`
 * environment, run in this process as main.ts runs it: a child process per call cost about
 * two CPU-seconds of loading before the command began. The process itself is tested once
 * (server-api-admin.test.ts).
 */
export function adminCli(provider: Pick<TestProvider, 'dataDir' | 'databaseUrl'>, extra: NodeJS.ProcessEnv = {}) {
  return async (...args: string[]): Promise<AdminRun> => {
    const env = { ...extra, ...envOf(provider) };
    let stdout = '';
    let stderr = '';
    const code = await runAdmin(args, env, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
    return { code, stdout, stderr };
  };
}

/** A provider running in a child process, as `npm run provider` runs it. */
export interface ProviderProcess {
  url: string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (`kill -9`): no shutdown at all, and waits for the exit. */
  kill(): Promise<void>;
}

/** Runs `provider/main.ts` in a child process with `env` (PROVIDER_PORT 0) and waits until it listens. */
export async function spawnProvider(env: Record<string, string>): Promise<ProviderProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'provider/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', PROVIDER_PORT: '0', WORKERS: '1', DEV_PAGES: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  const exited = once(child, 'exit');
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(name);
      await exited;
    }
  };
  for (;;) {
    const m = /provider: (http:\/\/\S+)/.exec(output);
    if (m) return { url: m[1]!, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
    const chunk = await Promise.race([once(child.stdout, 'data'), exited.then(() => null)]);
    if (chunk === null) throw new Error(`provider process exited: ${output}`);
    output += String(chunk[0]);
  }
}

/**
 * A second provider *process* serving the same PostgreSQL database, project file and secrets
 * key as `provider`: what a deployment with several processes or machines looks like.
 */
export async function startPeerProcess(provider: TestProvider, env: Record<string, string> = {}): Promise<ProviderProcess> {
  if (!provider.databaseUrl) throw new Error('a peer process needs a PostgreSQL provider');
  return spawnProvider({ ...envOf(provider), ...env });
}

/** Calls `path` under /sdk/v1 the way the browser client does. */
export async function sdk(provider: Pick<RunningProvider, 'url'>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${provider.url}/sdk/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}`,
      Origin: TEST_ORIGIN,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf(res);
}

/** An answer's status, headers, text and its JSON (undefined when the body is not JSON). */
export async function answerOf<H>(res: { status: number; headers: H; text(): Promise<string> }) {
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * POSTs under /sdk/v1 from a loopback address of its own (Linux routes all of 127/8 to the
 * loopback): another client IP, so a test has its own per-IP budgets.
 */
let nextAddress = 1;
export function otherClient(provider: Pick<RunningProvider, 'url'>, localAddress = `127.0.${100 + Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`) {
  const port = new URL(provider.url).port;
  return (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; json: any; retryAfter: number }>((resolve, reject) => {
      const req = request(
        `http://127.0.0.1:${port}/sdk/v1${path}`,
        {
          method: 'POST',
          localAddress,
          headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}`, ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text), retryAfter: Number(res.headers['retry-after']) }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
}

/** Basic credentials carrying a session secret, as the browser client sends them once signed in. */
export function withSession(secret: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${secret}`).toString('base64')}` };
}

/** What the outbox JSON API answers: the provider's own entry type. */
export type OutboxMessage = OutboxEntry;

/** Newest-first outbox messages for an address or number, through the JSON API. */
export async function outbox(provider: Pick<RunningProvider, 'url'> & Partial<Pick<RunningProvider, 'recorded'>>, to: string): Promise<OutboxMessage[]> {
  // A reset start records its message after its answer: wait for that, not for the sending
  // (a provider in another process has no such handle; its tests wait on the answer alone).
  await provider.recorded?.();
  const res = await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
  return (await res.json()) as OutboxMessage[];
}

/**
 * Waits until `check` holds, asking again every 20 ms (work the provider finishes after its
 * answer, such as a message sent in the background); fails after `tries` asks.
 */
export async function eventually(check: () => boolean | Promise<boolean>, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the expected state was never reached');
}

/** A unique address per test so tests in one file never share users or send limits. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A unique E.164 number. */
export function uniquePhone(): string {
  return `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** Signs a fresh user in by email OTP; the authenticate response's data (session_token, user…). */
export async function signInByEmailOtp(provider: Pick<RunningProvider, 'url'>, email = uniqueEmail()) {
  const send = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
  const [message] = await outbox(provider, email);
  const res = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: send.json.data.method_id, session_duration_minutes: 30 });
  if (res.status !== 200) throw new Error(`OTP sign-in failed: ${res.text}`);
  return res.json.data;
}
