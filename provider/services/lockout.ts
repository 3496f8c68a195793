import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * Every guessable secret (password, authenticator code, recovery code, emailed or texted
 * passcode) is guarded the same way: an attempt is *taken* before the secret is checked, by
 * one atomic statement that increments the subject's counter and returns it. Requests in
 * flight together each see their own count, so parallel guesses cannot all slip past a check
 * made before a slow verification, and the count lives in the database, so every provider
 * process sharing it enforces one limit.
 */
export interface LockRule {
  /** Key prefix in `rate_limits`. */
  readonly kind: string;
  /** Attempts admitted before the lock. */
  readonly max: number;
  /**
   * How long the count is kept after the last admitted attempt; once `max` is reached, how
   * long the lock holds from the attempt that reached it. Refused attempts never extend it.
   */
  readonly windowSeconds: number;
  /**
   * What a success does: `clear` forgets the subject's failures (an account lock), `refund`
   * gives back only the success's own attempt (a per-IP budget of failures).
   */
  readonly onSuccess: 'clear' | 'refund';
  readonly refusal: (retryAfterSeconds: number) => ApiError;
}

const failedAttempts = (message: string) => (retry: number) => new ApiError(429, 'too_many_failed_attempts', message, { 'Retry-After': String(retry) });

const HOUR = 60 * 60;

/** Password guesses per address, whether or not an account exists (the lock reveals nothing). */
export const PASSWORD_LOCK: LockRule = {
  kind: 'pwfail',
  max: 10,
  windowSeconds: HOUR,
  onSuccess: 'clear',
  refusal: failedAttempts('Too many failed attempts. Please try again later or reset your password.'),
};

/** Authenticator and recovery codes per user, so six digits cannot be brute-forced. */
export const TOTP_LOCK: LockRule = {
  kind: 'totpfail',
  max: 10,
  windowSeconds: HOUR,
  onSuccess: 'clear',
  refusal: failedAttempts('Too many failed attempts. Please try again later.'),
};

/**
 * Passcode guesses per address across every code sent to it: each code takes 5 guesses, and
 * fresh codes may be sent, so without this an address could be guessed at about 1,500 an hour.
 */
export const OTP_LOCK: LockRule = {
  kind: 'otpfail',
  max: 20,
  windowSeconds: HOUR,
  onSuccess: 'clear',
  refusal: failedAttempts('Too many failed attempts. Please try again later.'),
};

/**
 * Failed passwords per client IP, across every address: a spray over many accounts is slowed
 * without locking those accounts for their owners (successes give their attempt back).
 */
export function passwordIpRule(max: number, windowSeconds: number): LockRule {
  return {
    kind: 'pwip',
    max,
    windowSeconds,
    onSuccess: 'refund',
    refusal: (retry) => new ApiError(429, 'too_many_requests', 'Too many requests have been made. Please wait and try again.', { 'Retry-After': String(retry) }),
  };
}

/** Takes one attempt for `subject`; throws the rule's 429 (with Retry-After) when it is over the limit. */
export async function takeAttempt(db: Queryable, rule: LockRule, subject: string, now: Date): Promise<void> {
  const { rows } = await db.query<{ window_start: Date; count: number }>(
    // Every right-hand side reads the row as it was: an expired window starts over at 1; an
    // open one counts up to max + 1 (kept there, so a refusal never wraps it back) and only
    // admitted attempts move the window forward.
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1
                    ELSE LEAST(rate_limits.count + 1, $4::integer + 1) END,
       window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3)
                             OR rate_limits.count < $4::integer THEN $2 ELSE rate_limits.window_start END
     RETURNING window_start, count`,
    [`${rule.kind}:${subject}`, now, rule.windowSeconds, rule.max],
  );
  const row = rows[0]!;
  if (row.count > rule.max) {
    const ends = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
    throw rule.refusal(Math.max(1, Math.ceil((ends - now.getTime()) / 1000)));
  }
}

/**
 * After a success. `clear` forgets the failures unless the lock has started meanwhile (other
 * guesses in flight reached the limit): a lock, once reached, always runs its course.
 */
export async function attemptSucceeded(db: Queryable, rule: LockRule, subject: string): Promise<void> {
  const key = `${rule.kind}:${subject}`;
  if (rule.onSuccess === 'clear') await db.query('DELETE FROM rate_limits WHERE key = $1 AND count <= $2', [key, rule.max]);
  else await db.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND count > 0 AND count <= $2', [key, rule.max]);
}
