import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import { reissueAllRecoveryCodes } from '../services/totp.ts';
import { enrolUserTotp, signInWithRecoveryCode, signInWithTotp } from '../services/totp-sign-in.ts';

/**
 * Authenticator-app codes. Every call acts on the signed-in user: a TOTP is a second factor
 * added to a session that another factor started.
 */
export function totpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/totps',
    endpoint(ctx, { session: 'required', schema: requests.TotpCreate }, async ({ c, caller, req }) => {
      return ok(c, { user_id: caller.userId, ...(await enrolUserTotp(ctx, caller.userId, req.expiration_minutes)) });
    }),
  );

  app.post(
    '/totps/recovery_codes',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      return ok(c, { user_id: caller.userId, totps: await reissueAllRecoveryCodes(ctx.db, caller.userId) });
    }),
  );

  app.post(
    '/totps/authenticate',
    endpoint(ctx, { session: 'required', schema: requests.TotpAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await signInWithTotp(ctx, caller, req.totp_code, minutes)) });
    }),
  );

  app.post(
    '/totps/recover',
    endpoint(ctx, { session: 'required', schema: requests.TotpRecover, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await signInWithRecoveryCode(ctx, caller, req.recovery_code, minutes)) });
    }),
  );

  return app;
}
