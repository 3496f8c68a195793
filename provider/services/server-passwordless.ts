import type { ProviderContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { redeemEmailToken } from './email-tokens.ts';
import { mailMagicLink } from './magic-link-mail.ts';
import { issueOtp, redeemOtp, type OtpChannel } from './otp.ts';
import { methodFactor, namedSession, serverSignIn, type NoSession, type ServerSessionAsk } from './server-sessions.ts';
import type { Issued } from './sessions.ts';
import { withTx } from './tx.ts';
import { createUserWith, type NewUser } from './user-admin.ts';
import { activatePending, emailIdentity, emailOwnerForUpdate, phoneIdentity, type Identity } from './users.ts';

/*
 * The server API's sign-in by something sent (`/v1/magic_links`, `/v1/otps`): the backend asks
 * for the send, or hands over what its user received; each opens its own transaction and
 * dispatches the message after commit.
 */

/** An invitation stays usable for a week unless the caller asks otherwise. */
const INVITE_MINUTES = 7 * 24 * 60;

/** `magic_links/email/login_or_create`: a link to the address's user, created (pending when asked) if new. */
export async function serverSendMagicLink(
  ctx: ProviderContext,
  email: string,
  o: {
    loginUrl: string;
    signupUrl: string;
    pending: boolean;
    loginMinutes?: number | undefined;
    signupMinutes?: number | undefined;
    codeChallenge?: string | undefined;
    locale?: string | undefined;
  },
): Promise<Identity> {
  const identity = await withTx(ctx.db, async (tx) => {
    const found = (await emailIdentity(tx, email, ctx.env, ctx.clock.now(), true, o.pending ? 'pending' : 'active'))!;
    const queued = await mailMagicLink(ctx, tx, {
      userId: found.userId,
      emailId: found.methodId,
      email,
      codeChallenge: o.codeChallenge,
      url: found.created ? o.signupUrl : o.loginUrl,
      minutes: (found.created ? o.signupMinutes : o.loginMinutes) ?? 30,
      purpose: found.created ? 'signup' : 'login',
      locale: o.locale,
    });
    return { ...found, queued };
  });
  await ctx.delivery.dispatch(ctx.db, identity.queued);
  return { userId: identity.userId, methodId: identity.methodId, created: identity.created };
}

/** `magic_links/email/invite`: a pending user (made here when new) and the invitation link to them. */
export async function inviteByMagicLink(
  ctx: ProviderContext,
  email: string,
  url: string,
  o: Pick<NewUser, 'name' | 'trustedMetadata' | 'untrustedMetadata'> & { minutes?: number | undefined; locale?: string | undefined },
): Promise<{ userId: string; emailId: string }> {
  const invited = await withTx(ctx.db, async (tx) => {
    const owner = await emailOwnerForUpdate(tx, email);
    let ids = owner && { userId: owner.userId, emailId: owner.emailId };
    // An invitation is for someone not yet in: an active user signs in instead.
    if (owner && owner.status !== 'pending') throw new ApiError(400, 'duplicate_email', 'This email belongs to an active user; send a login link instead.');
    ids ??= await createUserWith(tx, ctx.env, ctx.clock.now(), { email, name: o.name, pending: true, trustedMetadata: o.trustedMetadata, untrustedMetadata: o.untrustedMetadata });
    const queued = await mailMagicLink(ctx, tx, { userId: ids.userId, emailId: ids.emailId, email, url, minutes: o.minutes ?? INVITE_MINUTES, purpose: 'invite', locale: o.locale });
    return { userId: ids.userId, emailId: ids.emailId, queued };
  });
  await ctx.delivery.dispatch(ctx.db, invited.queued);
  return { userId: invited.userId, emailId: invited.emailId };
}

/** `magic_links/authenticate`: the link spent, and the factor added as `ask` says (serverSignIn). */
export async function serverAuthenticateMagicLink(ctx: ProviderContext, token: string, verifier: string | undefined, ask: ServerSessionAsk): Promise<(Issued | NoSession) & { method_id: string }> {
  const current = await namedSession(ctx, ctx.db, ask);
  return withTx(ctx.db, async (tx) => {
    const redeemed = await redeemEmailToken(ctx, tx, token, ['magic_link'], verifier);
    const factor = await methodFactor(ctx, tx, 'magic_link', 'email', redeemed.emailId);
    return { ...(await serverSignIn(ctx, tx, redeemed.userId, factor, ask, current)), method_id: redeemed.emailId };
  });
}

/** `otps/<channel>/login_or_create`: a passcode to the address's user, created (pending when asked) if new. */
export async function serverSendOtp(
  ctx: ProviderContext,
  channel: OtpChannel,
  to: string,
  o: { pending: boolean; expirationMinutes?: number | undefined; locale?: string | undefined },
): Promise<Identity> {
  const status = o.pending ? 'pending' : 'active';
  const identity = await withTx(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const found = channel === 'email' ? (await emailIdentity(tx, to, ctx.env, now, true, status))! : await phoneIdentity(tx, to, ctx.env, now, status);
    const queued = await issueOtp(ctx, tx, channel, found.methodId, found.userId, to, o.expirationMinutes, o.locale);
    return { ...found, queued };
  });
  await ctx.delivery.dispatch(ctx.db, identity.queued);
  return { userId: identity.userId, methodId: identity.methodId, created: identity.created };
}

/** `otps/authenticate`: the passcode spent, in one transaction with the counted guess and the session. */
export async function serverAuthenticateOtp(ctx: ProviderContext, methodId: string, code: string, ask: ServerSessionAsk): Promise<Issued | NoSession> {
  const current = await namedSession(ctx, ctx.db, ask);
  const out = await withTx(ctx.db, async (tx) => {
    const check = await redeemOtp(ctx, tx, methodId, code);
    if (!check.ok) return null;
    // A user created pending becomes active by proving the address, as a magic link does.
    await activatePending(tx, check.userId);
    return serverSignIn(ctx, tx, check.userId, await methodFactor(ctx, tx, 'otp', check.channel, methodId), ask, current);
  });
  if (!out) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
  return out;
}
