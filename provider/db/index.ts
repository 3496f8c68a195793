import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { migrate } from './migrations.ts';
import type { Database, Queryable } from './types.ts';

export type { Database, Queryable } from './types.ts';

export interface OpenOptions {
  /** `postgres://…` to use a real server; otherwise the embedded database under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

async function openPglite(dataDir: string): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  let pgl: PGlite;
  try {
    pgl = await PGlite.create(join(dataDir, 'pgdata'));
  } catch (e) {
    unlock();
    throw e;
  }
  return {
    kind: 'pglite',
    query: async (sql, params) => pgl.query(sql, params as unknown[]),
    exec: async (sql) => {
      await pgl.exec(sql);
    },
    transaction: (fn) =>
      pgl.transaction((tx) =>
        fn({
          query: async (sql, params) => tx.query(sql, params as unknown[]),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    async close() {
      try {
        await pgl.exec('CHECKPOINT');
        await pgl.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * How long a request may wait for a pooled connection, and for one query, before it is
 * answered 503 (DATABASE_TIMEOUT_MS, default 5 s): during an outage callers hear at once
 * that the service is unavailable instead of hanging for as long as it lasts.
 */
export function databaseTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.DATABASE_TIMEOUT_MS ?? 5000);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`DATABASE_TIMEOUT_MS must be a positive integer of milliseconds, got ${env.DATABASE_TIMEOUT_MS}`);
  return ms;
}

/** The database could not be reached or did not answer in time: a 503, not the caller's fault. */
export class DatabaseUnavailable extends Error {
  override name = 'DatabaseUnavailable';
}

// Connection failures (refused, reset, DNS), pg's own timeouts and terminations, and the
// server's connection-exception (08) and shutdown (57P) classes.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/;

/** Whether `err` says the database is unreachable rather than that a statement was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailable) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (err instanceof AggregateError && err.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}

/** A `pg` query; a named one is prepared once per connection and then only bound and run. */
function statement(text: string, values: unknown[] | undefined, name: string | undefined): pg.QueryConfig {
  return name === undefined ? { text, values } : { name, text, values };
}

function openPostgres(url: string): Database {
  const timeout = databaseTimeoutMs();
  // More connections than the server can run at once only queue inside it: on 2 cores, 4
  // connections measured 867 session checks/s where 10 gave 488-671 (bench/RESULTS.md).
  const max = Number(process.env.DATABASE_POOL_SIZE ?? 2 * availableParallelism());
  // query_timeout ends the wait on a connection whose server went away; the pool then drops
  // that connection (released with the error) rather than handing it out again.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: timeout, query_timeout: timeout });
  // An idle connection the server drops (restart, failover, an administrator) is only logged:
  // the pool replaces it on next use, and without a listener it would crash the process.
  let closed = false;
  pool.on('error', (e) => {
    if (!closed) console.error(`provider: idle database connection lost: ${e.message}`);
  });
  const query: Queryable['query'] = async (sql, params, prepare) => pool.query(statement(sql, params, prepare)) as never;
  return {
    kind: 'postgres',
    query,
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The server may drop the connection between two statements; without a listener that
      // 'error' event would end the process. The next statement then fails and is answered.
      const lost = (e: Error) => (broken = e);
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (sql, params, prepare) => client.query(statement(sql, params, prepare)) as never,
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        if (isDatabaseUnavailable(e)) broken = e as Error;
        else await client.query('ROLLBACK').catch((r: Error) => (broken = r));
        throw e;
      } finally {
        // A connection that failed or timed out is destroyed, never returned to the pool.
        client.off('error', lost);
        client.release(broken);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => {
      closed = true;
      return pool.end();
    },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}
