import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import { refresh, revoke } from '../services/sessions.ts';

/** `sessions/authenticate`, `sessions/revoke` and the JWKS that verifies session JWTs. */
export function sessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.post(
    '/sessions/authenticate',
    endpoint(ctx, { session: 'secret', schema: requests.SessionsAuthenticate, minutes: 'optional' }, async ({ c, caller, minutes }) => {
      // A single UPDATE is its own transaction; the hot path skips BEGIN/COMMIT round trips.
      const issued = await refresh(ctx, ctx.db, caller.secret, minutes);
      return ok(c, { ...issued });
    }),
  );
  app.post(
    '/sessions/revoke',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      await revoke(ctx, ctx.db, caller.sessionId);
      return ok(c, {});
    }),
  );
  app.get('/sessions/jwks/:projectId', async (c) => c.json(await ctx.keys.jwks()));
  return app;
}
