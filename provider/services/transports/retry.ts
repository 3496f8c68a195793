import { DeliveryFailure, type OutgoingMessage, type Transport } from './types.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Backoff before retry n (0-based) is baseDelayMs × 2^n with full jitter. */
  baseDelayMs: number;
  /** The longest wait between attempts; a Retry-After beyond it ends the retries at once. */
  maxDelayMs: number;
  /** Each attempt is aborted after this long. */
  timeoutMs: number;
}

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Parses Retry-After (seconds or an HTTP date) into milliseconds from now. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface Attempted {
  id: string;
  attempts: number;
}

/**
 * Sends through `transport`, retrying failures marked `unavailable` with exponential backoff
 * (or the service's Retry-After when it gave one). Throws the last DeliveryFailure, with
 * `attempts` attached, once retrying is pointless or the attempts are spent.
 */
export async function sendWithRetries(transport: Transport, message: OutgoingMessage, policy: RetryPolicy, sleep: Sleep = realSleep, random: () => number = Math.random): Promise<Attempted> {
  for (let attempt = 1; ; attempt++) {
    try {
      const signal = AbortSignal.timeout(policy.timeoutMs);
      const { id } = await transport.send(message, signal);
      return { id, attempts: attempt };
    } catch (e) {
      const failure = e instanceof DeliveryFailure ? e : new DeliveryFailure('unavailable', `${transport.name}: ${(e as Error).message ?? String(e)}`);
      if (!failure.retryable || attempt >= policy.attempts) throw Object.assign(failure, { attempts: attempt });
      const backoff = Math.round(random() * policy.baseDelayMs * 2 ** (attempt - 1));
      const wait = failure.retryAfterMs ?? backoff;
      // A service that asks for a longer pause than a sign-in can wait has, for this request, failed.
      if (wait > policy.maxDelayMs) {
        throw Object.assign(new DeliveryFailure('unavailable', `${failure.detail} (asked to retry after ${wait} ms)`), { attempts: attempt });
      }
      await sleep(wait);
    }
  }
}
