import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import * as R from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import { LONG_TEXT_MAX_BYTES, nonEmpty, sessionDuration, str } from '../../../client/schemas/fields.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { findMemberSession } from '../../services/b2b/member-sessions.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { actingMember } from '../../http/auth.ts';
import { requireActing, requirePermission } from '../../services/b2b/rbac.ts';
import { addConnection, addExternalConnection, changeConnection, changeConnectionByUrl, changeExternalConnection, removeConnection } from '../../services/b2b/sso-admin.ts';
import { externalConnectionShape, listExternalConnections } from '../../services/b2b/sso-external.ts';
import { connectionShape, listConnections, providerBase, type Protocol } from '../../services/b2b/sso-connections.ts';
import { authenticateSso } from '../../services/b2b/sso-flow.ts';
import { durationMinutes } from '../../services/sessions.ts';
import { SERVER_CLIENT } from './b2b-sessions.ts';

const SsoAuthenticate = v.object({
  sso_token: nonEmpty(),
  pkce_code_verifier: v.optional(str()),
  session_token: v.optional(nonEmpty()),
  session_jwt: v.optional(nonEmpty(LONG_TEXT_MAX_BYTES)),
  session_duration_minutes: v.optional(sessionDuration()),
  locale: v.optional(str()),
});

/** Server API SSO (`/v1/b2b/sso`, as the official Node SDK calls it): connections of any organization, and sso/authenticate. */
export function serverB2BSsoRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const base = (c: Context) => providerBase(ctx, c.req.url);
  const org = async (c: Context) => (await requireOrganization(ctx.db, c.req.param('organization_id') ?? '')).organization_id;

  // Registered before `/b2b/sso/:organization_id` would match "authenticate" as an organization id.
  app.post(
    '/b2b/sso/authenticate',
    endpoint(ctx, { session: 'none', schema: SsoAuthenticate }, async ({ c, req }) => {
      const secret = req.session_token ?? req.session_jwt;
      const named = secret === undefined ? null : await findMemberSession(ctx, ctx.db, secret);
      if (secret !== undefined && !named) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
      const answer = await authenticateSso(ctx, req.sso_token, req.pkce_code_verifier, {
        minutes: durationMinutes(ctx, req.session_duration_minutes),
        client: SERVER_CLIENT,
        current: named ? { memberId: named.member_id, sessionId: named.member_session_id } : null,
      });
      return serverOk(c, answer);
    }),
  );

  app.get(
    '/b2b/sso/:organization_id',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const organizationId = await org(c);
      const rows = await listConnections(ctx.db, organizationId);
      const of = (p: Protocol) => rows.filter((r) => r.protocol === p).map((r) => connectionShape(r, base(c)));
      const external = (await listExternalConnections(ctx.db, organizationId)).map(externalConnectionShape);
      return serverOk(c, { saml_connections: of('saml'), oidc_connections: of('oidc'), external_connections: external });
    }),
  );

  // External connections (the Node SDK's `sso.external`), held to the acting member's `stytch.sso` permissions when the call names one.
  app.post(
    '/b2b/sso/external/:organization_id',
    endpoint(ctx, { session: 'none', schema: R.ExternalCreateConnection }, async ({ c, req }) => {
      const organizationId = await org(c);
      requireActing(await actingMember(ctx, c), organizationId, (m) => requirePermission(ctx.config, m, 'stytch.sso', 'create'));
      return serverOk(c, { connection: externalConnectionShape(await addExternalConnection(ctx, organizationId, req)) });
    }),
  );
  app.put(
    '/b2b/sso/external/:organization_id/connections/:connection_id',
    endpoint(ctx, { session: 'none', schema: R.ExternalUpdateConnection }, async ({ c, req }) => {
      const organizationId = await org(c);
      requireActing(await actingMember(ctx, c), organizationId, (m) => requirePermission(ctx.config, m, 'stytch.sso', 'update'));
      return serverOk(c, { connection: externalConnectionShape(await changeExternalConnection(ctx, organizationId, c.req.param('connection_id') ?? '', req)) });
    }),
  );

  for (const protocol of ['saml', 'oidc'] as const) {
    app.post(
      `/b2b/sso/${protocol}/:organization_id`,
      endpoint(ctx, { session: 'none', schema: R.SsoCreateConnection }, async ({ c, req }) => {
        const organizationId = await org(c);
        const row = await addConnection(ctx, organizationId, protocol, req);
        return serverOk(c, { connection: connectionShape(row, base(c)) });
      }),
    );
    const schema = protocol === 'saml' ? R.SamlUpdateConnection : R.OidcUpdateConnection;
    app.put(
      `/b2b/sso/${protocol}/:organization_id/connections/:connection_id`,
      endpoint(ctx, { session: 'none', schema }, async ({ c, req }) => {
        const organizationId = await org(c);
        const row = await changeConnection(ctx, organizationId, c.req.param('connection_id') ?? '', protocol, req);
        return serverOk(c, { connection: connectionShape(row, base(c)), ...(protocol === 'oidc' ? { warning: '' } : {}) });
      }),
    );
  }

  app.put(
    '/b2b/sso/saml/:organization_id/connections/:connection_id/url',
    endpoint(ctx, { session: 'none', schema: R.SamlUpdateByUrl }, async ({ c, req }) => {
      const row = await changeConnectionByUrl(ctx, await org(c), c.req.param('connection_id') ?? '', req.metadata_url);
      return serverOk(c, { connection: connectionShape(row, base(c)) });
    }),
  );

  app.delete(
    '/b2b/sso/:organization_id/connections/:connection_id',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const organizationId = await org(c);
      await removeConnection(ctx, organizationId, c.req.param('connection_id') ?? '');
      return serverOk(c, { connection_id: c.req.param('connection_id') });
    }),
  );

  return app;
}
