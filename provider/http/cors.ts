import type { MiddlewareHandler } from 'hono';

const ALLOWED_HEADERS = 'authorization,content-type,x-sdk-client,x-sdk-parent-host';

/**
 * CORS as the hosted provider answers it: the request's Origin is echoed only when it is an
 * authorized origin of the project, with credentials allowed. Other origins get no CORS
 * headers at all, so the browser refuses the response.
 */
export function cors(isAuthorized: (origin: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && isAuthorized(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!allowed) return c.body(null, 403);
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'GET,POST,PUT,DELETE,OPTIONS',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    // On the answer's own headers: `c.header()` after the answer exists copies it into a
    // streamed response each time (see securityHeaders).
    const headers = c.res.headers;
    headers.append('Vary', 'Origin');
    if (allowed) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Allow-Credentials', 'true');
      // A 429's wait, readable by the widget's client (not a CORS-safelisted header).
      headers.set('Access-Control-Expose-Headers', 'Retry-After');
    }
  };
}

/**
 * CORS for the authorization server's public documents and endpoints (discovery, the token,
 * userinfo, introspection and revocation routes): any origin, without credentials. They
 * read no cookie, and browser apps and agents of any origin are their callers (OAuth 2.1 §6).
 */
export function openCors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET,POST,OPTIONS',
        'Access-Control-Allow-Headers': 'authorization,content-type,mcp-protocol-version',
        'Access-Control-Max-Age': '600',
      });
    }
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After,WWW-Authenticate');
  };
}
