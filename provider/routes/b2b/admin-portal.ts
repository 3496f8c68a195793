import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';

/**
 * `GET /b2b/admin_portal_config`: what the official admin portal components may offer. Every
 * feature is on; what a member may do is its roles' (services/b2b/rbac.ts), checked per call.
 */
export function b2bAdminPortalRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get(
    '/b2b/admin_portal_config',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c }) =>
      ok(c, {
        sso_config: { sso_enabled: true, can_create_saml_connection: true, can_create_oidc_connection: true },
        organization_config: { mfa_controls_enabled: true },
        scim_config: { scim_enabled: true },
      }),
    ),
  );
  return app;
}
