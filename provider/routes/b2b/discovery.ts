import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { b2bEndpoint } from '../../http/b2b-endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { authMethodOf, discoverOrganizations, enterOrganization } from '../../services/b2b/discovery.ts';
import { consumeIntermediateSession, readIntermediateSession } from '../../services/b2b/intermediate-sessions.ts';
import { ADMIN_ROLE, createMember } from '../../services/b2b/members.ts';
import { createOrganization, organizationBySlug, requireOrganization, slugFromName } from '../../services/b2b/organizations.ts';
import { completePrimaryAuth } from '../../services/b2b/primary-auth.ts';
import { secretToken } from '../../services/ids.ts';
import { withTx } from '../../services/tx.ts';

const needsToken = () => new ApiError(400, 'intermediate_session_token_required', 'This call needs an intermediate session token (or, to list organizations, a member session).');

/** Discovery: list the organizations an address may enter, create one, or exchange into one. */
export function b2bDiscoveryRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post('/b2b/discovery/organizations', b2bEndpoint(ctx, { session: 'optional', schema: R.DiscoveryOrganizations }, async ({ c, caller, req }) => {
    if (req.intermediate_session_token) {
      const ist = await readIntermediateSession(ctx, ctx.db, req.intermediate_session_token);
      const factor = ist.factors.at(-1) ?? null;
      return ok(c, { email_address: ist.email, discovered_organizations: await discoverOrganizations(ctx.db, ist.email, factor), organization_id_hint: ist.organizationId });
    }
    if (!caller.member) throw needsToken();
    const email = caller.member.email_address;
    return ok(c, { email_address: email, discovered_organizations: await discoverOrganizations(ctx.db, email, null), organization_id_hint: null });
  }));

  app.post('/b2b/discovery/intermediate_sessions/exchange', b2bEndpoint(ctx, { session: 'optional', schema: R.DiscoveryIntermediateSessionsExchange, minutes: true }, async ({ c, caller, req, minutes }) => {
    if (!req.intermediate_session_token) throw needsToken();
    const token = req.intermediate_session_token;
    const answer = await withTx(ctx.db, async (tx) => {
      const ist = await consumeIntermediateSession(ctx, tx, token);
      // An intermediate session of one organization (awaiting MFA there) enters no other.
      if (ist.organizationId !== null && ist.organizationId !== req.organization_id) {
        throw new ApiError(403, 'intermediate_session_organization_mismatch', 'The intermediate session belongs to another organization.');
      }
      const org = await requireOrganization(tx, req.organization_id);
      const member = await enterOrganization(tx, ctx.env, ctx.clock.now(), org, ist.email);
      const factor = ist.factors.at(-1);
      if (!factor) throw new ApiError(401, 'primary_factor_required', 'The intermediate session proves no primary factor.');
      return completePrimaryAuth(ctx, tx, { org, member, factor, method: authMethodOf(factor), minutes, client: caller.client, currentSessionId: caller.memberSessionId, priorFactors: ist.factors });
    });
    return ok(c, answer);
  }));

  app.post('/b2b/discovery/organizations/create', b2bEndpoint(ctx, { session: 'optional', schema: R.DiscoveryOrganizationsCreate, minutes: true }, async ({ c, caller, req, minutes }) => {
    if (!ctx.config.b2b.createOrganizationEnabled) {
      throw new ApiError(403, 'organization_creation_not_allowed', 'This project does not allow organizations to be created from discovery.');
    }
    if (!req.intermediate_session_token) throw needsToken();
    const token = req.intermediate_session_token;
    const answer = await withTx(ctx.db, async (tx) => {
      const ist = await consumeIntermediateSession(ctx, tx, token);
      if (ist.organizationId !== null) throw new ApiError(403, 'intermediate_session_organization_mismatch', 'Only a discovery intermediate session creates an organization.');
      const now = ctx.clock.now();
      const { intermediate_session_token: _t, session_duration_minutes: _m, ...settings } = req;
      const name = settings.organization_name?.trim() || `${ist.email.split('@')[0]}'s organization`;
      let slug = settings.organization_slug;
      if (slug === undefined) {
        // A slug derived from a name may be taken already; a short suffix keeps it readable.
        slug = slugFromName(name);
        if (await organizationBySlug(tx, slug)) slug = `${slug.slice(0, 120)}-${secretToken(4).toLowerCase().replace(/[^a-z0-9]/g, '')}`;
      }
      const org = await createOrganization(tx, ctx.env, now, { ...settings, organization_name: name, organization_slug: slug });
      const member = await createMember(tx, ctx.env, now, org.organization_id, { email: ist.email, status: 'active', emailVerified: true, roles: [ADMIN_ROLE] });
      const factor = ist.factors.at(-1);
      if (!factor) throw new ApiError(401, 'primary_factor_required', 'The intermediate session proves no primary factor.');
      return completePrimaryAuth(ctx, tx, { org, member, factor, method: authMethodOf(factor), minutes, client: caller.client, currentSessionId: null, priorFactors: ist.factors });
    });
    return ok(c, answer);
  }));

  return app;
}
