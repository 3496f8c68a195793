import type { Context, MiddlewareHandler } from 'hono';
import type { ProviderContext } from '../context.ts';
import { safeEqual, sha256 } from '../services/ids.ts';
import { hitAll } from '../services/limits.ts';
import { clientInfo, parseBasic } from './auth.ts';
import { ApiError, requestId } from './errors.ts';

/** `/v1/public/...` is the browser-facing OAuth start, `/v1/oauth2/...` the authorization server's; everything else under `/v1` is the server API. */
export function isServerApiPath(path: string): boolean {
  // The browser's B2B OAuth starts (`/v1/b2b/public/...`) are public pages like `/v1/public/...`.
  // The OAuth endpoints (`/v1/oauth2/...`) authenticate connected apps' clients, not the project.
  return path.startsWith('/v1/') && !path.startsWith('/v1/public/') && !path.startsWith('/v1/b2b/public/') && !path.startsWith('/v1/oauth2/');
}

const UNAUTHORIZED = 'Unauthorized credentials: send Basic auth with the project ID and a project secret.';

/**
 * Guards the server API: no browser preflight is ever answered (the API is for servers, and a
 * secret must never sit in a page); every request counts against its IP address's limit,
 * refused ones included, and an authenticated one against its secret's too; the secret is
 * compared only by hash, in constant time, and is never logged or stored.
 */
export function serverApiAuth(ctx: ProviderContext): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      throw new ApiError(403, 'cors_not_allowed', 'The server API does not answer browser preflight requests: call it from your backend with a project secret.');
    }
    const { perIp, perSecret, windowSeconds } = ctx.config.serverApiLimits;
    const ipLimit = { key: `v1:ip:${clientInfo(ctx, c).ip}`, max: perIp };
    // The JWKS is public: the SDK's key fetcher sends no credentials, and public keys are no secret.
    if (c.req.method === 'GET' && (c.req.path.startsWith('/v1/sessions/jwks/') || c.req.path.startsWith('/v1/b2b/sessions/jwks/'))) {
      await hitAll(ctx.db, [ipLimit], windowSeconds, ctx.clock.now(), { durable: false });
      return next();
    }
    const creds = parseBasic(c.req.header('authorization'));
    // Both checks always run, so a wrong project id and a wrong secret cost the same.
    const projectOk = creds !== null && safeEqual(sha256(creds[0]), sha256(ctx.config.projectId));
    const secretHash = creds === null ? null : ctx.projectSecrets.match(creds[1]);
    const authenticated = projectOk && secretHash !== null;
    // One statement counts the address (every request, refused ones included) and the secret;
    // a volume throttle, so its commit does not wait for the disk (services/limits.ts).
    await hitAll(ctx.db, authenticated ? [ipLimit, { key: `v1:secret:${secretHash}`, max: perSecret }] : [ipLimit], windowSeconds, ctx.clock.now(), { durable: false });
    if (!authenticated) throw new ApiError(401, 'unauthorized_credentials', UNAUTHORIZED);
    return next();
  };
}

/** A server API success: the fields at the top level beside request_id and status_code (no `data` envelope). */
export function serverOk(c: Context, data: Record<string, unknown>): Response {
  return c.json({ request_id: requestId(), status_code: 200, ...data }, 200);
}
