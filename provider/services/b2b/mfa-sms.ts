import type { ProviderContext, QueuedMessage } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { issueOtp } from '../otp.ts';
import { limitSend, limitSendTo } from '../sends.ts';
import type { ClientInfo } from '../sessions.ts';
import { ApiError } from '../../errors.ts';
import type { MemberRow } from './members.ts';
import { mfaMethodsAllowed, type OrganizationRow } from './organizations.ts';

/*
 * SMS passcodes for member MFA: one method id per member and number, so a code sent to one
 * number never signs in from another. Used by `/b2b/otps/sms/send` and by primary
 * authentication when it starts the SMS second factor itself (`secondary_auth_initiated`).
 */

export const smsMethodId = (memberId: string, phone: string) => `b2b-mfa-sms:${memberId}:${phone}`;

/** Records a fresh MFA passcode for `phone` in `tx` (earlier codes for it are spent); dispatch the result after commit. */
export function queueMfaSms(ctx: ProviderContext, tx: Queryable, memberId: string, phone: string, locale?: string): Promise<QueuedMessage> {
  return issueOtp(ctx, tx, 'sms', smsMethodId(memberId, phone), null, phone, undefined, locale);
}

/**
 * Whether primary authentication starts the SMS factor for this member, as the hosted
 * provider does: the member has a verified MFA phone, SMS is their default method (or their
 * only one), and the organization allows SMS for MFA.
 */
export function smsFactorStartsItself(org: OrganizationRow, member: MemberRow): boolean {
  if (!member.mfa_phone_number_verified || !member.mfa_phone_number) return false;
  if (!mfaMethodsAllowed(org).includes('sms_otp')) return false;
  return member.default_mfa_method === 'sms_otp' || member.totp_registration_id === '';
}

/**
 * Sends the member's MFA passcode inside the primary authentication's transaction, under the
 * same send limits as `/b2b/otps/sms/send` (counted in `tx`: they commit with the sign-in).
 * A limit already reached sends nothing and answers false: the sign-in still succeeds, and
 * the member may ask for a code once the window has passed.
 */
export async function startSmsFactor(ctx: ProviderContext, tx: Queryable, member: MemberRow, client: ClientInfo): Promise<QueuedMessage | null> {
  try {
    // A server API sign-in has no browser address (ip ''): only the number's limits apply, as for its other sends.
    if (client.ip) await limitSend(ctx, member.mfa_phone_number, client, tx);
    else await limitSendTo(ctx, member.mfa_phone_number, tx);
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) return null;
    throw e;
  }
  return queueMfaSms(ctx, tx, member.member_id, member.mfa_phone_number);
}

/**
 * Marks the member's MFA phone verified once a code sent to it was redeemed; only while the
 * number is still the one the code went to.
 */
export async function markMfaPhoneVerified(tx: Queryable, memberId: string, phone: string, now: Date): Promise<void> {
  await tx.query('UPDATE b2b_members SET mfa_phone_number_verified = true, updated_at = $2 WHERE member_id = $1 AND mfa_phone_number = $3', [memberId, now, phone]);
}
