import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Refuses oversized bodies (413) before anything reads them, and POST/PUT bodies that are not
 * JSON (415). Chunked bodies are counted as they stream so a missing Content-Length is no
 * way around the limit.
 */
export function bodyGuards(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'POST' && method !== 'PUT') return next();
    const length = Number(c.req.header('content-length') ?? NaN);
    if (length > MAX_BODY_BYTES) throw new ApiError(413, 'request_too_large', 'Request body exceeds 1 MB.');
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      throw new ApiError(415, 'unsupported_media_type', 'Content-Type must be application/json.');
    }
    return next();
  };
}

/** Reads a JSON body of at most 1 MB; bad JSON is a 400, never a crash. */
export async function readJson(req: Request): Promise<unknown> {
  const reader = req.body?.getReader();
  if (!reader) return {};
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError(413, 'request_too_large', 'Request body exceeds 1 MB.');
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'Request body is not valid JSON.');
  }
}

/** Headers every response carries; HTML pages also forbid framing by other sites. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html') && !c.res.headers.has('content-security-policy')) {
      c.header('Content-Security-Policy', "frame-ancestors 'none'");
    }
  };
}
