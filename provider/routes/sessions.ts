import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import { namedSession } from '../services/server-sessions.ts';
import { refresh, revoke, sessionToExtend, startOrExtend } from '../services/sessions.ts';
import { attestedUser, attestToken } from '../services/trusted-auth-tokens.ts';

/** `sessions/authenticate`, `sessions/attest`, `sessions/revoke` and the JWKS that verifies session JWTs. */
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
    '/sessions/attest',
    endpoint(ctx, { session: 'optional', schema: requests.SessionsAttest, minutes: true }, async ({ c, caller, req, minutes }) => {
      // The session the body names (the official type allows it), else the caller's own.
      const named = await namedSession(ctx, ctx.db, req);
      const issued = await attestToken(ctx, req.profile_id, req.token, async (tx, t, factor) => {
        const userId = await attestedUser(ctx, tx, t);
        const current = named ? (named.user_id === userId ? named.session_id : null) : sessionToExtend(caller, userId);
        return startOrExtend(ctx, tx, userId, factor, minutes, caller.client, current);
      });
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
