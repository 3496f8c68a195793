import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';

// Routes write errors through this module; the class itself is the services' (domain) error.
export { ApiError };

declare module 'hono' {
  interface ContextVariableMap {
    /** The served project's environment, set once by `projectEnv` for every request. */
    projectEnv: 'test' | 'live';
  }
}

/** Marks every request with the project's environment, so request ids say test or live as the project does. */
export function projectEnv(env: 'test' | 'live'): MiddlewareHandler {
  return async (c, next) => {
    c.set('projectEnv', env);
    await next();
  };
}

/** A fresh request id of the hosted provider's form, `request-id-{test|live}-{uuid}`. */
export function requestId(c?: Context): string {
  // A sub-app served without createApp's middleware (a unit test's), or an answer written before
  // any route runs (an oversized header), has no project: it is a test one.
  return `request-id-${c?.get('projectEnv') ?? 'test'}-${randomUUID()}`;
}

const DOCS = 'https://stytch.com/docs/api/errors';

/** The top-level (unwrapped) JSON error body of PROTOCOL.md. */
export function errorBody(err: ApiError, c?: Context): Record<string, unknown> {
  return {
    status_code: err.status,
    request_id: requestId(c),
    error_type: err.errorType,
    error_message: err.message,
    error_url: `${DOCS}/${err.status}#${err.errorType}`,
    ...err.extra,
  };
}

/** Writes `err` in the error shape, with its headers. */
export function errorResponse(c: Context, err: ApiError): Response {
  for (const [k, val] of Object.entries(err.headers)) c.header(k, val);
  return c.json(errorBody(err, c), err.status);
}

/** Wraps a success payload in the `{data}` envelope with request_id and status_code. */
export function ok(c: Context, data: Record<string, unknown>, status: 200 | 201 = 200): Response {
  return c.json({ data: { request_id: requestId(c), status_code: status, ...data } }, status);
}
