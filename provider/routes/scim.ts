import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ProviderContext } from '../context.ts';
import { scimEndpoint, scimJson } from '../http/scim.ts';
import { providerBase } from '../services/b2b/sso-connections.ts';
import { scimBaseUrl } from '../services/b2b/scim-connections.ts';
import { resourceTypes, schemas, serviceProviderConfig, LIST_SCHEMA } from '../services/b2b/scim-documents.ts';
import { createScimGroup, deleteScimGroup, getScimGroup, listScimGroups, patchScimGroup, replaceScimGroup } from '../services/b2b/scim-groups.ts';
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, patchScimUser, replaceScimUser } from '../services/b2b/scim-users.ts';
import { ScimError } from '../errors.ts';

/*
 * The SCIM 2.0 service (RFC 7644) of each SCIM connection, at the connection's `base_url`
 * (`/scim/v2/<connection_id>`): Users, Groups and the discovery documents. Identity providers
 * (Okta, Entra ID) call it with the connection's bearer token; every answer and every error is
 * in SCIM's media type and shape (http/scim.ts).
 */

/** Any JSON object: what a User or Group holds is read by the service, which names each fault with its scimType. */
const ResourceBody = v.record(v.string(), v.unknown(), 'must be a JSON object');
const PatchBody = v.looseObject({
  schemas: v.optional(v.array(v.string('must be an array of strings'))),
  Operations: v.pipe(
    v.array(v.looseObject({ op: v.string('must be a string'), path: v.optional(v.string('must be a string')), value: v.optional(v.unknown()) }), 'must be an array of operations'),
    v.minLength(1, 'must hold at least one operation'),
  ),
});

const queryOf = (c: Context) => ({
  filter: c.req.query('filter'),
  startIndex: c.req.query('startIndex'),
  count: c.req.query('count'),
  attributes: c.req.query('attributes'),
  excludedAttributes: c.req.query('excludedAttributes'),
});

export function scimRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const base = (c: Context) => scimBaseUrl(providerBase(ctx, c.req.url), c.req.param('connection_id') ?? '');
  const id = (c: Context) => c.req.param('id') ?? '';
  const prefix = '/scim/v2/:connection_id';

  app.get(
    `${prefix}/ServiceProviderConfig`,
    scimEndpoint(ctx, {}, async ({ c }) => scimJson(serviceProviderConfig(base(c)))),
  );
  const list = (items: unknown[]) => ({ schemas: [LIST_SCHEMA], totalResults: items.length, startIndex: 1, itemsPerPage: items.length, Resources: items });
  app.get(
    `${prefix}/ResourceTypes`,
    scimEndpoint(ctx, {}, async ({ c }) => scimJson(list(resourceTypes(base(c))))),
  );
  app.get(
    `${prefix}/ResourceTypes/:id`,
    scimEndpoint(ctx, {}, async ({ c }) => {
      const found = resourceTypes(base(c)).find((r) => r.id === id(c));
      if (!found) throw new ScimError(404, undefined, 'No such resource type.');
      return scimJson(found);
    }),
  );
  app.get(
    `${prefix}/Schemas`,
    scimEndpoint(ctx, {}, async ({ c }) => scimJson(list(schemas(base(c))))),
  );
  app.get(
    `${prefix}/Schemas/:id`,
    scimEndpoint(ctx, {}, async ({ c }) => {
      const found = schemas(base(c)).find((s) => s.id === id(c));
      if (!found) throw new ScimError(404, undefined, 'No such schema.');
      return scimJson(found);
    }),
  );

  const created = (res: Record<string, unknown>) => scimJson(res, 201, { Location: String((res.meta as { location: string }).location) });

  app.post(
    `${prefix}/Users`,
    scimEndpoint(ctx, { schema: ResourceBody }, async ({ c, conn, req }) => created(await createScimUser(ctx, conn, req, base(c)))),
  );
  app.get(
    `${prefix}/Users`,
    scimEndpoint(ctx, {}, async ({ c, conn }) => scimJson(await listScimUsers(ctx.db, conn, queryOf(c), base(c)))),
  );
  app.get(
    `${prefix}/Users/:id`,
    scimEndpoint(ctx, {}, async ({ c, conn }) => scimJson(await getScimUser(ctx.db, conn, id(c), base(c), queryOf(c)))),
  );
  app.put(
    `${prefix}/Users/:id`,
    scimEndpoint(ctx, { schema: ResourceBody }, async ({ c, conn, req }) => scimJson(await replaceScimUser(ctx, conn, id(c), req, base(c)))),
  );
  app.patch(
    `${prefix}/Users/:id`,
    scimEndpoint(ctx, { schema: PatchBody }, async ({ c, conn, req }) => scimJson(await patchScimUser(ctx, conn, id(c), req.Operations, base(c)))),
  );
  app.delete(
    `${prefix}/Users/:id`,
    scimEndpoint(ctx, {}, async ({ c, conn }) => {
      await deleteScimUser(ctx, conn, id(c));
      return new Response(null, { status: 204 });
    }),
  );

  app.post(
    `${prefix}/Groups`,
    scimEndpoint(ctx, { schema: ResourceBody }, async ({ c, conn, req }) => created(await createScimGroup(ctx, conn, req, base(c)))),
  );
  app.get(
    `${prefix}/Groups`,
    scimEndpoint(ctx, {}, async ({ c, conn }) => scimJson(await listScimGroups(ctx.db, conn, queryOf(c), base(c)))),
  );
  app.get(
    `${prefix}/Groups/:id`,
    scimEndpoint(ctx, {}, async ({ c, conn }) => scimJson(await getScimGroup(ctx.db, conn, id(c), base(c), queryOf(c)))),
  );
  app.put(
    `${prefix}/Groups/:id`,
    scimEndpoint(ctx, { schema: ResourceBody }, async ({ c, conn, req }) => scimJson(await replaceScimGroup(ctx, conn, id(c), req, base(c)))),
  );
  app.patch(
    `${prefix}/Groups/:id`,
    scimEndpoint(ctx, { schema: PatchBody }, async ({ c, conn, req }) => scimJson(await patchScimGroup(ctx, conn, id(c), req.Operations, base(c)))),
  );
  app.delete(
    `${prefix}/Groups/:id`,
    scimEndpoint(ctx, {}, async ({ c, conn }) => {
      await deleteScimGroup(ctx, conn, id(c));
      return new Response(null, { status: 204 });
    }),
  );
  return app;
}
