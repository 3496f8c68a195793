// The peer of `npm run bench:provider`: Better Auth with its PostgreSQL (pg Pool) adapter,
// defaults otherwise, served by Node's http server through its own Node handler. Started by
// the bench as a child process; prints `listening <port>` once it accepts connections.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
let handle = () => undefined;
const server = createServer((req, res) => handle(req, res));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const auth = betterAuth({
  // The same pool size as the provider's default (2 x cores), so both sides queue alike.
  database: new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 2 * availableParallelism()) }),
  baseURL: `http://127.0.0.1:${port}`,
  secret: randomBytes(32).toString('hex'),
  emailAndPassword: { enabled: true },
  // The bench signs 100 users up from one address; limits would refuse most of them.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
});
const { runMigrations } = await getMigrations(auth.options);
await runMigrations();
handle = toNodeHandler(auth);
process.stdout.write(`listening ${port}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
