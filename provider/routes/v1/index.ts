import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { serverB2BOrganizationRoutes } from './b2b-organizations.ts';
import { serverB2BPasswordRoutes } from './b2b-passwords.ts';
import { serverB2BRbacRoutes } from './b2b-rbac.ts';
import { serverB2BSessionRoutes } from './b2b-sessions.ts';
import { serverB2BSignInRoutes } from './b2b-sign-in.ts';
import { serverB2BScimRoutes } from './b2b-scim.ts';
import { serverB2BSsoRoutes } from './b2b-sso.ts';
import { serverConnectedAppRoutes } from './connected-apps.ts';
import { serverIdpRoutes } from './idp.ts';
import { serverB2BIdpRoutes } from './b2b-idp.ts';
import { serverMagicLinkRoutes } from './magic-links.ts';
import { serverOtpRoutes } from './otps.ts';
import { serverPasswordRoutes } from './passwords.ts';
import { serverSessionRoutes } from './sessions.ts';
import { serverUserRoutes } from './users.ts';

/** The server API under `/v1`: a site's backend calls it with Basic `project_id:secret`. */
export function serverApiRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.route('/', serverSessionRoutes(ctx));
  app.route('/', serverUserRoutes(ctx));
  app.route('/', serverMagicLinkRoutes(ctx));
  app.route('/', serverOtpRoutes(ctx));
  app.route('/', serverPasswordRoutes(ctx));
  app.route('/', serverB2BOrganizationRoutes(ctx));
  app.route('/', serverB2BSessionRoutes(ctx));
  app.route('/', serverB2BSignInRoutes(ctx));
  app.route('/', serverB2BSsoRoutes(ctx));
  app.route('/', serverB2BPasswordRoutes(ctx));
  app.route('/', serverB2BRbacRoutes(ctx));
  app.route('/', serverB2BScimRoutes(ctx));
  app.route('/', serverConnectedAppRoutes(ctx));
  app.route('/', serverIdpRoutes(ctx));
  app.route('/', serverB2BIdpRoutes(ctx));
  return app;
}
