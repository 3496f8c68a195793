import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEV_PAGES_WARNING, devPagesRequested, loadProjectConfig } from './config.ts';
import { startProvider } from './server.ts';
import { assertStrongSecrets, ensureFirstSecret } from './services/project-secrets.ts';

/**
 * CLI entry: `npm run provider`, safe by default (no development pages unless DEV_PAGES=1 or
 * NODE_ENV=development). Honours PROVIDER_PORT, DATA_DIR, DATABASE_URL, PROJECT_FILE,
 * TLS_CERT_FILE/TLS_KEY_FILE (serve HTTPS) and WORKERS: with PostgreSQL, WORKERS=n runs n processes sharing the port and the database,
 * which is how one machine uses all its cores (the embedded database serves one process only).
 */
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const projectFile = process.env.PROJECT_FILE || undefined;
const port = Number(process.env.PROVIDER_PORT ?? 8787);
const workers = Number(process.env.WORKERS ?? 1);
const tls = process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE ? { cert: readFileSync(process.env.TLS_CERT_FILE), key: readFileSync(process.env.TLS_KEY_FILE) } : undefined;

if (!Number.isInteger(workers) || workers < 1) {
  console.error(`provider: WORKERS must be a positive integer, got ${process.env.WORKERS}`);
  process.exit(1);
}
if (workers > 1 && !databaseUrl) {
  console.error('provider: WORKERS > 1 needs DATABASE_URL; the embedded database serves a single process');
  process.exit(1);
}

try {
  // Before any worker is forked: a weak secret is refused once, with its reason, not by every worker in turn.
  assertStrongSecrets(process.env);
} catch (e) {
  console.error(`provider: cannot start: ${(e as Error).message}`);
  process.exit(1);
}

/** First start: the server API's first secret, printed this once (only its hash is kept). */
function seedSecret(): void {
  const file = projectFile ?? join(dataDir, 'project.json');
  const created = ensureFirstSecret(file, loadProjectConfig(file), process.env);
  if (created) {
    console.log(`server API secret (shown once, only its hash is stored in ${file}): ${created.secret}`);
  }
}

if (workers > 1 && cluster.isPrimary) await supervise();
else await serveOne();

/** Runs one provider in this process until SIGINT/SIGTERM. */
async function serveOne(): Promise<void> {
  if (!cluster.isWorker) seedSecret();
  let provider;
  try {
    provider = await startProvider({ port, dataDir, databaseUrl, projectFile, tls });
  } catch (e) {
    // A start-up refusal (wrong SECRETS_KEY, unreachable database, bad project file) is one clear line.
    console.error(`provider: cannot start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  if (!cluster.isWorker) {
    console.log(`provider: ${provider.url}`);
    console.log(`public token: ${provider.config.publicTokens.test ?? provider.config.publicTokens.live}`);
    console.log(`project id: ${provider.config.projectId}`);
    if (provider.devPages) console.warn(DEV_PAGES_WARNING);
  }
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      provider.close().then(
        () => process.exit(0),
        (e: unknown) => {
          console.error('provider: shutdown failed', e);
          process.exit(1);
        },
      );
    });
  }
}

/** The primary: seeds the project file once, forks the workers and replaces any that crash. */
async function supervise(): Promise<void> {
  // Seeding here, before any fork, keeps workers from racing to create the project file.
  seedSecret();
  const config = loadProjectConfig(projectFile ?? join(dataDir, 'project.json'));
  let stopping = false;
  let ready = 0;
  const fork = () =>
    cluster.fork().once('listening', () => {
      if (++ready === workers) {
        console.log(`provider: ${tls ? 'https' : 'http'}://localhost:${port} (${workers} workers)`);
        console.log(`public token: ${config.publicTokens.test ?? config.publicTokens.live}`);
        console.log(`project id: ${config.projectId}`);
        if (devPagesRequested(process.env)) console.warn(DEV_PAGES_WARNING);
      }
    });
  for (let i = 0; i < workers; i++) fork();
  let recentCrashes = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`provider: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    // A worker that dies at once on every start (bad configuration) must not spin forever.
    if (++recentCrashes > workers * 3) {
      console.error('provider: workers keep exiting; giving up');
      process.exit(1);
    }
    setTimeout(() => recentCrashes--, 60_000).unref();
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
      let left = Object.keys(cluster.workers ?? {}).length;
      if (left === 0) process.exit(0);
      cluster.on('exit', () => {
        if (--left === 0) process.exit(0);
      });
    });
  }
}
