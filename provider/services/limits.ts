import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * Fixed-window counter kept in the database, so every provider process sharing it enforces
 * one limit. Throws 429 with Retry-After once `max` is exceeded within `windowSeconds`.
 */
export async function hit(db: Queryable, key: string, max: number, windowSeconds: number, now: Date): Promise<void> {
  await hitAll(db, [{ key, max }], windowSeconds, now);
}

type Limits = Array<{ key: string; max: number }>;

/**
 * Counts one request against several limits of the same window in one statement (one round
 * trip); throws 429 when any of them is exceeded. The keys must differ.
 *
 * `durable: false` commits the count without waiting for the write-ahead log to reach disk
 * (`synchronous_commit` off for this statement's transaction only): a crash may forget the
 * last fraction of a second of counts, which a throttle on request volume can afford, and
 * every request of a busy caller no longer holds the counter's row lock through a disk flush.
 * Such counts are also gathered: while one statement for the same limits is on its way, the
 * requests that come are counted together by the next one (`count + n`), each answered by its
 * own place in that count, so a busy caller's requests, which all count on one row, take one
 * statement a batch instead of queueing on the row one by one. The limit holds exactly as
 * if each had counted alone. Counts that guard secrets (password and code guessing) stay durable
 * and alone.
 */
export function hitAll(db: Queryable, limits: Limits, windowSeconds: number, now: Date, opts: { durable?: boolean } = {}): Promise<void> {
  if (opts.durable !== false) {
    return countBatch(db, limits, windowSeconds, [now], false).then(([refused]) => {
      if (refused) throw refused;
    });
  }
  let gathering = batches.get(db);
  if (!gathering) batches.set(db, (gathering = new Map()));
  const key = JSON.stringify([limits, windowSeconds]);
  const waiting = gathering.get(key);
  if (waiting) return new Promise((resolve, reject) => waiting.push({ now, resolve, reject }));
  gathering.set(key, []);
  return new Promise((resolve, reject) => sendBatch(db, gathering, key, limits, windowSeconds, [{ now, resolve, reject }]));
}

interface Waiter {
  now: Date;
  resolve(): void;
  reject(e: unknown): void;
}

/** Per database handle, per limits: the requests waiting for the next statement (the entry is there while one is on its way). */
const batches = new WeakMap<Queryable, Map<string, Waiter[]>>();

/** Sends one statement for `batch`, answers each of its requests, then sends the next batch gathered meanwhile, if any. */
function sendBatch(db: Queryable, gathering: Map<string, Waiter[]>, key: string, limits: Limits, windowSeconds: number, batch: Waiter[]): void {
  countBatch(
    db,
    limits,
    windowSeconds,
    batch.map((w) => w.now),
    true,
  )
    .then(
      (outcomes) => outcomes.forEach((refused, i) => (refused ? batch[i]!.reject(refused) : batch[i]!.resolve())),
      (e: unknown) => batch.forEach((w) => w.reject(e)),
    )
    .finally(() => {
      const next = gathering.get(key)!;
      if (next.length === 0) gathering.delete(key);
      else {
        gathering.set(key, []);
        sendBatch(db, gathering, key, limits, windowSeconds, next);
      }
    });
}

/**
 * Counts `nows.length` requests (the first one's time stands for all) against `limits` in one
 * statement; the i-th request's outcome is what it would have been counted alone in that
 * order: the 429 to answer when its place in any count is past that limit's max, else null.
 */
async function countBatch(db: Queryable, limits: Limits, windowSeconds: number, nows: Date[], relaxed: boolean): Promise<Array<ApiError | null>> {
  const now = nows[0]!;
  const n = nows.length;
  const { rows } = await db.query<{ key: string; window_start: Date; count: number }>(
    `INSERT INTO rate_limits (key, window_start, count) SELECT k, $2, $4 FROM unnest($1::text[]) AS k${relaxed ? ` CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed` : ''}
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $4 ELSE rate_limits.count + $4 END
     RETURNING key, window_start, count`,
    [limits.map((l) => l.key), now, windowSeconds, n],
    relaxed ? 'rate_limits_add_relaxed' : 'rate_limits_add',
  );
  return nows.map((at, i) => {
    for (const row of rows) {
      const max = limits.find((l) => l.key === row.key)!.max;
      if (row.count - n + i + 1 > max) {
        const retry = Math.max(1, Math.ceil((new Date(row.window_start).getTime() + windowSeconds * 1000 - at.getTime()) / 1000));
        return new ApiError(429, 'too_many_requests', 'Too many requests have been made. Please wait and try again.', { 'Retry-After': String(retry) });
      }
    }
    return null;
  });
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
