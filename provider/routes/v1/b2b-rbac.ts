import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { serverOk } from '../../http/server-auth.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { rbacPolicy } from '../../services/b2b/rbac.ts';

/** The project's RBAC policy, which the Node SDK caches to check a member's roles locally. */
export function serverB2BRbacRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/b2b/rbac/policy', (c) => serverOk(c, { policy: rbacPolicy(ctx.config) }));
  // An organization's own roles (`custom_roles`): none yet, so its policy adds nothing to the project's.
  app.get('/b2b/rbac/organizations/:organizationId', async (c) => {
    await requireOrganization(ctx.db, c.req.param('organizationId'));
    return serverOk(c, { org_policy: { roles: [] } });
  });
  return app;
}
