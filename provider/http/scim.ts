import type { Context } from 'hono';
import type * as v from 'valibot';
import type { ProviderContext } from '../context.ts';
import { ScimError, type ScimType } from '../errors.ts';
import { connectionForToken, type ScimConnectionRow } from '../services/b2b/scim-connections.ts';
import { hitAll } from '../services/limits.ts';
import { clientInfo } from './auth.ts';
import { ApiError } from './errors.ts';
import { body, SchemaError } from './validate.ts';

/*
 * The SCIM 2.0 service's HTTP layer (RFC 7644): its own preamble beside endpoint()'s (the
 * bearer token of a SCIM connection in place of Basic credentials, a per-connection budget),
 * its media type, and its error shape, which every failure under `/scim/v2/` is written in
 * (app.ts), those of the shared guards and of an unknown route included.
 */

export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const SCIM_PREFIX = '/scim/v2/';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Whether a request path is the SCIM service's. */
export function isScimPath(path: string): boolean {
  return path.startsWith(SCIM_PREFIX);
}

/** A SCIM answer: JSON in SCIM's media type. */
export function scimJson(data: unknown, status: 200 | 201 = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'Content-Type': `${SCIM_MEDIA_TYPE}; charset=utf-8`, ...headers } });
}

/** The keyword a shared failure of the request's form gets (a bad body is a 400 of one of these). */
function scimTypeOf(err: ApiError): ScimType | undefined {
  if (err instanceof ScimError) return err.scimType;
  if (err instanceof SchemaError) return 'invalidValue';
  if (err.status === 409) return 'uniqueness';
  if (err.status === 400) return err.errorType === 'invalid_json' || err.errorType === 'invalid_request' ? 'invalidSyntax' : 'invalidValue';
  return undefined;
}

/** `err` in SCIM's error shape (RFC 7644 §3.12: `status` is a string). */
export function scimErrorBody(err: ApiError): Record<string, unknown> {
  const scimType = scimTypeOf(err);
  return { schemas: [ERROR_SCHEMA], status: String(err.status), ...(scimType ? { scimType } : {}), detail: err.message };
}

/** Writes `err` in SCIM's error shape, with its headers. */
export function scimErrorResponse(err: ApiError): Response {
  return new Response(JSON.stringify(scimErrorBody(err)), { status: err.status, headers: { 'Content-Type': `${SCIM_MEDIA_TYPE}; charset=utf-8`, ...err.headers } });
}

const UNAUTHORIZED = () => new ScimError(401, undefined, 'Send the SCIM connection\u2019s bearer token: Authorization: Bearer <token>.', { 'WWW-Authenticate': 'Bearer realm="SCIM"' });

/** The token of an `Authorization: Bearer` header, or null. */
function bearerOf(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer[ ]+([\x21-\x7e]{1,512})\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export interface ScimArgs<S> {
  c: Context;
  conn: ScimConnectionRow;
  req: S extends v.GenericSchema ? v.InferOutput<S> : undefined;
}

/**
 * One SCIM request's preamble: the address's budget (every request, refused ones included),
 * the bearer token (compared by hash in constant time: services/b2b/scim-connections.ts), the
 * connection's own budget (429 with Retry-After, so one identity provider's burst does not
 * starve another organization's), then the body against its schema.
 */
export function scimEndpoint<S extends v.GenericSchema | undefined = undefined>(
  ctx: ProviderContext,
  spec: { schema?: S },
  handler: (args: ScimArgs<S>) => Promise<Response>,
): (c: Context) => Promise<Response> {
  return async (c) => {
    const { perConnection, perIp, windowSeconds } = ctx.config.scimLimits;
    const ipLimit = { key: `scim:ip:${clientInfo(ctx, c).ip}`, max: perIp };
    const token = bearerOf(c);
    const conn = token === null ? null : await connectionForToken(ctx.db, c.req.param('connection_id') ?? '', token);
    await hitAll(ctx.db, conn ? [ipLimit, { key: `scim:connection:${conn.connection_id}`, max: perConnection }] : [ipLimit], windowSeconds, ctx.clock.now(), { durable: false });
    if (!conn) throw UNAUTHORIZED();
    const req = spec.schema === undefined ? undefined : await body(c, spec.schema);
    return handler({ c, conn, req } as ScimArgs<S>);
  };
}
