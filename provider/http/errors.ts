import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A failure the provider reports to callers in the hosted provider's error shape. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorType: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function requestId(env: 'test' | 'live' = 'test'): string {
  return `request-id-${env}-${randomUUID()}`;
}

const DOCS = 'https://stytch.com/docs/api/errors';

/** The top-level (unwrapped) JSON error body of PROTOCOL.md. */
export function errorBody(err: ApiError): Record<string, unknown> {
  return {
    status_code: err.status,
    request_id: requestId(),
    error_type: err.errorType,
    error_message: err.message,
    error_url: `${DOCS}/${err.status}#${err.errorType}`,
    ...err.extra,
  };
}

/** Writes `err` in the error shape, with its headers. */
export function errorResponse(c: Context, err: ApiError): Response {
  for (const [k, val] of Object.entries(err.headers)) c.header(k, val);
  return c.json(errorBody(err), err.status);
}

/** Wraps a success payload in the `{data}` envelope with request_id and status_code. */
export function ok(c: Context, data: Record<string, unknown>, status: 200 | 201 = 200): Response {
  return c.json({ data: { request_id: requestId(), status_code: status, ...data } }, status);
}
