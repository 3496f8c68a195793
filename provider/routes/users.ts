import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { authenticateCaller } from '../http/auth.ts';
import { ApiError, ok } from '../http/errors.ts';
import { body } from '../http/validate.ts';
import { withTx } from '../services/tx.ts';
import { loadUser, normalizeEmail } from '../services/users.ts';
import { deleteRegistration } from '../services/webauthn-registrations.ts';

const MAX_METADATA_BYTES = 4096;

/** The signed-in user: read, update metadata, remove factors; and the user-type search. */
export function userRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.get('/users/me', async (c) => {
    const caller = await authenticateCaller(ctx, c, true);
    const user = await loadUser(ctx.db, caller.userId!);
    if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
    return ok(c, { ...user });
  });

  app.put('/users/me', async (c) => {
    const caller = await authenticateCaller(ctx, c, true);
    const req = await body(c, requests.UsersUpdate);
    if (req.untrusted_metadata && JSON.stringify(req.untrusted_metadata).length > MAX_METADATA_BYTES) {
      throw new ApiError(400, 'invalid_metadata', `untrusted_metadata must be at most ${MAX_METADATA_BYTES} bytes.`);
    }
    const user = await withTx(ctx.db, async (tx) => {
      if (req.untrusted_metadata) {
        await tx.query('UPDATE users SET untrusted_metadata = untrusted_metadata || $2::jsonb WHERE user_id = $1', [caller.userId, JSON.stringify(req.untrusted_metadata)]);
        // A null value removes that key, as a partial update should.
        const nulls = Object.entries(req.untrusted_metadata).filter(([, val]) => val === null).map(([k]) => k);
        if (nulls.length) await tx.query('UPDATE users SET untrusted_metadata = untrusted_metadata - $2::text[] WHERE user_id = $1', [caller.userId, nulls]);
      }
      if (req.name) {
        await tx.query(
          'UPDATE users SET first_name = COALESCE($2, first_name), middle_name = COALESCE($3, middle_name), last_name = COALESCE($4, last_name) WHERE user_id = $1',
          [caller.userId, req.name.first_name ?? null, req.name.middle_name ?? null, req.name.last_name ?? null],
        );
      }
      return loadUser(tx, caller.userId!);
    });
    return ok(c, { user_id: caller.userId, user, ...user });
  });

  /** Deletes one of the caller's factors; `cleanup` runs in the same transaction. */
  const remove = (path: string, table: string, idColumn: string, notFound: string, cleanup?: (tx: Queryable, id: string) => Promise<unknown>) =>
    app.delete(path, async (c) => {
      const caller = await authenticateCaller(ctx, c, true);
      const id = c.req.param('id') ?? '';
      const user = await withTx(ctx.db, async (tx) => {
        const { rows } = await tx.query(`DELETE FROM ${table} WHERE ${idColumn} = $1 AND user_id = $2 RETURNING ${idColumn}`, [id, caller.userId]);
        if (!rows[0]) throw new ApiError(404, notFound, 'No such identifier on this user.');
        await cleanup?.(tx, id);
        return loadUser(tx, caller.userId!);
      });
      return ok(c, { user_id: caller.userId, user });
    });
  // Codes already sent to a removed email or phone must not sign anyone in afterwards.
  const retireOtps = (tx: Queryable, id: string) => tx.query('UPDATE otps SET used_at = now() WHERE method_id = $1 AND used_at IS NULL', [id]);
  remove('/users/emails/:id', 'user_emails', 'email_id', 'email_not_found', retireOtps);
  remove('/users/phone_numbers/:id', 'user_phones', 'phone_id', 'phone_number_not_found', retireOtps);
  remove('/users/totps/:id', 'totps', 'totp_id', 'totp_not_found');
  // Biometric registrations come from mobile SDKs, which this provider does not serve, so a
  // user never has one; the call still answers in the spec's shape.
  app.delete('/users/biometric_registrations/:id', async (c) => {
    await authenticateCaller(ctx, c, true);
    throw new ApiError(404, 'biometric_registration_not_found', 'No such identifier on this user.');
  });

  app.delete('/users/webauthn_registrations/:id', async (c) => {
    const caller = await authenticateCaller(ctx, c, true);
    const user = await withTx(ctx.db, async (tx) => {
      if (!(await deleteRegistration(tx, caller.userId!, c.req.param('id')))) {
        throw new ApiError(404, 'webauthn_registration_not_found', 'WebAuthn registration could not be found.');
      }
      return loadUser(tx, caller.userId!);
    });
    return ok(c, { user_id: caller.userId, user });
  });

  app.post('/users/search', async (c) => {
    await authenticateCaller(ctx, c, false);
    const req = await body(c, requests.UsersSearch);
    const { rows } = await ctx.db.query<{ has_password: boolean }>(
      'SELECT u.password_hash IS NOT NULL AS has_password FROM user_emails e JOIN users u USING (user_id) WHERE e.email = $1',
      [normalizeEmail(req.email)],
    );
    const userType = !rows[0] ? 'new' : rows[0].has_password ? 'password' : 'passwordless';
    return ok(c, { userType });
  });

  return app;
}
