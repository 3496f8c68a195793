import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { issuerOf } from '../../http/issuer.ts';
import { serverOk } from '../../http/server-auth.ts';
import { findMemberSession, sessionOwner } from '../../services/b2b/member-sessions.ts';
import { memberShape, requireMember } from '../../services/b2b/members.ts';
import { organizationShape, requireOrganization } from '../../services/b2b/organizations.ts';
import { connectedAppsOf, publicClientShape, revokeConnectedApp } from '../../services/connected-apps.ts';
import { authorize, checkAuthorizeRequest } from '../../services/idp-authorize.ts';
import { resourcesOf } from '../idp.ts';
import { B2BIdpAuthorizeStartV1, B2BIdpAuthorizeV1 } from './schemas.ts';

/** Server API, B2B: the authorization request for sites that draw their own consent page (the Node SDK's `B2BClient.idp.oauth`), and a member's connected apps. */
export function serverB2BIdpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  /** The member the site names: by organization and id (no session then), or by a live member session's token or JWT. */
  async function memberOf(db: Queryable, req: { organization_id?: string; member_id?: string; session_token?: string; session_jwt?: string }) {
    if (req.member_id !== undefined) {
      const org = await requireOrganization(db, req.organization_id!);
      const member = await requireMember(db, org.organization_id, req.member_id);
      return { memberId: member.member_id, organizationId: org.organization_id, sessionId: null, member, org };
    }
    const session = await findMemberSession(ctx, db, (req.session_token ?? req.session_jwt)!);
    if (!session) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
    const { member, org } = await sessionOwner(db, session);
    return { memberId: member.member_id, organizationId: org.organization_id, sessionId: session.member_session_id, member, org };
  }

  app.post(
    '/b2b/idp/oauth/authorize/start',
    endpoint(ctx, { session: 'none', schema: B2BIdpAuthorizeStartV1 }, async ({ c, req }) => {
      const who = await memberOf(ctx.db, req);
      const checked = await checkAuthorizeRequest(ctx, ctx.db, who, req);
      return serverOk(c, {
        member_id: who.memberId,
        member: memberShape(who.member, who.org),
        organization: organizationShape(who.org),
        client: publicClientShape(checked.client),
        consent_required: checked.consentRequired,
        scope_results: checked.scopeResults,
      });
    }),
  );

  app.post(
    '/b2b/idp/oauth/authorize',
    endpoint(ctx, { session: 'none', schema: B2BIdpAuthorizeV1 }, async ({ c, req }) => {
      const answer = await authorize(ctx, (tx) => memberOf(tx, req), { ...req, resources: resourcesOf(req) }, issuerOf(ctx, c));
      return serverOk(c, answer);
    }),
  );

  // A member's connected apps, as the Node SDK's organizations.members.getConnectedApps and connectedApps.revoke ask.
  app.get(
    '/b2b/organizations/:organizationId/members/:memberId/connected_apps',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const org = await requireOrganization(ctx.db, c.req.param('organizationId')!);
      const member = await requireMember(ctx.db, org.organization_id, c.req.param('memberId')!);
      return serverOk(c, { connected_apps: await connectedAppsOf(ctx.db, { memberId: member.member_id }, ctx.clock.now()) });
    }),
  );
  app.post(
    '/b2b/organizations/:organizationId/members/:memberId/connected_apps/:clientId/revoke',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const org = await requireOrganization(ctx.db, c.req.param('organizationId')!);
      const member = await requireMember(ctx.db, org.organization_id, c.req.param('memberId')!);
      await revokeConnectedApp(ctx.db, { memberId: member.member_id }, c.req.param('clientId')!, ctx.clock.now());
      return serverOk(c, {});
    }),
  );

  return app;
}
