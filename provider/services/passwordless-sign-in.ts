import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { emailLinkFactor, redeemEmailToken } from './email-tokens.ts';
import { openLinkRequest, type LinkRequestGrant } from './link-requests.ts';
import { mailMagicLink } from './magic-link-mail.ts';
import { issueOtp, redeemOtp, type OtpChannel } from './otp.ts';
import { sessionToExtend, startOrExtend, type Issued, type SessionCaller } from './sessions.ts';
import { withTx } from './tx.ts';
import { attachEmail, attachPhone, emailIdentity, phoneIdentity, type Identity } from './users.ts';

/*
 * B2C sign-in by something sent (an email magic link, a passcode by SMS, WhatsApp or email):
 * the send, in its own transaction with the message dispatched after commit, and the
 * authenticate that spends it and starts or extends the session.
 */

/** `login_or_create` and `send/primary` name the user by address; `send/secondary` adds it to the signed-in caller. */
export type SendMode = 'login_or_create' | 'primary' | 'secondary';

/**
 * Whose address a send is for: `secondary` adds it to the signed-in caller (`taken` when another
 * user has it); otherwise the user who has it, created (with `status`) when nobody does.
 */
async function sendIdentity(
  ctx: ProviderContext,
  tx: Queryable,
  s: { mode: SendMode; callerUserId: string | null; kind: 'email' | 'phone'; address: string; status: 'active' | 'pending'; taken: () => ApiError },
): Promise<Identity> {
  const now = ctx.clock.now();
  if (s.mode === 'secondary') {
    const userId = s.callerUserId!;
    const methodId = s.kind === 'email' ? await attachEmail(tx, userId, s.address, ctx.env, now) : await attachPhone(tx, userId, s.address, ctx.env, now);
    if (!methodId) throw s.taken();
    return { userId, methodId, created: false };
  }
  return s.kind === 'email' ? (await emailIdentity(tx, s.address, ctx.env, now, true, s.status))! : phoneIdentity(tx, s.address, ctx.env, now, s.status);
}

/** What a magic-link send asks for beside the address. */
export interface MagicLinkSend {
  loginUrl: string;
  signupUrl: string;
  loginMinutes?: number | undefined;
  signupMinutes?: number | undefined;
  codeChallenge?: string | undefined;
  locale?: string | undefined;
  /** A new user is created pending (`create_user_as_pending`). */
  pending: boolean;
  /** The link is bound to a cross-device request the asking tab polls. */
  linkRequest: boolean;
}

/** Sends an email magic link (to `callerUserId`'s new address when `secondary`). */
export async function sendMagicLink(
  ctx: ProviderContext,
  mode: SendMode,
  email: string,
  callerUserId: string | null,
  o: MagicLinkSend,
): Promise<Identity & { linkRequest?: LinkRequestGrant | undefined }> {
  const result = await withTx(ctx.db, async (tx) => {
    const identity = await sendIdentity(ctx, tx, {
      mode,
      callerUserId,
      kind: 'email',
      address: email,
      status: o.pending ? 'pending' : 'active',
      taken: () => new ApiError(409, 'duplicate_email', 'This email belongs to another user.'),
    });
    const url = identity.created ? o.signupUrl : o.loginUrl;
    const minutes = (identity.created ? o.signupMinutes : o.loginMinutes) ?? 30;
    let linkRequest: LinkRequestGrant | undefined;
    const bind = o.linkRequest ? async (token: string) => void (linkRequest = await openLinkRequest(ctx, tx, token)) : undefined;
    const queued = await mailMagicLink(ctx, tx, {
      userId: identity.userId,
      emailId: identity.methodId,
      email,
      url,
      minutes,
      codeChallenge: o.codeChallenge,
      purpose: identity.created ? 'signup' : 'login',
      locale: o.locale,
      bind,
    });
    return { ...identity, queued, linkRequest };
  });
  await ctx.delivery.dispatch(ctx.db, result.queued);
  return { userId: result.userId, methodId: result.methodId, created: result.created, linkRequest: result.linkRequest };
}

/** `magic_links/authenticate`: the link spent (a reset link may also sign in without a password) and the session started or extended. */
export function authenticateMagicLink(ctx: ProviderContext, token: string, verifier: string | undefined, minutes: number, caller: SessionCaller): Promise<Issued & { method_id: string }> {
  return withTx(ctx.db, async (tx) => {
    const redeemed = await redeemEmailToken(ctx, tx, token, ['magic_link', 'password_reset'], verifier);
    const out = await startOrExtend(ctx, tx, redeemed.userId, emailLinkFactor(ctx.clock.now(), redeemed.emailId), minutes, caller.client, sessionToExtend(caller, redeemed.userId));
    return { ...out, method_id: redeemed.emailId };
  });
}

/** Sends a passcode on `channel` to `to` (added to `callerUserId` when `secondary`). */
export async function sendOtp(
  ctx: ProviderContext,
  channel: OtpChannel,
  mode: SendMode,
  to: string,
  callerUserId: string | null,
  o: { expirationMinutes?: number | undefined; locale?: string | undefined },
): Promise<Identity> {
  const result = await withTx(ctx.db, async (tx) => {
    const identity = await sendIdentity(ctx, tx, {
      mode,
      callerUserId,
      kind: channel === 'email' ? 'email' : 'phone',
      address: to,
      status: 'active',
      taken: () => new ApiError(409, 'duplicate_identifier', 'This identifier belongs to another user.'),
    });
    const queued = await issueOtp(ctx, tx, channel, identity.methodId, identity.userId, to, o.expirationMinutes, o.locale);
    return { ...identity, queued };
  });
  // After the commit: a code that could not be sent is answered as an error the widget shows.
  await ctx.delivery.dispatch(ctx.db, result.queued);
  return { userId: result.userId, methodId: result.methodId, created: result.created };
}

/** `otps/authenticate`: the passcode spent and the session started or extended, in one transaction with the counted guess. */
export async function authenticateOtp(ctx: ProviderContext, methodId: string, code: string, minutes: number, caller: SessionCaller): Promise<Issued> {
  const issued = await withTx(ctx.db, async (tx) => {
    const check = await redeemOtp(ctx, tx, methodId, code);
    if (!check.ok) return null;
    const factor = {
      type: 'otp',
      delivery_method: check.channel,
      last_authenticated_at: ctx.clock.now().toISOString(),
      ...(check.channel === 'email' ? { email_factor: { email_id: methodId } } : { phone_number_factor: { phone_id: methodId } }),
    };
    return startOrExtend(ctx, tx, check.userId, factor, minutes, caller.client, sessionToExtend(caller, check.userId));
  });
  if (!issued) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
  return issued;
}
