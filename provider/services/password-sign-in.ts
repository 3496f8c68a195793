import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { redeemEmailToken } from './email-tokens.ts';
import { hashPassword } from './hashing.ts';
import { checkPasswordLogin, requireStrong, setPasswordHash } from './passwords.ts';
import { revokeOtherSessions, sessionToExtend, startOrExtend, type Issued, type SessionCaller } from './sessions.ts';
import { withTx } from './tx.ts';
import { emailIdentity, firstEmailId, normalizeEmail } from './users.ts';

/*
 * B2C sign-in by password (`/sdk/v1/passwords`): a new account with its password, a password
 * proven, and the three resets. Each hashes before its transaction (the hash takes tens of
 * milliseconds, no row waits for it) and opens its own.
 */

/** Starts (or extends the caller's own) session with a password factor of `emailId`. */
function signIn(ctx: ProviderContext, tx: Queryable, userId: string, emailId: string, minutes: number, caller: SessionCaller): Promise<Issued> {
  const factor = { type: 'password', delivery_method: 'knowledge', last_authenticated_at: ctx.clock.now().toISOString(), email_factor: { email_id: emailId } };
  return startOrExtend(ctx, tx, userId, factor, minutes, caller.client, sessionToExtend(caller, userId));
}

/**
 * A reset sets the new hash and ends every other session of the user: whoever knew the old
 * password is signed out. `keep` is the session making the change, when it should survive.
 */
async function replacePassword(ctx: ProviderContext, tx: Queryable, userId: string, hash: string, keep: string | null): Promise<void> {
  await setPasswordHash(ctx, tx, userId, hash);
  await revokeOtherSessions(ctx, tx, userId, keep);
}

/** `passwords`: a new user with this email and password, signed in. */
export async function createWithPassword(ctx: ProviderContext, caller: SessionCaller, rawEmail: string, password: string, minutes: number): Promise<Issued & { email_id: string }> {
  const email = normalizeEmail(rawEmail);
  requireStrong(ctx, password, email);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    const identity = (await emailIdentity(tx, email, ctx.env, ctx.clock.now()))!;
    if (!identity.created) throw new ApiError(400, 'duplicate_email', 'A user with this email already exists; sign in or reset the password.');
    await setPasswordHash(ctx, tx, identity.userId, hash);
    const out = await signIn(ctx, tx, identity.userId, identity.methodId, minutes, caller);
    return { ...out, email_id: identity.methodId };
  });
}

/** `passwords/authenticate`: the password proven (under the lockout), then the session. */
export async function authenticatePassword(ctx: ProviderContext, caller: SessionCaller, email: string, password: string, minutes: number): Promise<Issued> {
  const row = await checkPasswordLogin(ctx, email, password, caller.client.ip);
  return withTx(ctx.db, (tx) => signIn(ctx, tx, row.userId, row.emailId, minutes, caller));
}

/** `passwords/email/reset`: the emailed token spent, the new password set, a new session. */
export async function resetByEmail(ctx: ProviderContext, caller: SessionCaller, token: string, verifier: string | undefined, password: string, minutes: number): Promise<Issued> {
  requireStrong(ctx, password);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    const redeemed = await redeemEmailToken(ctx, tx, token, ['password_reset'], verifier);
    await replacePassword(ctx, tx, redeemed.userId, hash, null);
    return signIn(ctx, tx, redeemed.userId, redeemed.emailId, minutes, { ...caller, sessionId: null });
  });
}

/** `passwords/existing_password/reset`: the old password proven, the new one set, a new session. */
export async function resetByExisting(ctx: ProviderContext, caller: SessionCaller, rawEmail: string, existing: string, password: string, minutes: number): Promise<Issued> {
  const email = normalizeEmail(rawEmail);
  requireStrong(ctx, password, email);
  const row = await checkPasswordLogin(ctx, email, existing, caller.client.ip);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    await replacePassword(ctx, tx, row.userId, hash, null);
    return signIn(ctx, tx, row.userId, row.emailId, minutes, { ...caller, sessionId: null });
  });
}

/** `passwords/session/reset`: the signed-in user's new password; their other sessions end, this one is kept. */
export async function resetBySession(ctx: ProviderContext, caller: SessionCaller & { userId: string; sessionId: string }, password: string, minutes: number): Promise<Issued> {
  requireStrong(ctx, password);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    const emailId = await firstEmailId(tx, caller.userId);
    if (emailId === null) throw new ApiError(400, 'no_email', 'The user has no email address to attach a password to.');
    await replacePassword(ctx, tx, caller.userId, hash, caller.sessionId);
    return signIn(ctx, tx, caller.userId, emailId, minutes, caller);
  });
}
