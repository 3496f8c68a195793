// The peer of `npm run bench:provider`: Better Auth with its PostgreSQL (pg Pool) adapter,
// defaults otherwise, served by Node's http server through its own Node handler. Started by
// the bench as a child process, with WORKERS processes on PORT (bench/peer-cluster.mjs).
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import pg from 'pg';
import { poolSize, serveCluster } from '../peer-cluster.mjs';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT);

function options(secret) {
  return {
    database: new pg.Pool({ connectionString: url, max: poolSize() }),
    baseURL: `http://127.0.0.1:${port}`,
    secret,
    emailAndPassword: { enabled: true },
    // The bench signs 100 users up from one address; limits would refuse most of them.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  };
}

await serveCluster({
  // Every process signs cookies with the same secret, as a deployment's processes would.
  shared: () => ({ secret: randomBytes(32).toString('hex') }),
  async prepare({ secret }) {
    const { runMigrations } = await getMigrations(options(secret));
    await runMigrations();
  },
  handler: ({ secret }) => toNodeHandler(betterAuth(options(secret))),
});
