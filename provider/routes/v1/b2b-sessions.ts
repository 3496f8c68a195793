import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { query } from '../../http/validate.ts';
import { exchangeMemberSession } from '../../services/b2b/discovery.ts';
import { attestMemberSession } from '../../services/b2b/attest.ts';
import { findMemberSession, liveMemberSessions, refreshMemberSession, revokeMemberSession, revokeMemberSessions, sessionOwner } from '../../services/b2b/member-sessions.ts';
import { authorizationVerdict, type RoleOrg } from '../../services/b2b/rbac.ts';
import { durationMinutes } from '../../services/sessions.ts';
import { SessionsAttest, SessionsAuthenticate, SessionsExchange, SessionsGet, SessionsRevoke } from './b2b-schemas.ts';

const notFound = () => new ApiError(404, 'session_not_found', 'Session could not be found.');
/** A backend passes no end user's connection; sessions it starts record none. */
export const SERVER_CLIENT = { ip: '', userAgent: '' };

/** The member session a server API sign-in names to extend; a named one that is not live is a 404. */
export async function namedMemberSession(ctx: ProviderContext, req: { session_token?: string; session_jwt?: string }): Promise<string | null> {
  const secret = req.session_token ?? req.session_jwt;
  if (secret === undefined) return null;
  const found = await findMemberSession(ctx, ctx.db, secret);
  if (!found) throw notFound();
  return found.member_session_id;
}

/** Server API member sessions: authenticate (token or JWT), attest a trusted auth token, list, revoke, exchange, and the JWKS. */
export function serverB2BSessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/sessions/authenticate',
    endpoint(ctx, { session: 'none', schema: SessionsAuthenticate, minutes: 'optional' }, async ({ c, req, minutes }) => {
      const issued = await refreshMemberSession(ctx, ctx.db, (req.session_token ?? req.session_jwt)!, minutes);
      const session = issued.member_session as { organization_id: string; roles: string[] };
      // The answer's organization carries its own roles (custom_roles): they count for its members only.
      const org = issued.organization as RoleOrg;
      const verdict = req.authorization_check ? { verdict: authorizationVerdict(ctx.config, session, org, req.authorization_check) } : {};
      return serverOk(c, {
        member_session: issued.member_session,
        session_token: issued.session_token,
        session_jwt: issued.session_jwt,
        member: issued.member,
        organization: issued.organization,
        ...verdict,
      });
    }),
  );

  app.post(
    '/b2b/sessions/attest',
    endpoint(ctx, { session: 'none', schema: SessionsAttest }, async ({ c, req }) => {
      const current = await namedMemberSession(ctx, req);
      const issued = await attestMemberSession(ctx, req, { minutes: durationMinutes(ctx, req.session_duration_minutes), client: SERVER_CLIENT, currentSessionId: current });
      const { organization_id: _org, ...answer } = issued;
      return serverOk(c, answer);
    }),
  );

  app.get('/b2b/sessions', async (c) => {
    const req = query(c, SessionsGet);
    return serverOk(c, { member_sessions: await liveMemberSessions(ctx, ctx.db, req.organization_id, req.member_id) });
  });

  app.post(
    '/b2b/sessions/revoke',
    endpoint(ctx, { session: 'none', schema: SessionsRevoke }, async ({ c, req }) => {
      if (req.member_id !== undefined) {
        await revokeMemberSessions(ctx, ctx.db, req.member_id);
        return serverOk(c, {});
      }
      const secret = req.session_token ?? req.session_jwt;
      const id = secret !== undefined ? (await findMemberSession(ctx, ctx.db, secret))?.member_session_id : req.member_session_id;
      if (!id) throw notFound();
      await revokeMemberSession(ctx, ctx.db, id);
      return serverOk(c, {});
    }),
  );

  app.post(
    '/b2b/sessions/exchange',
    endpoint(ctx, { session: 'none', schema: SessionsExchange }, async ({ c, req }) => {
      const session = await findMemberSession(ctx, ctx.db, (req.session_token ?? req.session_jwt)!);
      if (!session) throw notFound();
      const { member } = await sessionOwner(ctx.db, session);
      const answer = await exchangeMemberSession(ctx, session.member_session_id, member.email_address, req.organization_id, {
        minutes: durationMinutes(ctx, req.session_duration_minutes),
        client: SERVER_CLIENT,
      });
      return serverOk(c, answer);
    }),
  );

  // Public, as the hosted provider's is: the SDK's JWKS client fetches it without credentials.
  app.get('/b2b/sessions/jwks/:projectId', async (c) => {
    if (c.req.param('projectId') !== ctx.config.projectId) throw new ApiError(404, 'project_not_found', 'No such project.');
    return serverOk(c, { ...(await ctx.keys.jwks()) });
  });

  return app;
}
