import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { importedHash } from '../../services/passwords.ts';
import { profileOf, serverAuthenticatePassword, serverCreateWithPassword, serverMigratePassword } from '../../services/server-passwords.ts';
import { checkStrength } from '../../services/strength.ts';
import { PasswordsAuthenticate, PasswordsCreate, PasswordsMigrate, PasswordsStrengthCheck } from './schemas.ts';

/** Server API passwords: create, authenticate, strength_check, and migrate (import) existing hashes. */
export function serverPasswordRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  // A password sign-in always yields a session: the project's default length when none is asked for.
  const minutesOr = (asked: number | undefined) => asked ?? ctx.config.sessionLimits.defaultDurationMinutes;

  app.post(
    '/passwords',
    endpoint(ctx, { product: 'passwords', session: 'none', schema: PasswordsCreate }, async ({ c, req }) => {
      const out = await serverCreateWithPassword(ctx, req.email, req.password, profileOf(req), minutesOr(req.session_duration_minutes));
      return serverOk(c, { ...out });
    }),
  );

  app.post(
    '/passwords/authenticate',
    endpoint(ctx, { product: 'passwords', session: 'none', schema: PasswordsAuthenticate }, async ({ c, req }) => {
      const out = await serverAuthenticatePassword(ctx, req.email, req.password, { ...req, minutes: minutesOr(req.session_duration_minutes) });
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
      return serverOk(c, await serverMigratePassword(ctx, req.email, importedHash(req), profileOf(req), req.set_email_verified));
    }),
  );

  return app;
}
