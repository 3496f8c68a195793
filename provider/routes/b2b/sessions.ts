import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { exchangeMemberSession } from '../../services/b2b/discovery.ts';
import { attestMemberSession } from '../../services/b2b/attest.ts';
import { refreshMemberSession, revokeMemberSession, revokeMemberSessions } from '../../services/b2b/member-sessions.ts';
import { requireMember } from '../../services/b2b/members.ts';
import { requireMemberAction } from '../../services/b2b/rbac.ts';

/** B2B sessions: authenticate, attest a trusted auth token, revoke (own, or a member's as an admin), exchange to another organization. */
export function b2bSessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/sessions/authenticate',
    endpoint(ctx, { as: 'member', session: 'secret', schema: R.SessionsAuthenticate, minutes: 'optional' }, async ({ c, caller, minutes }) => {
      const issued = await refreshMemberSession(ctx, ctx.db, caller.secret, minutes);
      return ok(c, { ...issued });
    }),
  );

  app.post(
    '/b2b/sessions/attest',
    endpoint(ctx, { as: 'member', session: 'optional', schema: R.SessionsAttest, minutes: true }, async ({ c, caller, req, minutes }) => {
      // The caller's session grows by the factor when it is this member's; else a new one starts.
      return ok(c, { ...(await attestMemberSession(ctx, req, { minutes, client: caller.client, currentSessionId: caller.memberSessionId })) });
    }),
  );

  app.post(
    '/b2b/sessions/revoke',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      await revokeMemberSession(ctx, ctx.db, caller.memberSessionId);
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/sessions/revoke/:memberId',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      const target = c.req.param('memberId') ?? '';
      requireMemberAction(ctx.config, caller, target, 'revoke-sessions');
      // A member of another organization is not found: an admin's reach ends at its organization.
      await requireMember(ctx.db, caller.org.organization_id, target);
      await revokeMemberSessions(ctx, ctx.db, target);
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/sessions/exchange',
    endpoint(ctx, { as: 'member', session: 'required', schema: R.SessionsExchange, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, await exchangeMemberSession(ctx, caller.memberSessionId, caller.member.email_address, req.organization_id, { minutes, client: caller.client }));
    }),
  );

  return app;
}
