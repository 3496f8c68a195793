import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError } from './errors.ts';
import { readJson } from './guards.ts';

/** A 400 that lists each failing data path, as the hosted provider's schema errors do. */
export class SchemaError extends ApiError {
  override name = 'SchemaError';
  constructor(readonly issues: Array<{ dataPath: string; message: string }>) {
    super(400, 'invalid_request', `Request does not match expected schema: ${issues.map((i) => `${i.dataPath}: ${i.message}`).join('; ')}`, {}, { body: issues });
  }
}

/** Reads and validates the JSON body against a shared schema. */
export async function body<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const raw = await readJson(c.req.raw);
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    throw new SchemaError(result.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`.replace(/\.$/, ''), message: i.message })));
  }
  return result.output;
}

/**
 * Reads and validates a body that may be a URL-encoded form or JSON, as the OAuth endpoints
 * take (RFC 6749 §3.2 names the form; some clients send JSON). A form's repeated parameter
 * becomes an array, which a field that takes one string refuses (RFC 6749 §3.1: a parameter
 * is sent at most once) and `resource` takes (RFC 8707).
 */
export async function formOrJsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return body(c, schema);
  const raw: Record<string, string | string[]> = {};
  for (const [k, val] of new URLSearchParams(await c.req.text())) {
    const had = raw[k];
    raw[k] = had === undefined ? val : Array.isArray(had) ? [...had, val] : [had, val];
  }
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    throw new SchemaError(result.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`.replace(/\.$/, ''), message: i.message })));
  }
  return result.output;
}

/** Validates the query string against a schema, with the same 400 as a bad body. */
export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query());
  if (!result.success) {
    throw new SchemaError(result.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`.replace(/\.$/, ''), message: i.message })));
  }
  return result.output;
}
