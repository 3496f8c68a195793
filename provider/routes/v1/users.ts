import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { addUser, changeUser, deleteFactor, deleteUser, searchUsers, type FactorKind } from '../../services/user-admin.ts';
import { loadUser, phoneOf } from '../../services/users.ts';
import { UsersCreate, UsersSearch, UsersUpdate } from './schemas.ts';

const notFound = () => new ApiError(404, 'user_not_found', 'User could not be found.');

/** Server API users: create, get, search, update, delete, and delete one factor of any kind. */
export function serverUserRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/users',
    endpoint(ctx, { session: 'none', schema: UsersCreate }, async ({ c, req }) => {
      const phone = req.phone_number === undefined ? undefined : phoneOf(req.phone_number);
      const created = await addUser(ctx, {
        email: req.email,
        phone,
        name: req.name,
        pending: req.create_user_as_pending,
        trustedMetadata: req.trusted_metadata,
        untrustedMetadata: req.untrusted_metadata,
      });
      return serverOk(c, { user_id: created.userId, email_id: created.emailId, phone_id: created.phoneId, status: created.user.status, user: created.user });
    }),
  );

  app.post(
    '/users/search',
    endpoint(ctx, { session: 'none', schema: UsersSearch }, async ({ c, req }) => {
      const found = await searchUsers(ctx.db, req);
      return serverOk(c, { results: found.results, results_metadata: { total: found.total, next_cursor: found.nextCursor } });
    }),
  );

  /** Factor deletions: the SDK names the factor by its id alone, whoever owns it. */
  const factorRoute = (path: string, kind: FactorKind) =>
    app.delete(`/users/${path}/:id`, async (c) => {
      const removed = await deleteFactor(ctx.db, kind, c.req.param('id'));
      return serverOk(c, { user_id: removed.userId, user: removed.user });
    });
  factorRoute('emails', 'email');
  factorRoute('phone_numbers', 'phone');
  factorRoute('totps', 'totp');
  factorRoute('webauthn_registrations', 'webauthn');
  factorRoute('crypto_wallets', 'crypto_wallet');
  factorRoute('oauth', 'oauth');
  factorRoute('passwords', 'password');
  // Biometric registrations come only from mobile SDKs, which this provider does not serve.
  app.delete('/users/biometric_registrations/:id', () => {
    throw new ApiError(404, 'biometric_registration_not_found', 'Biometric registration could not be found.');
  });

  app.get('/users/:userId', async (c) => {
    const user = await loadUser(ctx.db, c.req.param('userId'));
    if (!user) throw notFound();
    return serverOk(c, { ...user });
  });

  app.put(
    '/users/:userId',
    endpoint(ctx, { session: 'none', schema: UsersUpdate }, async ({ c, req }) => {
      const userId = c.req.param('userId') ?? '';
      const user = await changeUser(ctx.db, userId, { name: req.name, trustedMetadata: req.trusted_metadata, untrustedMetadata: req.untrusted_metadata });
      if (!user) throw notFound();
      return serverOk(c, { user_id: userId, emails: user.emails, phone_numbers: user.phone_numbers, crypto_wallets: user.crypto_wallets, user });
    }),
  );

  app.delete('/users/:userId', async (c) => {
    const userId = c.req.param('userId');
    if (!(await deleteUser(ctx.db, userId))) throw notFound();
    return serverOk(c, { user_id: userId });
  });

  return app;
}
