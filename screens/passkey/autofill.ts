import { isCancellation } from './errors.ts';

/** How many times autofill re-arms after a failed attempt (SPEC §7). */
export const AUTOFILL_ATTEMPTS = 5;

/**
 * Keeps a conditional-mediation request armed: up to `attempts` tries, stopping on success,
 * on a refusal by the user, or when `signal` aborts (the screen changed). Resolves when done.
 */
export async function runAutofill(attempt: () => Promise<unknown>, signal: AbortSignal, attempts = AUTOFILL_ATTEMPTS): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (signal.aborted) return;
    try {
      // null: the browser cannot autofill after all, so there is nothing to retry.
      await attempt();
      return;
    } catch (e) {
      if (signal.aborted || (isCancellation(e) && (e as { name?: string }).name === 'NotAllowedError')) return;
    }
  }
}
