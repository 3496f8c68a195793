import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isLoopbackIp } from '../services/ip-ranges.ts';
import { socketPeer } from './client-address.ts';
import { ApiError } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Deeper JSON than any call of the protocol needs is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Answered before the body was read to its end: the rest of it is still on the socket, so
 * the connection is closed after the answer instead of being read as the next request.
 */
const tooLarge = (limit = 'Request body exceeds 1 MB.') => new ApiError(413, 'request_too_large', limit, { Connection: 'close' });

/** Refuses a body over `maxBytes` (413) on a route that takes less than the general 1 MB. */
export function limitBody(maxBytes: number, description: string): MiddlewareHandler {
  const onError = () => {
    throw tooLarge(`Request body exceeds ${description}.`);
  };
  const counted = bodyLimit({ maxSize: maxBytes, onError });
  return (c, next) => {
    // A declared length is checked as declared (Node's parser reads no byte past it), as
    // bodyLimit itself does; going through bodyLimit would first build the request's web
    // stream, which on the session check cost more than the JSON it carries. Chunked bodies
    // are still counted as they stream.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length, 10) > maxBytes ? onError() : next();
    }
    return counted(c, next);
  };
}

/**
 * Every request that may carry a body, on every route: oversized bodies are refused (413)
 * before anything reads them (a chunked body is counted as it streams, so leaving out
 * Content-Length is no way around it), and POST/PUT bodies must be JSON (415), except on the
 * HTML form routes `isForm` names, which take a URL-encoded form instead, the OAuth
 * endpoints `isFormOrJson` names, which take either (RFC 6749 names the form), and the SCIM
 * service's, which `isScim` names, which take `application/scim+json` as well.
 */
export function bodyGuards(isForm: (path: string) => boolean = () => false, isFormOrJson: (path: string) => boolean = () => false, isScim: (path: string) => boolean = () => false): MiddlewareHandler {
  const limit = limitBody(MAX_BODY_BYTES, '1 MB');
  return async (c, next) => {
    const method = c.req.method;
    if (!METHODS_WITH_BODY.has(method)) return next();
    if (method === 'POST' || method === 'PUT') {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const form = isForm(c.req.path);
      // SCIM's own media type (RFC 7644 §3.1) is JSON too.
      const either = (isFormOrJson(c.req.path) && (type === 'application/x-www-form-urlencoded' || type === 'application/json')) || (isScim(c.req.path) && type === 'application/scim+json');
      if (!either && (form ? type !== 'application/x-www-form-urlencoded' : type !== 'application/json')) {
        throw new ApiError(415, 'unsupported_media_type', form ? 'Content-Type must be application/x-www-form-urlencoded.' : 'Content-Type must be application/json.', { Connection: 'close' });
      }
    }
    return limit(c, next);
  };
}

/** Whether `text` (JSON) nests arrays and objects deeper than `max`; strings are skipped. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Reads a JSON body (its size is already bounded by `bodyGuards`); bad JSON and JSON nested
 * too deep to store or echo safely are a 400, never a crash.
 */
export async function readJson(req: Request): Promise<unknown> {
  // `req.body` is not asked for: the Node server reads `text()` straight from the socket,
  // while `body` would build a web stream first.
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  let text: string;
  try {
    text = await req.text();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw tooLarge();
  }
  if (text.trim() === '') return {};
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'invalid_request', `Request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'Request body is not valid JSON.');
  }
  assertText(parsed);
  return parsed;
}

// A surrogate that is not half of a pair (JSON's "\ud800"), or NUL: no text a person types.
// Left in, it reached the database, which stores U+FFFD for the one (so a rate-limit key came
// back changed: 500 on every send route) and refuses the other.
// eslint-disable-next-line no-control-regex -- NUL is one of the two things this refuses
const NOT_TEXT = /[\p{Cs}\u0000]/u;

/** Refuses, with a 400 on every route, a body any of whose strings or keys is not valid Unicode text. */
function assertText(value: unknown): void {
  const bad = (s: string) => NOT_TEXT.test(s);
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return bad(v);
    if (Array.isArray(v)) return v.some(walk);
    if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, x]) => bad(k) || walk(x));
    return false;
  };
  if (walk(value)) {
    throw new ApiError(400, 'invalid_request', 'The request contains text that is not valid Unicode (an unpaired surrogate or a NUL character).');
  }
}

/**
 * Headers every response carries. Nothing is stored by a cache unless the route chose a
 * policy itself: session tokens and JWTs travel in response bodies. HTML pages also forbid
 * framing by other sites.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Set on the answer's own headers (every answer is built by this app, so they are
    // mutable): `c.header()` after the answer exists would copy it into a new response with
    // a streamed body on each call, which cost the session check more than its JSON.
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    if (!headers.has('cache-control')) headers.set('Cache-Control', 'no-store');
    if ((headers.get('content-type') ?? '').startsWith('text/html') && !headers.has('content-security-policy')) {
      headers.set('Content-Security-Policy', "frame-ancestors 'none'");
    }
  };
}

/** Headers a relaying proxy adds: their presence means the request came from elsewhere through it. */
const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * The development pages show every code and link and sign in as any address, so they answer
 * only a client on this machine: the socket's peer must be a loopback address (what headers
 * say never makes a request local), and a request a local proxy relayed from elsewhere is
 * refused too. 403 rather than 404, so a developer on another device learns why.
 */
export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!isLoopbackIp(socketPeer(c)) || RELAY_HEADERS.some((h) => c.req.header(h) !== undefined)) {
      throw new ApiError(403, 'dev_pages_loopback_only', 'The development pages answer only clients on this machine (loopback).');
    }
    await next();
  };
}
