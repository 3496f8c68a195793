import type { Context, MiddlewareHandler } from 'hono';
import type { ProviderContext } from '../context.ts';
import { safeEqual, sha256 } from '../services/ids.ts';
import { hit } from '../services/limits.ts';
import { clientInfo, parseBasic } from './auth.ts';
import { ApiError, requestId } from './errors.ts';

/** `/v1/public/...` is the browser-facing OAuth start; everything else under `/v1` is the server API. */
export function isServerApiPath(path: string): boolean {
  return path.startsWith('/v1/') && !path.startsWith('/v1/public/');
}

const UNAUTHORIZED = 'Unauthorized credentials: send Basic auth with the project ID and a project secret.';

/**
 * Guards the server API: no browser preflight is ever answered (the API is for servers, and a
 * secret must never sit in a page), requests are limited per IP before any credential is looked
 * at and per secret after, and the secret is compared only by hash, in constant time. The
 * secret itself is never logged or stored.
 */
export function serverApiAuth(ctx: ProviderContext): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      throw new ApiError(403, 'cors_not_allowed', 'The server API does not answer browser preflight requests: call it from your backend with a project secret.');
    }
    const { perIp, perSecret, windowSeconds } = ctx.config.serverApiLimits;
    await hit(ctx.db, `v1:ip:${clientInfo(c).ip}`, perIp, windowSeconds, ctx.clock.now());
    // The JWKS is public: the SDK's key fetcher sends no credentials, and public keys are no secret.
    if (c.req.method === 'GET' && c.req.path.startsWith('/v1/sessions/jwks/')) return next();
    const creds = parseBasic(c.req.header('authorization'));
    // Both checks always run, so a wrong project id and a wrong secret cost the same.
    const projectOk = creds !== null && safeEqual(sha256(creds[0]), sha256(ctx.config.projectId));
    const secretHash = creds === null ? null : ctx.projectSecrets.match(creds[1]);
    if (!projectOk || secretHash === null) throw new ApiError(401, 'unauthorized_credentials', UNAUTHORIZED);
    await hit(ctx.db, `v1:secret:${secretHash}`, perSecret, windowSeconds, ctx.clock.now());
    return next();
  };
}

/** A server API success: the fields at the top level beside request_id and status_code (no `data` envelope). */
export function serverOk(c: Context, data: Record<string, unknown>): Response {
  return c.json({ request_id: requestId(), status_code: 200, ...data }, 200);
}
