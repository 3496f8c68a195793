import type { InferOutput } from 'valibot';
import type * as b2b from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { attemptSucceeded, takeAttempt, TOTP_LOCK } from '../lockout.ts';
import { redeemB2BOtp } from '../otp.ts';
import { limitSend } from '../sends.ts';
import type { ClientInfo, Factor } from '../sessions.ts';
import { withTx } from '../tx.ts';
import { phoneOf } from '../users.ts';
import { mfaSessions, mfaSubject, refuseSecondEnrolment, type MemberRef, type MfaCaller, type MfaSubject } from './mfa-access.ts';
import { markMfaPhoneVerified, queueMfaSms, smsMethodId } from './mfa-sms.ts';
import { createMemberTotp, redeemMemberRecoveryCode, verifyMemberTotp, type CreatedMemberTotp } from './mfa-totp.ts';
import { requireMember, updateMember, type MemberRow } from './members.ts';
import type { MfaMethod } from './organizations.ts';
import { completeMfa, type AuthAnswer } from './primary-auth.ts';

/*
 * The MFA calls of a member (routes/b2b/mfa.ts): enrol an authenticator app, sign in with its
 * code, a recovery code or an SMS passcode. Each first asks mfa-access.ts who may act on the
 * member, then opens its own transaction.
 */

/** An MFA caller with the connection a session it starts records. */
export type MfaClient = MfaCaller & { client: ClientInfo };

/** `set_mfa_enrollment` and `set_default_mfa` as the member asked, applied with the factor. */
async function enrolment(ctx: ProviderContext, tx: Queryable, member: MemberRow, set: 'enroll' | 'unenroll' | undefined, defaultMethod: MfaMethod | undefined): Promise<MemberRow> {
  if (set === undefined && defaultMethod === undefined) return member;
  return updateMember(tx, member.member_id, ctx.clock.now(), {
    ...(set ? { mfa_enrolled: set === 'enroll' } : {}),
    ...(defaultMethod ? { default_mfa_method: defaultMethod } : {}),
  });
}

/** `b2b/totp`: starts an authenticator-app enrolment for the member the caller may act on. */
export function enrolMemberTotp(ctx: ProviderContext, caller: MfaCaller, req: InferOutput<typeof b2b.TotpCreate>): Promise<{ s: MfaSubject; totp: CreatedMemberTotp }> {
  return withTx(ctx.db, async (tx) => {
    const s = await mfaSubject(ctx, tx, caller, req, 'totp');
    await refuseSecondEnrolment(tx, s);
    return { s, totp: await createMemberTotp(ctx, tx, s.member.member_id, s.member.email_address, req.expiration_minutes) };
  });
}

/** How one authenticator-app sign-in spends its secret: what it redeems and what the session records. */
interface SecondFactor<R extends MemberRef, T> {
  req: R;
  /** The secret spent in the completing transaction; null when it is wrong or already used. */
  redeem(tx: Queryable, member: MemberRow): Promise<T | null>;
  /** The factor the session records, and what the answer carries beside the session. */
  factor(spent: T, at: string): { factor: Factor; extra?: Record<string, unknown> };
  refusal(): ApiError;
  /** The member's enrolment changes asked with the code. */
  after?(tx: Queryable, member: MemberRow): Promise<MemberRow>;
}

/**
 * The two authenticator-app sign-ins: the code is checked in the transaction that completes
 * the member session, after one attempt of the member's shared count is taken.
 */
async function secondFactor<R extends MemberRef, T>(ctx: ProviderContext, caller: MfaClient, minutes: number, how: SecondFactor<R, T>): Promise<AuthAnswer> {
  const s = await mfaSubject(ctx, ctx.db, caller, how.req, 'totp');
  await takeAttempt(ctx.db, TOTP_LOCK, `b2b:${s.member.member_id}`, ctx.clock.now());
  const answer = await withTx(ctx.db, async (tx) => {
    const spent = await how.redeem(tx, s.member);
    if (spent === null) return null;
    const { factor, extra } = how.factor(spent, ctx.clock.now().toISOString());
    const current = await requireMember(tx, s.org.organization_id, s.member.member_id);
    const member = how.after ? await how.after(tx, current) : current;
    const done = await completeMfa(ctx, tx, { org: s.org, member, factor, minutes, client: caller.client, ...mfaSessions(s, caller, how.req) });
    return { ...done, ...extra };
  });
  if (!answer) throw how.refusal();
  await attemptSucceeded(ctx.db, TOTP_LOCK, `b2b:${s.member.member_id}`);
  return answer;
}

