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
    c.header('Vary', 'Origin', { append: true });
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
    }
  };
}
