import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { hashPassword } from '../../services/hashing.ts';
import { checkPasswordLogin, importedHash, requireStrong, setPasswordHash } from '../../services/passwords.ts';
import { methodFactor, namedSession, serverSignIn } from '../../services/server-sessions.ts';
import { checkStrength } from '../../services/strength.ts';
import { withTx } from '../../services/tx.ts';
import { createUserWith, updateUser } from '../../services/user-admin.ts';
import { emailOwnerForUpdate, loadUser, markEmailVerified, normalizeEmail } from '../../services/users.ts';
import { PasswordsAuthenticate, PasswordsCreate, PasswordsMigrate, PasswordsStrengthCheck } from './schemas.ts';

/** Server API passwords: create, authenticate, strength_check, and migrate (import) existing hashes. */
export function serverPasswordRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const factor = (tx: Queryable, emailId: string) => methodFactor(ctx, tx, 'password', 'knowledge', emailId);
  // A password sign-in always yields a session: the project's default length when none is asked for.
  const minutesOr = (asked: number | undefined) => asked ?? ctx.config.sessionLimits.defaultDurationMinutes;

  app.post(
    '/passwords',
    endpoint(ctx, { product: 'passwords', session: 'none', schema: PasswordsCreate }, async ({ c, req }) => {
      const email = normalizeEmail(req.email);
      requireStrong(ctx, req.password, email);
      const hash = await hashPassword(req.password);
      const out = await withTx(ctx.db, async (tx) => {
        const ids = await createUserWith(tx, ctx.env, ctx.clock.now(), { email, name: req.name, trustedMetadata: req.trusted_metadata, untrustedMetadata: req.untrusted_metadata });
        await setPasswordHash(ctx, tx, ids.userId, hash);
        const issued = await serverSignIn(ctx, tx, ids.userId, await factor(tx, ids.emailId), { minutes: minutesOr(req.session_duration_minutes) }, null);
        return { ...issued, email_id: ids.emailId };
      });
      return serverOk(c, { ...out });
    }),
  );

  app.post(
    '/passwords/authenticate',
    endpoint(ctx, { product: 'passwords', session: 'none', schema: PasswordsAuthenticate }, async ({ c, req }) => {
      const ask = { ...req, minutes: minutesOr(req.session_duration_minutes) };
      const current = await namedSession(ctx, ctx.db, ask);
      const login = await checkPasswordLogin(ctx, req.email, req.password);
      const out = await withTx(ctx.db, async (tx) => serverSignIn(ctx, tx, login.userId, await factor(tx, login.emailId), ask, current));
      return serverOk(c, { ...out });
    }),
  );

  app.post(
    '/passwords/strength_check',
    endpoint(ctx, { product: 'passwords', session: 'none', schema: PasswordsStrengthCheck }, async ({ c, req }) => {
      return serverOk(c, { ...checkStrength(ctx.config.passwordPolicy, req.password, req.email) });
    }),
  );

  /**
   * Imports a user's existing password hash (bcrypt, argon2i/argon2id, scrypt), creating the
   * user by email when new. The hash signs in as it is and is replaced by our argon2id at the
   * first successful sign-in.
   */
  app.post(
    '/passwords/migrate',
    endpoint(ctx, { product: 'passwords', session: 'none', schema: PasswordsMigrate }, async ({ c, req }) => {
      const stored = importedHash(req);
      const email = normalizeEmail(req.email);
      const out = await withTx(ctx.db, async (tx) => {
        const owner = await emailOwnerForUpdate(tx, email);
        let ids = owner && { userId: owner.userId, emailId: owner.emailId };
        const created = ids === null;
        ids ??= await createUserWith(tx, ctx.env, ctx.clock.now(), { email, name: req.name, trustedMetadata: req.trusted_metadata, untrustedMetadata: req.untrusted_metadata });
        if (!created && (req.name || req.trusted_metadata || req.untrusted_metadata)) {
          await updateUser(tx, ids.userId, { name: req.name, trustedMetadata: req.trusted_metadata, untrustedMetadata: req.untrusted_metadata });
        }
        await setPasswordHash(ctx, tx, ids.userId, stored);
        if (req.set_email_verified) await markEmailVerified(tx, ids.emailId);
        const user = await loadUser(tx, ids.userId);
        if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
        return { user_id: ids.userId, email_id: ids.emailId, user_created: created, user };
      });
      return serverOk(c, out);
    }),
  );

  return app;
}
