// The peer of `npm run bench:provider`: Better Auth with its PostgreSQL (pg Pool) adapter,
// defaults otherwise, served by Node's http server through its own Node handler. Started by
// the bench as a child process; prints `listening <port>` once it accepts connections.
// WORKERS=n runs n processes on one port (node:cluster), as the provider's WORKERS does, so
// the two sides get the same number of processes.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const workers = Number(process.env.WORKERS ?? 1);
const port = Number(process.env.PORT);
if (!port) throw new Error('PORT is required');
// Every process signs cookies with the same secret, as a deployment's processes would.
const secret = process.env.PEER_SECRET ?? randomBytes(32).toString('hex');

function options(listenPort) {
  return {
    // The same pool size as the provider's default (2 x cores), per process, so both sides queue alike.
    database: new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 2 * availableParallelism()) }),
    baseURL: `http://127.0.0.1:${listenPort}`,
    secret,
    emailAndPassword: { enabled: true },
    // The bench signs 100 users up from one address; limits would refuse most of them.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  };
}

if (workers > 1 && cluster.isPrimary) {
  const { runMigrations } = await getMigrations(options(port));
  await runMigrations();
  let ready = 0;
  const forked = Array.from({ length: workers }, () => cluster.fork({ PEER_SECRET: secret }));
  for (const w of forked) {
    w.on('listening', () => {
      if (++ready === workers) process.stdout.write(`listening ${port}\n`);
    });
  }
  // The primary waits for its workers: a worker that exits after its primary writes its goodbye
  // into a closed channel (EPIPE), which crashed the bench's last line of output.
  process.on('SIGTERM', () => {
    let left = forked.length;
    if (left === 0) process.exit(0);
    for (const w of forked) {
      w.once('exit', () => --left === 0 && process.exit(0));
      w.kill('SIGTERM');
    }
  });
} else {
  const auth = betterAuth(options(port));
  if (!cluster.isWorker) {
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();
  }
  const server = createServer(toNodeHandler(auth));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  if (!cluster.isWorker) process.stdout.write(`listening ${port}\n`);
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    // Keep-alive connections of the load generator would hold close() open.
    server.closeAllConnections();
  });
}
