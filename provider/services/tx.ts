import type { Database, Queryable } from '../db/index.ts';

const RETRYABLE = new Set(['23505', '40001', '40P01']);

/** Runs one operation's writes in one transaction, retrying when a concurrent writer won a race. */
export async function withTx<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (attempt < 3 && code && RETRYABLE.has(code)) continue;
      throw e;
    }
  }
}
