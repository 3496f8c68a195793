import * as v from 'valibot';
import { DEFAULT_OTP_EXPIRATION_MINUTES, OTP_EXPIRATION_RULE, otpExpiration } from '../../client/schemas/fields.ts';
import type { ProviderContext, QueuedMessage } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId, otpCode, safeEqual, sha256 } from './ids.ts';
import { verifyEmailByPasswordless } from './dedupe.ts';
import { attemptSucceeded, OTP_LOCK, takeAttempt } from './lockout.ts';
import { resolveLocale } from './messages/locale.ts';
import { passcodeMessage } from './messages/templates.ts';

export type OtpChannel = 'sms' | 'whatsapp' | 'email';
export const MAX_OTP_GUESSES = 5;

/**
 * Issues a fresh code for `methodId`, replacing any earlier unused one, and queues its
 * message in the same transaction; dispatch the returned message after commit. A B2B code
 * has no user (`null`): its method id names the address and scope (services/b2b/email-otp.ts).
 */
export async function issueOtp(
  ctx: ProviderContext,
  tx: Queryable,
  channel: OtpChannel,
  methodId: string,
  userId: string | null,
  to: string,
  expirationMinutes = DEFAULT_OTP_EXPIRATION_MINUTES,
  locale?: string,
): Promise<QueuedMessage> {
  // The request schema refuses a bad value first; this guards callers that skip it.
  if (!v.is(otpExpiration(), expirationMinutes)) throw new ApiError(400, 'invalid_expiration', `expiration_minutes ${OTP_EXPIRATION_RULE}.`);
  const now = ctx.clock.now();
  const code = otpCode();
  // The code is 6 digits; its hash is salted with the method id so equal codes differ at rest.
  await tx.query('UPDATE otps SET used_at = $2 WHERE method_id = $1 AND used_at IS NULL', [methodId, now]);
  await tx.query('INSERT INTO otps (otp_id, method_id, user_id, channel, code_hash, created_at, expires_at) VALUES ($1,$2,$3,$4,$5,$6,$7)', [
    newId('otp', ctx.env),
    methodId,
    userId,
    channel,
    sha256(`${methodId}:${code}`),
    now,
    new Date(now.getTime() + expirationMinutes * 60_000),
  ]);
  return ctx.delivery.send(tx, passcodeMessage(ctx.config, resolveLocale(locale), channel, to, code, expirationMinutes));
}

export type OtpCheck = { ok: true; userId: string; channel: OtpChannel } | { ok: false };

/**
 * Redeems a B2C code: the row is locked so that of many parallel redemptions exactly one wins;
 * a wrong guess is counted (and committed) before the failure is reported.
 */
export async function redeemOtp(ctx: ProviderContext, tx: Queryable, methodId: string, code: string): Promise<OtpCheck> {
  const check = await spendOtp(ctx, tx, methodId, code, 'user');
  if (!check) return { ok: false };
  await verifyEmailByPasswordless(tx, methodId);
  await tx.query('UPDATE user_phones SET verified = true WHERE phone_id = $1', [methodId]);
  return { ok: true, userId: check.userId!, channel: check.channel };
}

/** Redeems a B2B code (one with no user), with the same single use and guess limits. */
export async function redeemB2BOtp(ctx: ProviderContext, tx: Queryable, methodId: string, code: string): Promise<boolean> {
  return (await spendOtp(ctx, tx, methodId, code, 'b2b')) !== null;
}

/** The code's row is locked; a B2C caller never reaches a B2B code (no user), nor the reverse. */
async function spendOtp(ctx: ProviderContext, tx: Queryable, methodId: string, code: string, owner: 'user' | 'b2b'): Promise<{ userId: string | null; channel: OtpChannel } | null> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<{ otp_id: string; user_id: string | null; channel: OtpChannel; code_hash: string; expires_at: Date; attempts: number }>(
    `SELECT otp_id, user_id, channel, code_hash, expires_at, attempts FROM otps
     WHERE method_id = $1 AND used_at IS NULL AND (user_id IS NULL) = $2 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [methodId, owner === 'b2b'],
  );
  const otp = rows[0];
  if (!otp || new Date(otp.expires_at) <= now || otp.attempts >= MAX_OTP_GUESSES) return null;
  // Fresh codes can be sent, so guesses are also bounded per address across codes.
  await takeAttempt(tx, OTP_LOCK, methodId, now);
  if (!safeEqual(otp.code_hash, sha256(`${methodId}:${code}`))) {
    await tx.query('UPDATE otps SET attempts = attempts + 1 WHERE otp_id = $1', [otp.otp_id]);
    return null;
  }
  await tx.query('UPDATE otps SET used_at = $2 WHERE otp_id = $1', [otp.otp_id, now]);
  await attemptSucceeded(tx, OTP_LOCK, methodId);
  return { userId: otp.user_id, channel: otp.channel };
}
