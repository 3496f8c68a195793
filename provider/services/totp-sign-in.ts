import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { attemptSucceeded, takeAttempt, TOTP_LOCK } from './lockout.ts';
import { startOrExtend, type ClientInfo, type Factor, type Issued } from './sessions.ts';
import { createTotp, redeemRecoveryCode, totpLabel, verifyTotpCode, type CreatedTotp } from './totp.ts';
import { withTx } from './tx.ts';

/*
 * A B2C user's authenticator app, as the signed-in user's calls use it: enrol, and the two
 * second-factor sign-ins (a code, a recovery code) that extend the session.
 */

/** Enrols an authenticator app for the user, labelled with their first address. */
export function enrolUserTotp(ctx: ProviderContext, userId: string, expirationMinutes: number): Promise<CreatedTotp> {
  return withTx(ctx.db, async (tx) => createTotp(ctx, tx, userId, await totpLabel(tx, userId), expirationMinutes));
}

/** The signed-in caller a second factor extends the session of. */
export interface SecondFactorCaller {
  userId: string;
  sessionId: string;
  client: ClientInfo;
}

/**
 * Both sign-ins by something only the authenticator's owner has: `redeem` checks the code in
 * the transaction that also extends the session; failures count toward the per-user lock.
 */
async function secondFactor(
  ctx: ProviderContext,
  caller: SecondFactorCaller,
  minutes: number,
  redeem: (tx: Queryable, now: Date) => Promise<{ totpId: string; factor: Factor } | null>,
  refusal: () => ApiError,
): Promise<Issued & { totp_id: string }> {
  const { userId } = caller;
  const now = ctx.clock.now();
  // Authenticator and recovery codes share one count per user, taken before either is checked.
  await takeAttempt(ctx.db, TOTP_LOCK, userId, now);
  const issued = await withTx(ctx.db, async (tx) => {
    const spent = await redeem(tx, now);
    return spent && { totpId: spent.totpId, session: await startOrExtend(ctx, tx, userId, spent.factor, minutes, caller.client, caller.sessionId) };
  });
  if (!issued) throw refusal();
  await attemptSucceeded(ctx.db, TOTP_LOCK, userId);
  return { ...issued.session, totp_id: issued.totpId };
}

/** `totps/authenticate`: a code of one of the user's authenticator apps. */
export function signInWithTotp(ctx: ProviderContext, caller: SecondFactorCaller, code: string, minutes: number): Promise<Issued & { totp_id: string }> {
  return secondFactor(
    ctx,
    caller,
    minutes,
    async (tx, now) => {
      const totpId = await verifyTotpCode(ctx, tx, caller.userId, code);
      return totpId === null
        ? null
        : { totpId, factor: { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: now.toISOString(), authenticator_app_factor: { totp_id: totpId } } };
    },
    () => new ApiError(401, 'otp_code_not_found', 'The authenticator code is incorrect, expired or already used.'),
  );
}

/** `totps/recover`: one of the user's recovery codes, spent. */
export function signInWithRecoveryCode(ctx: ProviderContext, caller: SecondFactorCaller, code: string, minutes: number): Promise<Issued & { totp_id: string }> {
  return secondFactor(
    ctx,
    caller,
    minutes,
    async (tx, now) => {
      const spent = await redeemRecoveryCode(ctx, tx, caller.userId, code);
      return spent === null
        ? null
        : {
            totpId: spent.totpId,
            factor: { type: 'recovery_code', delivery_method: 'recovery_code', last_authenticated_at: now.toISOString(), recovery_code_factor: { totp_recovery_code_id: spent.codeId } },
          };
    },
    () => new ApiError(401, 'recovery_code_not_found', 'The recovery code is incorrect or already used.'),
  );
}
