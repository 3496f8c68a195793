import { CaptchaRequiredError, StytchAPIError, StytchAPISchemaError, StytchAPIUnreachableError, type APIErrorBody } from '../errors.ts';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Turns a provider answer into its `data`, or throws the SPEC §8 error for it. */
export async function processResponse<T>(response: Response): Promise<T> {
  if (response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new StytchAPIUnreachableError('Invalid JSON response from our servers.');
    }
    if (!isObject(body) || !('data' in body)) throw new StytchAPIUnreachableError('Invalid JSON response from our servers.');
    return body.data as T;
  }
  if (response.headers.get('content-type')?.includes('application/json')) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new StytchAPIUnreachableError('Invalid or no response from server');
    }
    if (!isObject(body)) throw new StytchAPIUnreachableError('Invalid or no response from server');
    if ('body' in body || 'params' in body || 'query' in body) throw new StytchAPISchemaError(body);
    throw new StytchAPIError({ ...toErrorBody(body, response.status), retry_after_seconds: retryAfterSeconds(response.headers.get('retry-after'), Date.now()) });
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new StytchAPIUnreachableError('Invalid response from our servers.');
  }
  if (text.includes('Captcha required')) throw new CaptchaRequiredError();
  throw new StytchAPIUnreachableError('Invalid response from our servers.');
}

/**
 * Retry-After (RFC 9110 §10.2.3) as whole seconds from `now`: delta-seconds or an HTTP date
 * (a date in the past is 0); undefined when absent or unreadable. The browser reads it only
 * when the provider exposes it to CORS (Access-Control-Expose-Headers).
 */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its weekday and month; anything else (a signed number) is unreadable.
  const date = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function toErrorBody(body: Record<string, unknown>, status: number): APIErrorBody {
  const s = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
  return {
    status_code: typeof body.status_code === 'number' ? body.status_code : status,
    error_type: s('error_type'),
    error_message: s('error_message'),
    error_url: s('error_url'),
    request_id: typeof body.request_id === 'string' ? body.request_id : undefined,
    error_details: body.error_details,
  };
}

/** Maps a rejected `fetch` to the unreachable error; other errors (aborts) pass through. */
export function processFetchFailure(error: unknown): never {
  if (error instanceof TypeError) throw new StytchAPIUnreachableError('Unable to contact our servers.');
  throw error;
}
