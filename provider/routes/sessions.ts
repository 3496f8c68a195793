import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { sessionSecret } from '../http/auth.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { body } from '../http/validate.ts';
import { durationMinutes, refresh, revoke } from '../services/sessions.ts';

/** `sessions/authenticate`, `sessions/revoke` and the JWKS that verifies session JWTs. */
export function sessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.post('/sessions/authenticate', async (c) => {
    const secret = sessionSecret(ctx, c);
    if (secret === null) throw new ApiError(401, 'unauthorized_credentials', 'This call needs an active session.');
    const req = await body(c, requests.SessionsAuthenticate);
    const minutes = req.session_duration_minutes === undefined ? undefined : durationMinutes(ctx, req.session_duration_minutes);
    // A single UPDATE is its own transaction; the hot path skips BEGIN/COMMIT round trips.
    const issued = await refresh(ctx, ctx.db, secret, minutes);
    return ok(c, { ...issued });
  });
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
