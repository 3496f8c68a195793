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
 *
 * `durable: false` commits the count without waiting for the write-ahead log to reach disk
 * (`synchronous_commit` off for this statement's transaction only): a crash may forget the
 * last fraction of a second of counts, which a throttle on request volume can afford, and
 * every request of a busy caller no longer holds the counter's row lock through a disk flush.
 * Counts that guard secrets (password and code guessing) stay durable.
 */
export async function hitAll(db: Queryable, limits: Array<{ key: string; max: number }>, windowSeconds: number, now: Date, opts: { durable?: boolean } = {}): Promise<void> {
  const relaxed = opts.durable === false;
  const { rows } = await db.query<{ key: string; window_start: Date; count: number }>(
    `INSERT INTO rate_limits (key, window_start, count) SELECT k, $2, 1 FROM unnest($1::text[]) AS k${relaxed ? ` CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed` : ''}
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE rate_limits.count + 1 END
     RETURNING key, window_start, count`,
    [limits.map((l) => l.key), now, windowSeconds],
    relaxed ? 'rate_limits_hit_relaxed' : 'rate_limits_hit',
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
