import { Hono, type Context } from 'hono';
import * as R from '../../../client/schemas/b2b-scim-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { serverOk } from '../../http/server-auth.ts';
import { query } from '../../http/validate.ts';
import { providerBase } from '../../services/b2b/sso-connections.ts';
import * as scim from '../../services/b2b/scim-connections.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';

/** Server API SCIM connections (`/v1/b2b/scim`, as the official Node SDK's `scim.connection` calls them). */
export function serverB2BScimRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const base = (c: Context) => providerBase(ctx, c.req.url);
  const org = async (c: Context) => (await requireOrganization(ctx.db, c.req.param('organization_id') ?? '')).organization_id;
  const connectionId = (c: Context) => c.req.param('connection_id') ?? '';

  app.post(
    '/b2b/scim/:organization_id/connection',
    endpoint(ctx, { session: 'none', schema: R.ScimCreateConnection }, async ({ c, req }) => {
      return serverOk(c, await scim.createScimConnection(ctx, await org(c), req, base(c)));
    }),
  );

  app.get(
    '/b2b/scim/:organization_id/connection',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      return serverOk(c, await scim.getScimConnection(ctx.db, await org(c), base(c)));
    }),
  );

  // The Node SDK's getGroups: a GET on the connection, with `cursor` and `limit` in the query.
  app.get(
    '/b2b/scim/:organization_id/connection/:connection_id',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const q = query(c, R.ScimGetGroupsQuery);
      const page = await scim.connectionGroups(ctx.db, await org(c), connectionId(c), { cursor: q.cursor, limit: q.limit === undefined ? undefined : Number(q.limit) });
      return serverOk(c, page.next_cursor === null ? { scim_groups: page.scim_groups } : page);
    }),
  );

  app.put(
    '/b2b/scim/:organization_id/connection/:connection_id',
    endpoint(ctx, { session: 'none', schema: R.ScimUpdateConnection }, async ({ c, req }) => {
      return serverOk(c, await scim.updateScimConnection(ctx, await org(c), connectionId(c), req, base(c)));
    }),
  );

  app.delete(
    '/b2b/scim/:organization_id/connection/:connection_id',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      await scim.deleteScimConnection(ctx, await org(c), connectionId(c));
      return serverOk(c, { connection_id: connectionId(c) });
    }),
  );

  app.post(
    '/b2b/scim/:organization_id/connection/:connection_id/rotate/start',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      return serverOk(c, await scim.startTokenRotation(ctx, await org(c), connectionId(c), base(c)));
    }),
  );

  for (const how of ['complete', 'cancel'] as const) {
    app.post(
      `/b2b/scim/:organization_id/connection/:connection_id/rotate/${how}`,
      endpoint(ctx, { session: 'none' }, async ({ c }) => {
        return serverOk(c, await scim.endTokenRotation(ctx, await org(c), connectionId(c), how, base(c)));
      }),
    );
  }

  return app;
}
