import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { changeUser, removeOwnFactor } from '../services/user-admin.ts';
import { loadUser, userTypeOf } from '../services/users.ts';

/** The signed-in user: read, update metadata, remove factors; and the user-type search. */
export function userRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.get(
    '/users/me',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      const user = await loadUser(ctx.db, caller.userId);
      if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
      return ok(c, { ...user });
    }),
  );

  app.put(
    '/users/me',
    endpoint(ctx, { session: 'required', schema: requests.UsersUpdate }, async ({ c, caller, req }) => {
      const user = await changeUser(ctx.db, caller.userId, { name: req.name, untrustedMetadata: req.untrusted_metadata });
      return ok(c, { user_id: caller.userId, user, ...user });
    }),
  );

  /** Deletes one of the caller's factors by the id in the path. */
  const remove = (path: string, kind: Parameters<typeof removeOwnFactor>[2]) =>
    app.delete(
      path,
      endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
        return ok(c, { user_id: caller.userId, user: await removeOwnFactor(ctx.db, caller.userId, kind, c.req.param('id') ?? '') });
      }),
    );
  remove('/users/emails/:id', 'email');
  remove('/users/phone_numbers/:id', 'phone');
  remove('/users/totps/:id', 'totp');
  remove('/users/webauthn_registrations/:id', 'webauthn');
  // Biometric registrations come from mobile SDKs, which this provider does not serve, so a
  // user never has one; the call still answers in the spec's shape.
  app.delete(
    '/users/biometric_registrations/:id',
    endpoint(ctx, { session: 'required' }, async () => {
      throw new ApiError(404, 'biometric_registration_not_found', 'No such identifier on this user.');
    }),
  );

  app.post(
    '/users/search',
    endpoint(ctx, { session: 'optional', schema: requests.UsersSearch }, async ({ c, req }) => {
      return ok(c, { userType: await userTypeOf(ctx.db, req.email) });
    }),
  );

  return app;
}
