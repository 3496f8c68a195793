import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { issuerOf } from '../../http/issuer.ts';
import { serverOk } from '../../http/server-auth.ts';
import { connectedAppsOf, publicClientShape, revokeConnectedApp } from '../../services/connected-apps.ts';
import { checkAuthorizeRequest, authorize } from '../../services/idp-authorize.ts';
import { findSession } from '../../services/sessions.ts';
import { loadUser } from '../../services/users.ts';
import { resourcesOf } from '../idp.ts';
import { IdpAuthorizeStartV1, IdpAuthorizeV1 } from './schemas.ts';

/** Server API: the authorization request for sites that draw their own consent page (`idp.oauth` of the Node SDK). */
export function serverIdpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  /** The user the site names: by id (no session then), or by a live session's token or JWT. */
  async function userOf(db: Queryable, req: { user_id?: string; session_token?: string; session_jwt?: string }) {
    if (req.user_id !== undefined) {
      const user = await loadUser(db, req.user_id);
      if (!user) throw new ApiError(404, 'user_not_found', 'User could not be found.');
      return { userId: req.user_id, sessionId: null, user };
    }
    const session = await findSession(ctx, db, (req.session_token ?? req.session_jwt)!);
    if (!session) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
    const user = await loadUser(db, session.user_id);
    if (!user) throw new ApiError(404, 'user_not_found', 'User could not be found.');
    return { userId: session.user_id, sessionId: session.session_id, user };
  }

  app.post(
    '/idp/oauth/authorize/start',
    endpoint(ctx, { session: 'none', schema: IdpAuthorizeStartV1 }, async ({ c, req }) => {
      const who = await userOf(ctx.db, req);
      const checked = await checkAuthorizeRequest(ctx, ctx.db, who, req);
      return serverOk(c, { user_id: who.userId, user: who.user, client: publicClientShape(checked.client), consent_required: checked.consentRequired, scope_results: checked.scopeResults });
    }),
  );

  app.post(
    '/idp/oauth/authorize',
    endpoint(ctx, { session: 'none', schema: IdpAuthorizeV1 }, async ({ c, req }) => {
      const issuer = issuerOf(ctx, c);
      const answer = await authorize(ctx, (tx) => userOf(tx, req), { ...req, resources: resourcesOf(req) }, issuer);
      return serverOk(c, answer);
    }),
  );

  // A user's connected apps, as the Node SDK's users.connectedApps and users.revoke ask.
  app.get(
    '/users/:userId/connected_apps',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      const userId = c.req.param('userId')!;
      if (!(await loadUser(ctx.db, userId))) throw new ApiError(404, 'user_not_found', 'User could not be found.');
      return serverOk(c, { connected_apps: await connectedAppsOf(ctx.db, { userId }, ctx.clock.now()) });
    }),
  );
  app.post(
    '/users/:userId/connected_apps/:clientId/revoke',
    endpoint(ctx, { session: 'none' }, async ({ c }) => {
      await revokeConnectedApp(ctx.db, { userId: c.req.param('userId')! }, c.req.param('clientId')!, ctx.clock.now());
      return serverOk(c, {});
    }),
  );

  return app;
}
