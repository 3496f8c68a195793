import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';

export const MAX_FAILURES = 10;
export const LOCK_MS = 60 * 60 * 1000;

/*
 * Consecutive failures are counted per subject: password guesses per address whether or not
 * an account exists (so the lock reveals nothing about who is registered), authenticator
 * codes per user (so six digits cannot be brute-forced within their validity).
 */
export type LockKind = 'pwfail' | 'totpfail';

/** Throws while the address is locked. */
export async function assertNotLocked(db: Queryable, subject: string, now: Date, kind: LockKind = 'pwfail'): Promise<void> {
  const { rows } = await db.query<{ window_start: Date; count: number }>('SELECT window_start, count FROM rate_limits WHERE key = $1', [`${kind}:${subject}`]);
  const row = rows[0];
  if (row && row.count >= MAX_FAILURES && new Date(row.window_start).getTime() + LOCK_MS > now.getTime()) {
    const retry = Math.ceil((new Date(row.window_start).getTime() + LOCK_MS - now.getTime()) / 1000);
    throw new ApiError(429, 'too_many_failed_attempts', kind === 'pwfail' ? 'Too many failed attempts. Please try again later or reset your password.' : 'Too many failed attempts. Please try again later.', { 'Retry-After': String(retry) });
  }
}

/**
 * Records one failure; the tenth in a row starts the hour-long lock. The count starts over
 * only once a lock has run out: failures that raced past the lock check (sent in parallel)
 * add to it instead of wrapping it back to one.
 */
export async function recordFailure(db: Queryable, subject: string, now: Date, kind: LockKind = 'pwfail'): Promise<void> {
  await db.query(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET window_start = $2,
       count = CASE WHEN rate_limits.count >= $3 AND rate_limits.window_start <= $2::timestamptz - make_interval(secs => $4) THEN 1
                    ELSE rate_limits.count + 1 END`,
    [`${kind}:${subject}`, now, MAX_FAILURES, LOCK_MS / 1000],
  );
}

/** A success clears the count. */
export async function clearFailures(db: Queryable, subject: string, kind: LockKind = 'pwfail'): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [`${kind}:${subject}`]);
}
