import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { authenticateCaller } from '../http/auth.ts';
import { ok } from '../http/errors.ts';
import { body } from '../http/validate.ts';
import { durationMinutes, refresh, revoke } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';

/** `sessions/authenticate`, `sessions/revoke` and the JWKS that verifies session JWTs. */
export function sessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.post('/sessions/authenticate', async (c) => {
    const caller = await authenticateCaller(ctx, c, true);
    const req = await body(c, requests.SessionsAuthenticate);
    const minutes = req.session_duration_minutes === undefined ? undefined : durationMinutes(ctx, req.session_duration_minutes);
    const issued = await withTx(ctx.db, (tx) => refresh(ctx, tx, caller.sessionId!, minutes));
    return ok(c, { ...issued });
  });
  app.post('/sessions/revoke', async (c) => {
    const caller = await authenticateCaller(ctx, c, true);
    await revoke(ctx, ctx.db, caller.sessionId!);
    return ok(c, {});
  });
  app.get('/sessions/jwks/:projectId', async (c) => c.json(await ctx.keys.jwks()));
  return app;
}
