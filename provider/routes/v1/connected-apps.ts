import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { serverOk } from '../../http/server-auth.ts';
import { clientShape, createClient, deleteClient, finishSecretRotation, getClient, searchClients, startSecretRotation, updateClient } from '../../services/connected-apps.ts';
import { ConnectedAppsCreate, ConnectedAppsSearch, ConnectedAppsUpdate } from './schemas.ts';

/** Server API: the connected apps' clients, as the official Node SDK's `connectedApp.clients` manages them. */
export function serverConnectedAppRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const base = '/connected_apps/clients';

  app.post(
    base,
    endpoint(ctx, { session: 'none', schema: ConnectedAppsCreate }, async ({ c, req }) => {
      const { client_type, ...fields } = req;
      const made = await createClient(ctx.db, ctx.env, ctx.clock.now(), client_type, fields, ctx.config.connectedApps);
      // The secret is in this answer only: the database keeps its hash.
      return serverOk(c, { connected_app: { ...clientShape(made.row), ...(made.secret === null ? {} : { client_secret: made.secret }) } });
    }),
  );

  app.post(
    `${base}/search`,
    endpoint(ctx, { session: 'none', schema: ConnectedAppsSearch }, async ({ c, req }) => {
      const page = await searchClients(ctx.db, { limit: req.limit ?? 100, cursor: req.cursor });
      return serverOk(c, {
        connected_apps: page.rows.map(clientShape),
        results_metadata: { total: page.total, ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) },
      });
    }),
  );

  app.get(
    `${base}/:clientId`,
    endpoint(ctx, { session: 'none' }, async ({ c }) => serverOk(c, { connected_app: clientShape(await getClient(ctx.db, c.req.param('clientId')!)) })),
  );

  app.put(
    `${base}/:clientId`,
    endpoint(ctx, { session: 'none', schema: ConnectedAppsUpdate }, async ({ c, req }) => {
      const row = await updateClient(ctx.db, c.req.param('clientId')!, req);
      return serverOk(c, { connected_app: clientShape(row) });
    }),
  );

  app.delete(
    `${base}/:clientId`,
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const clientId = c.req.param('clientId')!;
      await deleteClient(ctx.db, clientId);
      return serverOk(c, { client_id: clientId });
    }),
  );

  app.post(
    `${base}/:clientId/secrets/rotate/start`,
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const started = await startSecretRotation(ctx.db, c.req.param('clientId')!);
      return serverOk(c, { connected_app: { ...clientShape(started.row), next_client_secret: started.nextSecret } });
    }),
  );

  for (const [path, complete] of [
    ['rotate/cancel', false],
    ['rotate', true],
  ] as const) {
    app.post(
      `${base}/:clientId/secrets/${path}`,
      endpoint(ctx, { session: 'none' }, async ({ c }) => {
        const row = await finishSecretRotation(ctx.db, c.req.param('clientId')!, complete);
        return serverOk(c, { connected_app: clientShape(row) });
      }),
    );
  }

  return app;
}
