/** Error classes of SPEC §8, each with a stable `name`. */

/** The API error body the provider sends on a non-2xx answer. */
export interface APIErrorBody {
  status_code: number;
  error_type: string;
  error_message: string;
  error_url: string;
  request_id?: string;
  error_details?: unknown;
  /** Seconds to wait before trying again, from the answer's Retry-After header (not part of the body). */
  retry_after_seconds?: number;
}

/** A provider error answer: `[status] type`, the message and the docs link. */
export class StytchAPIError extends Error {
  override name = 'StytchAPIError';
  readonly status_code: number;
  readonly error_type: string;
  readonly error_message: string;
  readonly error_url: string;
  readonly request_id?: string;
  readonly error_details?: unknown;
  /** Seconds the provider asked to wait (its Retry-After header); present only when it said, so other errors keep the official keys. */
  declare readonly retry_after_seconds?: number;
  constructor(body: APIErrorBody) {
    const { status_code, error_type, error_message, error_url, request_id } = body;
    super(`[${status_code}] ${error_type}\n${error_message}\nSee ${error_url} for more information.\n` + (request_id ? `request_id: ${request_id}\n` : ''));
    this.status_code = status_code;
    this.error_type = error_type;
    this.error_message = error_message;
    this.error_url = error_url;
    this.request_id = request_id;
    this.error_details = body.error_details;
    if (body.retry_after_seconds !== undefined) this.retry_after_seconds = body.retry_after_seconds;
  }
}

/**
 * The one reader of provider errors: the `error_type` and `error_message` of an API error,
 * or undefined for anything else. It reads the shape, not the class, so an error from another
 * copy of the client (or a host's own wrapper) is read the same way.
 */
export function readApiError(error: unknown): { error_type: string; error_message: string | undefined } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { error_type, error_message } = error as { error_type?: unknown; error_message?: unknown };
  if (typeof error_type !== 'string' || error_type === '') return undefined;
  return { error_type, error_message: typeof error_message === 'string' && error_message !== '' ? error_message : undefined };
}

/** What a host's `onError` receives for any failure: the Error itself, or one whose message is the thrown value. */
export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * The seconds to wait before a refused call may be tried again: the `retry_after_seconds` of a
 * 429 API error (read by shape, as readApiError), or undefined for any other failure.
 */
export function readRetryAfter(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status_code, retry_after_seconds } = error as { status_code?: unknown; retry_after_seconds?: unknown };
  if (status_code !== 429 || typeof retry_after_seconds !== 'number' || !Number.isFinite(retry_after_seconds) || retry_after_seconds < 0) return undefined;
  return retry_after_seconds;
}

/** The network failed or the answer could not be read. */
export class StytchAPIUnreachableError extends Error {
  override name = 'StytchAPIUnreachableError';
}

/** One entry of a schema error body. */
export interface SchemaIssue {
  dataPath: string;
  message: string;
}

/** A 400 whose body lists the request's schema violations. */
export class StytchAPISchemaError extends Error {
  override name = 'StytchAPISchemaError';
  readonly issues: SchemaIssue[];
  constructor(body: { body?: SchemaIssue[]; params?: SchemaIssue[]; query?: SchemaIssue[] }) {
    const issues = [...(body.body ?? []), ...(body.params ?? []), ...(body.query ?? [])].filter((i) => i && typeof i === 'object');
    super(`Request does not match expected schema\n${issues.map((i) => `${i.dataPath}: ${i.message}`).join('\n')}`);
    this.issues = issues;
  }
}

/** A caller passed arguments of the wrong shape. */
export class StytchSDKUsageError extends Error {
  override name = 'StytchSDKUsageError';
  constructor(method: string, detail: string) {
    super(`Invalid call to ${method}\n${detail}`);
  }
}

/** The provider asked for a captcha (non-JSON 'Captcha required' answer); retried once. */
export class CaptchaRequiredError extends Error {
  override name = 'CaptchaRequiredError';
  constructor() {
    super('Captcha required');
  }
}

/** The client was used where it cannot work (server side, browser lacking an API). */
export class StytchSDKError extends Error {
  override name = 'StytchSDKError';
}
