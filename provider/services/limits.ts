import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * Fixed-window counter kept in the database, so every provider process sharing it enforces
 * one limit. Throws 429 with Retry-After once `max` is exceeded within `windowSeconds`.
 */
export async function hit(db: Queryable, key: string, max: number, windowSeconds: number, now: Date): Promise<void> {
  await hitAll(db, [{ key, max }], windowSeconds, now);
}

/**
 * Counts one request against several limits of the same window in one statement (one round
 * trip); throws 429 when any of them is exceeded. The keys must differ.
 */
export async function hitAll(db: Queryable, limits: Array<{ key: string; max: number }>, windowSeconds: number, now: Date): Promise<void> {
  const { rows } = await db.query<{ key: string; window_start: Date; count: number }>(
    `INSERT INTO rate_limits (key, window_start, count) SELECT k, $2, 1 FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE rate_limits.count + 1 END
     RETURNING key, window_start, count`,
    [limits.map((l) => l.key), now, windowSeconds],
  );
  for (const row of rows) {
    const max = limits.find((l) => l.key === row.key)!.max;
    if (row.count > max) {
      const retry = Math.max(1, Math.ceil((new Date(row.window_start).getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
      throw new ApiError(429, 'too_many_requests', 'Too many requests have been made. Please wait and try again.', { 'Retry-After': String(retry) });
    }
  }
}

/**
 * Forgets counters whose window started more than `keepSeconds` ago: every limit and lock
 * has ended by then. Guesses at many addresses would otherwise leave a row each for ever.
 */
export async function sweepRateLimits(db: Queryable, now: Date, keepSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('WITH gone AS (DELETE FROM rate_limits WHERE window_start < $1 RETURNING 1) SELECT count(*)::integer AS n FROM gone', [
    new Date(now.getTime() - keepSeconds * 1000),
  ]);
  return rows[0]?.n ?? 0;
}
