import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { sessionSecret } from '../../http/auth.ts';
import { b2bEndpoint, requireAdmin } from '../../http/b2b-endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { body } from '../../http/validate.ts';
import { authMethodOf, enterOrganization } from '../../services/b2b/discovery.ts';
import { isMfaFactor, refreshMemberSession, sessionFactors, revokeMemberSession, revokeMemberSessions } from '../../services/b2b/member-sessions.ts';
import { requireMember } from '../../services/b2b/members.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { completePrimaryAuth } from '../../services/b2b/primary-auth.ts';
import { durationMinutes } from '../../services/sessions.ts';
import { withTx } from '../../services/tx.ts';

/** B2B sessions: authenticate, revoke (own, or a member's as an admin), exchange to another organization. */
export function b2bSessionRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post('/b2b/sessions/authenticate', async (c) => {
    const secret = sessionSecret(ctx, c);
    if (secret === null) throw new ApiError(401, 'unauthorized_credentials', 'This call needs an active member session.');
    const req = await body(c, R.SessionsAuthenticate);
    const minutes = req.session_duration_minutes === undefined ? undefined : durationMinutes(ctx, req.session_duration_minutes);
    const issued = await withTx(ctx.db, (tx) => refreshMemberSession(ctx, tx, secret, minutes));
    return ok(c, { ...issued });
  });

  app.post('/b2b/sessions/revoke', b2bEndpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
    await revokeMemberSession(ctx, ctx.db, caller.memberSessionId);
    return ok(c, {});
  }));

  app.post('/b2b/sessions/revoke/:memberId', b2bEndpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
    const target = c.req.param('memberId') ?? '';
    if (target !== caller.member.member_id) requireAdmin(caller);
    // A member of another organization is not found: an admin's reach ends at its organization.
    await requireMember(ctx.db, caller.org.organization_id, target);
    await revokeMemberSessions(ctx, ctx.db, target);
    return ok(c, {});
  }));

  app.post('/b2b/sessions/exchange', b2bEndpoint(ctx, { session: 'required', schema: R.SessionsExchange, minutes: true }, async ({ c, caller, req, minutes }) => {
    const answer = await withTx(ctx.db, async (tx) => {
      // Only the address's primary factors travel: MFA is proven per member, so the other organization asks its own.
      const primary = (await sessionFactors(ctx, tx, caller.memberSessionId)).filter((f) => !isMfaFactor(f));
      const factor = primary.at(-1);
      if (!factor) throw new ApiError(400, 'session_has_no_primary_factor', 'The session has no primary factor to carry to another organization.');
      const org = await requireOrganization(tx, req.organization_id);
      const member = await enterOrganization(tx, ctx.env, ctx.clock.now(), org, caller.member.email_address);
      return completePrimaryAuth(ctx, tx, { org, member, factor, method: authMethodOf(factor), minutes, client: caller.client, currentSessionId: null, priorFactors: primary });
    });
    return ok(c, answer);
  }));

  return app;
}
