import { Hono } from 'hono';
import { requests } from '../../../client/schemas/index.ts';
import type { ProviderContext } from '../../context.ts';
import type { SignedInMember } from '../../http/auth.ts';
import { requireMemberAction } from '../../services/b2b/rbac.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { issuerOf } from '../../http/issuer.ts';
import { memberShape, requireMember } from '../../services/b2b/members.ts';
import { organizationShape } from '../../services/b2b/organizations.ts';
import { connectedAppsOf, publicClientShape, revokeConnectedApp } from '../../services/connected-apps.ts';
import { authorize, checkAuthorizeRequest, startLogout, type Subject } from '../../services/idp-authorize.ts';
import { resourcesOf } from '../idp.ts';

/** The member a signed-in caller grants as, its session the one that made the grant. */
const subjectOf = (caller: SignedInMember): Subject => ({ memberId: caller.member.member_id, organizationId: caller.org.organization_id, sessionId: caller.memberSessionId });

/**
 * The B2B consent element's calls (the official `HeadlessB2BIDPClient`): the authorization
 * request's start and submit and the logout's start for a member, and a member's connected
 * apps (their own, or, for an admin, another member's of the same organization). Clients are
 * the project's, shared with the B2C line.
 */
export function b2bIdpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const signedIn = { as: 'member', session: 'required' } as const;

  app.post(
    '/idp/b2b/oauth/authorize/start',
    endpoint(ctx, { ...signedIn, schema: requests.IdpAuthorizeStart }, async ({ c, caller, req }) => {
      const checked = await checkAuthorizeRequest(ctx, ctx.db, subjectOf(caller), req);
      return ok(c, {
        member_id: caller.member.member_id,
        member: memberShape(caller.member, caller.org),
        organization: organizationShape(caller.org),
        client: publicClientShape(checked.client),
        consent_required: checked.consentRequired,
        scope_results: checked.scopeResults,
      });
    }),
  );

  app.post(
    '/idp/b2b/oauth/authorize/submit',
    endpoint(ctx, { ...signedIn, schema: requests.IdpAuthorizeSubmit }, async ({ c, caller, req }) => {
      const answer = await authorize(ctx, async () => subjectOf(caller), { ...req, resources: resourcesOf(req) }, issuerOf(ctx, c));
      return ok(c, answer);
    }),
  );

  app.post(
    '/b2b/oauth/logout/start',
    endpoint(ctx, { as: 'member', session: 'optional', schema: requests.OAuthLogoutStart }, async ({ c, caller, req }) => ok(c, await startLogout(ctx, ctx.db, req, caller.member?.member_id ?? null))),
  );

  // Registered before the organization routes' `/members/:memberId`.
  app.get(
    '/b2b/organizations/members/connected_apps',
    endpoint(ctx, signedIn, async ({ c, caller }) => ok(c, { connected_apps: await connectedAppsOf(ctx.db, { memberId: caller.member.member_id }, ctx.clock.now()) })),
  );
  app.post(
    '/b2b/organizations/members/connected_apps/:id/revoke',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      await revokeConnectedApp(ctx.db, { memberId: caller.member.member_id }, c.req.param('id')!, ctx.clock.now());
      return ok(c, {});
    }),
  );

  /**
   * A member of the caller's organization, as the caller's roles allow: reading another's grants
   * is a member search, ending them a revocation (one's own on stytch.self where it has it).
   */
  const memberFor = async (caller: SignedInMember, memberId: string, action: 'search' | 'revoke-sessions') => {
    if (memberId !== caller.member.member_id) requireMemberAction(ctx.config, caller, memberId, action);
    return requireMember(ctx.db, caller.org.organization_id, memberId);
  };
  app.get(
    '/b2b/organizations/members/:memberId/connected_apps',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      const member = await memberFor(caller, c.req.param('memberId')!, 'search');
      return ok(c, { connected_apps: await connectedAppsOf(ctx.db, { memberId: member.member_id }, ctx.clock.now()) });
    }),
  );
  app.post(
    '/b2b/organizations/members/:memberId/connected_apps/:id/revoke',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      const member = await memberFor(caller, c.req.param('memberId')!, 'revoke-sessions');
      await revokeConnectedApp(ctx.db, { memberId: member.member_id }, c.req.param('id')!, ctx.clock.now());
      return ok(c, {});
    }),
  );

  return app;
}
