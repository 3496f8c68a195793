import { Hono, type Context } from 'hono';
import * as R from '../../../client/schemas/b2b-scim-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { requirePermission } from '../../services/b2b/rbac.ts';
import * as scim from '../../services/b2b/scim-connections.ts';
import { providerBase } from '../../services/b2b/sso-connections.ts';

/**
 * The signed-in member's organization's SCIM connection (`/sdk/v1/b2b/scim`, the official B2B
 * headless client's `scim` methods, which the admin portal's SCIM screen calls): each call is
 * allowed by the member's roles on `stytch.scim` (create, get, update, delete; a token
 * rotation and the group-to-role mapping are updates), refused with 403 before anything changes.
 */
export function b2bScimRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const base = (c: Context) => providerBase(ctx, c.req.url);

  app.post(
    '/b2b/scim',
    endpoint(ctx, { as: 'member', session: 'required', schema: R.ScimCreateConnection }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.scim', 'create');
      return ok(c, await scim.createScimConnection(ctx, caller.org.organization_id, req, base(c)));
    }),
  );

  app.get(
    '/b2b/scim',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.scim', 'get');
      return ok(c, await scim.getScimConnection(ctx.db, caller.org.organization_id, base(c)));
    }),
  );

  app.post(
    '/b2b/scim/groups',
    endpoint(ctx, { as: 'member', session: 'required', schema: R.ScimGetGroups }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.scim', 'get');
      const row = await scim.scimConnectionOf(ctx.db, caller.org.organization_id);
      if (!row) return ok(c, { scim_groups: [], next_cursor: null });
      return ok(c, await scim.connectionGroups(ctx.db, caller.org.organization_id, row.connection_id, req));
    }),
  );

  app.post(
    '/b2b/scim/rotate/start',
    endpoint(ctx, { as: 'member', session: 'required', schema: R.ScimConnectionId }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.scim', 'update');
      return ok(c, await scim.startTokenRotation(ctx, caller.org.organization_id, req.connection_id, base(c)));
    }),
  );

  for (const how of ['complete', 'cancel'] as const) {
    app.post(
      `/b2b/scim/rotate/${how}`,
      endpoint(ctx, { as: 'member', session: 'required', schema: R.ScimConnectionId }, async ({ c, caller, req }) => {
        requirePermission(ctx.config, caller, 'stytch.scim', 'update');
        return ok(c, await scim.endTokenRotation(ctx, caller.org.organization_id, req.connection_id, how, base(c)));
      }),
    );
  }

  app.put(
    '/b2b/scim/:connection_id',
    endpoint(ctx, { as: 'member', session: 'required', schema: R.ScimUpdateConnection }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.scim', 'update');
      return ok(c, await scim.updateScimConnection(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '', req, base(c)));
    }),
  );

  app.delete(
    '/b2b/scim/:connection_id',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.scim', 'delete');
      await scim.deleteScimConnection(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '');
      return ok(c, { connection_id: c.req.param('connection_id') });
    }),
  );
  return app;
}
