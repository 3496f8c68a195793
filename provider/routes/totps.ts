import { Hono } from 'hono';
import type * as v from 'valibot';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { attemptSucceeded, takeAttempt, TOTP_LOCK } from '../services/lockout.ts';
import { startOrExtend, type Factor } from '../services/sessions.ts';
import { createTotp, redeemRecoveryCode, reissueAllRecoveryCodes, totpLabel, verifyTotpCode } from '../services/totp.ts';
import { withTx } from '../services/tx.ts';

/**
 * Authenticator-app codes. Every call acts on the signed-in user: a TOTP is a second factor
 * added to a session that another factor started.
 */
export function totpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/totps',
    endpoint(ctx, { session: 'required', schema: requests.TotpCreate }, async ({ c, caller, req }) => {
      const userId = caller.userId;
      const created = await withTx(ctx.db, async (tx) => createTotp(ctx, tx, userId, await totpLabel(tx, userId), req.expiration_minutes));
      return ok(c, { user_id: userId, ...created });
    }),
  );

  app.post(
    '/totps/recovery_codes',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      const totps = await withTx(ctx.db, (tx) => reissueAllRecoveryCodes(tx, caller.userId));
      return ok(c, { user_id: caller.userId, totps });
    }),
  );

  /**
   * Both sign-ins by something only the authenticator's owner has: `redeem` checks the code in
   * the transaction that also extends the session; failures count toward the per-user lock.
   */
  const secondFactor = <S extends typeof requests.TotpAuthenticate | typeof requests.TotpRecover>(
    path: string,
    schema: S,
    codeOf: (req: v.InferOutput<S>) => string,
    redeem: (tx: Queryable, userId: string, code: string, now: Date) => Promise<{ totpId: string; factor: Factor } | null>,
    refusal: ApiError,
  ) =>
    app.post(
      path,
      endpoint(ctx, { session: 'required', schema, minutes: true }, async ({ c, caller, req, minutes }) => {
        const code = codeOf(req);
        const userId = caller.userId;
        const now = ctx.clock.now();
        // Authenticator and recovery codes share one count per user, taken before either is checked.
        await takeAttempt(ctx.db, TOTP_LOCK, userId, now);
        const issued = await withTx(ctx.db, async (tx) => {
          const spent = await redeem(tx, userId, code, now);
          return spent && { totpId: spent.totpId, session: await startOrExtend(ctx, tx, userId, spent.factor, minutes, caller.client, caller.sessionId) };
        });
        if (!issued) throw refusal;
        await attemptSucceeded(ctx.db, TOTP_LOCK, userId);
        return ok(c, { ...issued.session, totp_id: issued.totpId });
      }),
    );

  secondFactor(
    '/totps/authenticate',
    requests.TotpAuthenticate,
    (req) => req.totp_code,
    async (tx, userId, code, now) => {
      const totpId = await verifyTotpCode(ctx, tx, userId, code);
      return totpId === null
        ? null
        : { totpId, factor: { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: now.toISOString(), authenticator_app_factor: { totp_id: totpId } } };
    },
    new ApiError(401, 'otp_code_not_found', 'The authenticator code is incorrect, expired or already used.'),
  );
  secondFactor(
    '/totps/recover',
    requests.TotpRecover,
    (req) => req.recovery_code,
    async (tx, userId, code, now) => {
      const spent = await redeemRecoveryCode(ctx, tx, userId, code);
      return spent === null
        ? null
        : {
            totpId: spent.totpId,
            factor: { type: 'recovery_code', delivery_method: 'recovery_code', last_authenticated_at: now.toISOString(), recovery_code_factor: { totp_recovery_code_id: spent.codeId } },
          };
    },
    new ApiError(401, 'recovery_code_not_found', 'The recovery code is incorrect or already used.'),
  );

  return app;
}
