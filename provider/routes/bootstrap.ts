import { Hono } from 'hono';
import type { ProviderContext } from '../context.ts';
import { publicTokensOf } from '../config.ts';
import { ApiError, ok } from '../http/errors.ts';
import { rbacPolicy } from '../services/b2b/rbac.ts';

/** `GET /projects/bootstrap/{public_token}`: every field the official client reads. */
export function bootstrapRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/projects/bootstrap/:token', (c) => {
    const token = c.req.param('token');
    const { config } = ctx;
    const known = publicTokensOf(config).find((t) => t.token === token);
    if (!known) throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
    const policy = config.passwordPolicy;
    return ok(c, {
      project_name: config.name,
      disable_sdk_watermark: !config.displayWatermark,
      cname_domain: null,
      email_domains: config.emailDomains,
      captcha_settings: { enabled: false },
      pkce_required_for_email_magic_links: config.pkceRequired.emailMagicLinks,
      pkce_required_for_password_resets: config.pkceRequired.passwordResets,
      pkce_required_for_oauth: config.pkceRequired.oauth,
      pkce_required_for_sso: config.pkceRequired.sso,
      slug_pattern: config.b2b.slugPattern,
      create_organization_enabled: config.b2b.createOrganizationEnabled,
      password_config: policy.policy === 'luds' ? { luds_complexity: policy.complexity, luds_minimum_count: policy.minimumCount } : { luds_complexity: 0, luds_minimum_count: 0 },
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      // The official B2B client checks a member session's roles against it (client.rbac.isAuthorized);
      // the official consent screen describes a requested scope from `scopes` (and reads it
      // unguarded): the project's own scopes, in the official RBACPolicyScope shape.
      rbac_policy: { ...rbacPolicy(config), scopes: config.connectedApps.customScopes.map(({ scope, description }) => ({ scope, description, permissions: [] })) },
      siwe_required_for_crypto_wallets: config.siweRequired,
      // The official clients read it and warn when their kind differs (the B2B one on CONSUMER).
      vertical: known.vertical,
    });
  });

  // A developer whose page runs on an origin the project does not list sees only "failed to
  // fetch": the browser hides why. This answer is readable from any origin (a simple GET, no
  // credentials) so the client can name the origin and the setting that allows it. Test
  // tokens only: a live project does not describe its configuration to strangers.
  app.get('/projects/origin_check/:token', (c) => {
    const token = c.req.param('token');
    const { config } = ctx;
    const anyOrigin = { 'Access-Control-Allow-Origin': '*' };
    // The B2B token is of the project's environment: a test project's answers too.
    if (config.publicTokens.test === undefined || (token !== config.publicTokens.test && token !== config.publicTokens.b2b)) {
      throw new ApiError(401, 'invalid_public_token', "Origin checks answer for the project's test public token only.", anyOrigin);
    }
    const origin = c.req.header('origin') ?? '';
    const authorized = config.authorizedOrigins.includes(origin);
    if (origin !== '' && !authorized) throw new ApiError(403, 'origin_not_authorized', unauthorizedOriginMessage(origin), anyOrigin);
    c.header('Access-Control-Allow-Origin', '*');
    return ok(c, { origin, authorized });
  });
  return app;
}

/** What a developer reads in the widget and the console when their page's origin is not listed. */
export function unauthorizedOriginMessage(origin: string): string {
  return (
    `This page's origin ${origin} is not an authorized origin of the project, so the browser blocks every call. ` +
    `Add it to AUTHORIZED_ORIGINS (comma-separated, e.g. AUTHORIZED_ORIGINS=${origin}) or to "authorizedOrigins" in the project file, then restart the provider.`
  );
}
