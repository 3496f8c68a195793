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

/** A `pg` query; a named one is prepared once per connection and then only bound and run. */
function statement(text: string, values: unknown[] | undefined, name: string | undefined): pg.QueryConfig {
  return name === undefined ? { text, values } : { name, text, values };
}

function openPostgres(url: string): Database {
  // More connections than the server can run at once only queue inside it: on 2 cores, 4
  // connections measured 867 session checks/s where 10 gave 488-671 (bench/RESULTS.md).
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 2 * availableParallelism()) });
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
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
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
