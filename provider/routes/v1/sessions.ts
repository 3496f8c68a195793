import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { query } from '../../http/validate.ts';
import { authenticateForServer, liveSessions, sessionIdOf } from '../../services/server-sessions.ts';
import { revoke } from '../../services/sessions.ts';
import { SessionsAuthenticate, SessionsGet, SessionsRevoke } from './schemas.ts';

/** Server API sessions: authenticate (token or JWT), list a user's sessions, revoke, JWKS. */
export function serverSessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/sessions/authenticate',
    endpoint(ctx, { session: 'none', schema: SessionsAuthenticate, minutes: 'optional' }, async ({ c, req, minutes }) => {
      const by = req.session_token !== undefined ? { token: req.session_token } : { jwt: req.session_jwt! };
      const issued = await authenticateForServer(ctx, ctx.db, by, minutes);
      return serverOk(c, { session: issued.session, session_token: issued.session_token, session_jwt: issued.session_jwt, user: issued.user });
    }),
  );

  app.get('/sessions', async (c) => {
    const req = query(c, SessionsGet);
    return serverOk(c, { sessions: await liveSessions(ctx, ctx.db, req.user_id) });
  });

  app.post(
    '/sessions/revoke',
    endpoint(ctx, { session: 'none', schema: SessionsRevoke }, async ({ c, req }) => {
      const sessionId = await sessionIdOf(ctx, ctx.db, req);
      if (!sessionId) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
      await revoke(ctx, ctx.db, sessionId);
      return serverOk(c, {});
    }),
  );

  // Public, as the hosted provider's is: the SDK's JWKS client fetches it without credentials.
  app.get('/sessions/jwks/:projectId', async (c) => {
    if (c.req.param('projectId') !== ctx.config.projectId) throw new ApiError(404, 'project_not_found', 'No such project.');
    return serverOk(c, { ...(await ctx.keys.jwks()) });
  });

  return app;
}