/** `b2b/totp/authenticate`: a code of the member's authenticator app. */
export function authenticateMemberTotp(ctx: ProviderContext, caller: MfaClient, req: InferOutput<typeof b2b.TotpAuthenticate>, minutes: number): Promise<AuthAnswer> {
  return secondFactor(ctx, caller, minutes, {
    req,
    redeem: (tx, member) => verifyMemberTotp(ctx, tx, member.member_id, req.code),
    factor: (totp_id, at) => ({ factor: { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: at, authenticator_app_factor: { totp_id } } }),
    refusal: () => new ApiError(401, 'otp_code_not_found', 'The authenticator code is incorrect, expired or already used.'),
    after: (tx, member) => enrolment(ctx, tx, member, req.set_mfa_enrollment, req.set_default_mfa ? 'totp' : undefined),
  });
}

/** `b2b/recovery_codes/recover`: one of the member's recovery codes, spent. */
export function recoverMember(ctx: ProviderContext, caller: MfaClient, req: InferOutput<typeof b2b.RecoveryCodesRecover>, minutes: number): Promise<AuthAnswer> {
  return secondFactor(ctx, caller, minutes, {
    req,
    redeem: (tx, member) => redeemMemberRecoveryCode(ctx, tx, member.member_id, req.recovery_code),
    factor: (spent, at) => ({
      factor: { type: 'recovery_code', delivery_method: 'recovery_code', last_authenticated_at: at, recovery_code_factor: { totp_recovery_code_id: spent.totpId } },
      extra: { recovery_codes_remaining: spent.remaining },
    }),
    refusal: () => new ApiError(401, 'recovery_code_not_found', 'The recovery code is incorrect or already used.'),
  });
}

/** `b2b/otps/sms/send`: a passcode to the member's MFA phone (set here when none is verified yet). */
export async function sendMfaSms(ctx: ProviderContext, caller: MfaClient, req: InferOutput<typeof b2b.SmsSend>): Promise<MfaSubject> {
  const s = await mfaSubject(ctx, ctx.db, caller, req, 'sms_otp');
  const asked = req.mfa_phone_number ? phoneOf(req.mfa_phone_number) : undefined;
  const current = s.member.mfa_phone_number;
  // A verified number is the member's factor: codes go there and nowhere else.
  if (s.member.mfa_phone_number_verified && asked && asked !== current) {
    throw new ApiError(400, 'mfa_phone_number_already_set', 'The member already has a verified MFA phone number.');
  }
  const phone = s.member.mfa_phone_number_verified ? current : (asked ?? current);
  if (!phone) throw new ApiError(400, 'mfa_phone_number_required', 'The member has no MFA phone number: send mfa_phone_number.');
  if (!s.member.mfa_phone_number_verified) await refuseSecondEnrolment(ctx.db, s);
  await limitSend(ctx, phone, caller.client);
  const queued = await withTx(ctx.db, async (tx) => {
    if (phone !== current) await updateMember(tx, s.member.member_id, ctx.clock.now(), { mfa_phone_number: phone });
    return queueMfaSms(ctx, tx, s.member.member_id, phone, req.locale);
  });
  await ctx.delivery.dispatch(ctx.db, queued);
  return s;
}

/** `b2b/otps/sms/authenticate`: the passcode sent to the member's MFA phone. */
export async function authenticateMfaSms(ctx: ProviderContext, caller: MfaClient, req: InferOutput<typeof b2b.SmsAuthenticate>, minutes: number): Promise<AuthAnswer> {
  const s = await mfaSubject(ctx, ctx.db, caller, req, 'sms_otp');
  const phone = s.member.mfa_phone_number;
  // One transaction: the redemption (or the counted wrong guess) and the session commit together.
  const answer = await withTx(ctx.db, async (tx) => {
    if (!phone || !(await redeemB2BOtp(ctx, tx, smsMethodId(s.member.member_id, phone), req.code))) return null;
    const now = ctx.clock.now();
    await markMfaPhoneVerified(tx, s.member.member_id, phone, now);
    const member = await enrolment(ctx, tx, await requireMember(tx, s.org.organization_id, s.member.member_id), req.set_mfa_enrollment, undefined);
    const factor: Factor = {
      type: 'otp',
      delivery_method: 'sms',
      last_authenticated_at: now.toISOString(),
      phone_number_factor: { phone_id: smsMethodId(member.member_id, phone), phone_number: phone },
    };
    return completeMfa(ctx, tx, { org: s.org, member, factor, minutes, client: caller.client, ...mfaSessions(s, caller, req) });
  });
  if (!answer) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
  return answer;
}
