import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { query } from '../../http/validate.ts';
import { authenticateForServer, liveSessions, namedSession, serverSignIn, sessionIdOf } from '../../services/server-sessions.ts';
import { attestedUser, attestToken } from '../../services/trusted-auth-tokens.ts';
import { revoke } from '../../services/sessions.ts';
import { SessionsAttestV1, SessionsAuthenticate, SessionsGet, SessionsRevoke } from './schemas.ts';

/** Server API sessions: authenticate (token or JWT), attest a trusted auth token, list a user's sessions, revoke, JWKS. */
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

  app.post(
    '/sessions/attest',
    endpoint(ctx, { session: 'none', schema: SessionsAttestV1 }, async ({ c, req }) => {
      const ask = { ...req, minutes: req.session_duration_minutes };
      const current = await namedSession(ctx, ctx.db, ask);
      const out = await attestToken(ctx, req.profile_id, req.token, async (tx, t, factor) => serverSignIn(ctx, tx, await attestedUser(ctx, tx, t), factor, ask, current));
      return serverOk(c, { user_id: out.user_id, session_token: out.session_token, session_jwt: out.session_jwt, user: out.user, ...(out.session ? { session: out.session } : {}) });
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
