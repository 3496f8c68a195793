import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { createOrganizationFromDiscovery, discoverOrganizations, exchangeIntermediateSession } from '../../services/b2b/discovery.ts';
import { readIntermediateSession } from '../../services/b2b/intermediate-sessions.ts';

export const needsIntermediateSession = () => new ApiError(400, 'intermediate_session_token_required', 'This call needs an intermediate session token (or, to list organizations, a member session).');

/** Discovery: list the organizations an address may enter, create one, or exchange into one. */
export function b2bDiscoveryRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/discovery/organizations',
    endpoint(ctx, { as: 'member', session: 'optional', schema: R.DiscoveryOrganizations }, async ({ c, caller, req }) => {
      if (req.intermediate_session_token) {
        const ist = await readIntermediateSession(ctx, ctx.db, req.intermediate_session_token);
        return ok(c, {
          email_address: ist.email,
          discovered_organizations: await discoverOrganizations(ctx.db, ist.email, ist.factors.at(-1) ?? null, ist.passwordOrganizations ?? null),
          organization_id_hint: ist.organizationId,
        });
      }
      if (!caller.member) throw needsIntermediateSession();
      const email = caller.member.email_address;
      return ok(c, { email_address: email, discovered_organizations: await discoverOrganizations(ctx.db, email, null), organization_id_hint: null });
    }),
  );

  app.post(
    '/b2b/discovery/intermediate_sessions/exchange',
    endpoint(ctx, { as: 'member', session: 'optional', schema: R.DiscoveryIntermediateSessionsExchange, minutes: true }, async ({ c, caller, req, minutes }) => {
      if (!req.intermediate_session_token) throw needsIntermediateSession();
      return ok(c, await exchangeIntermediateSession(ctx, req.intermediate_session_token, req.organization_id, { minutes, client: caller.client, currentSessionId: caller.memberSessionId }));
    }),
  );

  app.post(
    '/b2b/discovery/organizations/create',
    endpoint(ctx, { as: 'member', session: 'optional', schema: R.DiscoveryOrganizationsCreate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const { intermediate_session_token: token, session_duration_minutes: _minutes, ...settings } = req;
      if (!token) throw needsIntermediateSession();
      return ok(c, await createOrganizationFromDiscovery(ctx, token, settings, { minutes, client: caller.client, currentSessionId: null }));
    }),
  );

  return app;
}
