// What the peers of `npm run bench:provider` (bench/peer-*/server.mjs) share: WORKERS=n
// processes on one port (node:cluster), as the provider's WORKERS runs, so both sides get the
// same number of processes; `listening <port>` on stdout once every process accepts
// connections; a clean stop on SIGTERM. Node built-ins only: each peer imports it from its own
// folder, whose node_modules hold the peer's packages.
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';

/** The same pool size as the provider's default (2 x cores), per process, so both sides queue alike. */
export const poolSize = () => Number(process.env.DATABASE_POOL_SIZE ?? 2 * availableParallelism());

/**
 * Serves `handler()` (a Node request listener, made in each process) on PORT with WORKERS
 * processes. `prepare()` runs once, before any process serves (migrations); `shared` is what
 * every process must hold alike (secrets, keys), made once by the first process and handed to
 * the others in their environment, and given to `handler`.
 */
export async function serveCluster({ prepare, handler, shared }) {
  const workers = Number(process.env.WORKERS ?? 1);
  const port = Number(process.env.PORT);
  if (!port) throw new Error('PORT is required');
  if (!process.env.PEER_SHARED) process.env.PEER_SHARED = JSON.stringify(shared());
  const values = JSON.parse(process.env.PEER_SHARED);
  if (workers > 1 && cluster.isPrimary) {
    await prepare(values);
    let ready = 0;
    const forked = Array.from({ length: workers }, () => cluster.fork({ PEER_SHARED: process.env.PEER_SHARED }));
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
    return;
  }
  if (!cluster.isWorker) await prepare(values);
  const server = createServer(await handler(values, port));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  if (!cluster.isWorker) process.stdout.write(`listening ${port}\n`);
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    // Keep-alive connections of the load generator would hold close() open.
    server.closeAllConnections();
  });
}
