import { Hono } from 'hono';
import type { ProviderContext } from '../context.ts';
import { ApiError, ok } from '../http/errors.ts';

/** `GET /projects/bootstrap/{public_token}`: every field the official client reads. */
export function bootstrapRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/projects/bootstrap/:token', (c) => {
    const token = c.req.param('token');
    const { config } = ctx;
    if (token !== config.publicTokens.test && token !== config.publicTokens.live) {
      throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
    }
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
      slug_pattern: '',
      create_organization_enabled: false,
      password_config:
        policy.policy === 'luds'
          ? { luds_complexity: policy.complexity, luds_minimum_count: policy.minimumCount }
          : { luds_complexity: 0, luds_minimum_count: 0 },
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      rbac_policy: { roles: [], resources: [] },
      siwe_required_for_crypto_wallets: config.siweRequired,
      vertical: 'CONSUMER',
    });
  });
  return app;
}
