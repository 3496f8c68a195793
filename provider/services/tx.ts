import type { Database, Queryable } from '../db/index.ts';

const RETRYABLE = new Set(['23505', '40001', '40P01']);

/** Whether `e` is a lost race (a unique violation, a serialization failure, a deadlock) worth a fresh attempt. */
function isRetryable(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code !== undefined && RETRYABLE.has(code);
}

/**
 * Runs `run` again when it loses a race to a concurrent writer (a deadlock, a serialization
 * failure), at most `tries` times in all. `run` is a whole transaction (withTx) or one statement
 * made outside any: PostgreSQL rolls back only that statement when it picks it as a deadlock
 * victim (a session check and a revoke lock the same rows), so a fresh attempt is safe. Never
 * for a statement inside withTx, whose transaction the failure has aborted.
 */
export async function retryLostRace<T>(run: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= tries || !isRetryable(e)) throw e;
    }
  }
}

/** Work registered by code inside a transaction that may only run once it has committed. */
const committed = new WeakMap<Queryable, Array<() => Promise<void>>>();

/**
 * Runs `job` after the transaction `tx` (opened by withTx) commits, before withTx returns; a
 * rolled-back attempt drops it. For effects outside the database, such as handing a message
 * recorded in `tx` to its transport, when the code deciding on it is deep inside the operation.
 */
export function afterCommit(tx: Queryable, job: () => Promise<void>): void {
  const jobs = committed.get(tx);
  if (!jobs) throw new Error('afterCommit needs a transaction opened by withTx');
  jobs.push(job);
}

/** Runs one operation's writes in one transaction, retrying when a concurrent writer won a race. */
export async function withTx<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return retryLostRace(async () => {
    const jobs: Array<() => Promise<void>> = [];
    const result = await db.transaction((tx) => {
      committed.set(tx, jobs);
      return fn(tx);
    });
    for (const job of jobs) await job();
    return result;
  });
}
