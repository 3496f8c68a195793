import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { b2bAdminPortalRoutes } from './admin-portal.ts';
import { b2bDiscoveryRoutes } from './discovery.ts';
import { b2bIdpRoutes } from './idp.ts';
import { b2bMagicLinkRoutes } from './magic-links.ts';
import { b2bMfaRoutes } from './mfa.ts';
import { b2bOrganizationRoutes } from './organizations.ts';
import { b2bOtpRoutes } from './otps.ts';
import { b2bPasswordRoutes } from './passwords.ts';
import { b2bScimRoutes } from './scim.ts';
import { b2bSessionRoutes } from './sessions.ts';

/** Everything under `/sdk/v1/b2b`: one line per product, so each product's routes live in its own file. */
export function b2bRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.route('/', b2bDiscoveryRoutes(ctx));
  app.route('/', b2bMagicLinkRoutes(ctx));
  app.route('/', b2bOtpRoutes(ctx));
  app.route('/', b2bPasswordRoutes(ctx));
  app.route('/', b2bSessionRoutes(ctx));
  // Before the organization routes: `/members/connected_apps` is not a member id.
  app.route('/', b2bIdpRoutes(ctx));
  app.route('/', b2bOrganizationRoutes(ctx));
  app.route('/', b2bMfaRoutes(ctx));
  app.route('/', b2bAdminPortalRoutes(ctx));
  app.route('/', b2bScimRoutes(ctx));
  return app;
}
