/** Retry policy of SPEC §9, in one place. */

export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_ATTEMPT = 7;
export const BACKOFF_JITTER_MS = 175;

/** Delay before retry number `attempt` (0-based): 2000 × 2^min(attempt, 7) ± up to 175 ms; `random` in [0, 1). */
export function backoffDelay(attempt: number, random: () => number): number {
  const jitter = Math.round((random() * 2 - 1) * BACKOFF_JITTER_MS);
  return BACKOFF_BASE_MS * 2 ** Math.min(attempt, BACKOFF_MAX_ATTEMPT) + jitter;
}
