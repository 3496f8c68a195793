import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { issuerOf } from '../http/issuer.ts';
import { connectedAppsOf, publicClientShape, revokeConnectedApp } from '../services/connected-apps.ts';
import { checkAuthorizeRequest, startLogout, authorize } from '../services/idp-authorize.ts';
import { loadUser } from '../services/users.ts';

/** The consent element's calls (`/sdk/v1`): the authorization request's start and submit, and the logout's start. */
export function idpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/idp/oauth/authorize/start',
    endpoint(ctx, { session: 'required', schema: requests.IdpAuthorizeStart }, async ({ c, caller, req }) => {
      const checked = await checkAuthorizeRequest(ctx, ctx.db, { userId: caller.userId, sessionId: caller.sessionId }, req);
      const user = await loadUser(ctx.db, caller.userId);
      if (!user) throw new ApiError(404, 'user_not_found', 'User could not be found.');
      return ok(c, {
        user_id: caller.userId,
        user,
        client: publicClientShape(checked.client),
        consent_required: checked.consentRequired,
        scope_results: checked.scopeResults,
      });
    }),
  );

  app.post(
    '/idp/oauth/authorize/submit',
    endpoint(ctx, { session: 'required', schema: requests.IdpAuthorizeSubmit }, async ({ c, caller, req }) => {
      const issuer = issuerOf(ctx, c);
      const answer = await authorize(ctx, async () => ({ userId: caller.userId, sessionId: caller.sessionId }), { ...req, resources: resourcesOf(req) }, issuer);
      return ok(c, answer);
    }),
  );

  app.post(
    '/oauth/logout/start',
    endpoint(ctx, { session: 'optional', schema: requests.OAuthLogoutStart }, async ({ c, caller, req }) => ok(c, await startLogout(ctx, ctx.db, req, caller.userId))),
  );

  // The signed-in user's connected apps (the headless client's user.getConnectedApps and revokedConnectedApp).
  app.get(
    '/users/connected_apps',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => ok(c, { connected_apps: await connectedAppsOf(ctx.db, { userId: caller.userId }, ctx.clock.now()) })),
  );
  app.post(
    '/users/connected_apps/:id/revoke',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      await revokeConnectedApp(ctx.db, { userId: caller.userId }, c.req.param('id')!, ctx.clock.now());
      return ok(c, {});
    }),
  );

  return app;
}

/** The resources of a submit: the element's `resources`, or the headless types' `resource`. */
export function resourcesOf(req: { resources?: string[]; resource?: string | string[] }): string[] {
  const one = req.resource === undefined ? [] : Array.isArray(req.resource) ? req.resource : [req.resource];
  return [...(req.resources ?? []), ...one];
}
