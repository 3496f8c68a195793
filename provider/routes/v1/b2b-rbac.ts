import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { serverOk } from '../../http/server-auth.ts';
import { orgPolicyOf, setOrgPolicy } from '../../services/b2b/org-roles.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { rbacPolicy } from '../../services/b2b/rbac.ts';
import { OrgPolicySet } from './b2b-schemas.ts';

/** The project's RBAC policy and an organization's own roles, which the Node SDK caches to check a member's roles locally. */
export function serverB2BRbacRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/b2b/rbac/policy', (c) => serverOk(c, { policy: rbacPolicy(ctx.config) }));
  app.get('/b2b/rbac/organizations/:organizationId', async (c) => {
    const org = await requireOrganization(ctx.db, c.req.param('organizationId'));
    return serverOk(c, { org_policy: orgPolicyOf(org) });
  });
  app.put(
    '/b2b/rbac/organizations/:organizationId',
    endpoint(ctx, { session: 'none', schema: OrgPolicySet }, async ({ c, req }) => {
      const org = await setOrgPolicy(ctx, c.req.param('organizationId') ?? '', req.org_policy);
      return serverOk(c, { org_policy: orgPolicyOf(org) });
    }),
  );
  return app;
}
