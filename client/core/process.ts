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
    throw new StytchAPIError(toErrorBody(body, response.status));
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
