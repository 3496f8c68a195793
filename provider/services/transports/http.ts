import { DeliveryFailure } from './types.ts';
import { retryAfterMs } from './retry.ts';
import { outboundFetch, OutboundError, type OutboundFetch } from '../outbound.ts';

let publicOnly: OutboundFetch | undefined;
/** The fetch of a transport built without one: public addresses only, the default deadline and cap. */
export const defaultFetch: OutboundFetch = (url, init) => (publicOnly ??= outboundFetch())(url, init);

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * One HTTP request to a messaging API through the outbound fetch. Network errors and timeouts
 * become `unavailable` failures (worth a retry); any answer, success or not, is returned parsed.
 */
export async function request(fetch: OutboundFetch, url: string, init: RequestInit, signal: AbortSignal, service: string): Promise<JsonAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal });
  } catch (e) {
    const why = signal.aborted ? 'timed out' : e instanceof OutboundError ? e.detail : (((e as Error).cause as Error | undefined)?.message ?? (e as Error).message);
    throw new DeliveryFailure('unavailable', `${service}: request ${why}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw new DeliveryFailure('unavailable', `${service}: answer ${signal.aborted ? 'timed out' : `unreadable: ${(e as Error).message}`}`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

/** The failure for an HTTP status no service-specific code explains: 429 and 5xx are retried. */
export function statusFailure(service: string, answer: JsonAnswer, detail: string): DeliveryFailure {
  const retry = answer.status === 429 || answer.status >= 500;
  return new DeliveryFailure(retry ? 'unavailable' : 'rejected', `${service}: HTTP ${answer.status} ${detail}`, retry ? retryAfterMs(answer.headers.get('retry-after')) : undefined);
}
