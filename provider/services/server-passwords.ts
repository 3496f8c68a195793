import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { hashPassword } from './hashing.ts';
import { checkPasswordLogin, requireStrong, setPasswordHash } from './passwords.ts';
import { methodFactor, namedSession, serverSignIn, type NoSession, type ServerSessionAsk } from './server-sessions.ts';
import type { Issued } from './sessions.ts';
import { withTx } from './tx.ts';
import { createUserWith, updateUser, type NewUser } from './user-admin.ts';
import { emailOwnerForUpdate, loadUser, markEmailVerified, normalizeEmail } from './users.ts';

/*
 * The server API's passwords (`/v1/passwords`): a user created with a password, a password
 * proven, and existing hashes imported. Each hashes or checks before its transaction and opens
 * its own.
 */

const passwordFactor = (ctx: ProviderContext, tx: Queryable, emailId: string) => methodFactor(ctx, tx, 'password', 'knowledge', emailId);

/** The user's profile fields a create or an import may carry. */
type Profile = Pick<NewUser, 'name' | 'trustedMetadata' | 'untrustedMetadata'>;

/** A request's profile fields, by the server API's names. */
export function profileOf(req: { name?: NewUser['name']; trusted_metadata?: Record<string, unknown>; untrusted_metadata?: Record<string, unknown> }): Profile {
  return { name: req.name, trustedMetadata: req.trusted_metadata, untrustedMetadata: req.untrusted_metadata };
}

/** `passwords`: a new user with this email and password, and a session of `minutes`. */
export async function serverCreateWithPassword(ctx: ProviderContext, rawEmail: string, password: string, profile: Profile, minutes: number): Promise<(Issued | NoSession) & { email_id: string }> {
  const email = normalizeEmail(rawEmail);
  requireStrong(ctx, password, email);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    const ids = await createUserWith(tx, ctx.env, ctx.clock.now(), { email, ...profile });
    await setPasswordHash(ctx, tx, ids.userId, hash);
    const issued = await serverSignIn(ctx, tx, ids.userId, await passwordFactor(ctx, tx, ids.emailId), { minutes }, null);
    return { ...issued, email_id: ids.emailId };
  });
}

/** `passwords/authenticate`: the password proven, then the named session extended or a new one. */
export async function serverAuthenticatePassword(ctx: ProviderContext, email: string, password: string, ask: ServerSessionAsk): Promise<Issued | NoSession> {
  const current = await namedSession(ctx, ctx.db, ask);
  const login = await checkPasswordLogin(ctx, email, password);
  return withTx(ctx.db, async (tx) => serverSignIn(ctx, tx, login.userId, await passwordFactor(ctx, tx, login.emailId), ask, current));
}

/**
 * `passwords/migrate`: an existing hash (`stored`, already in our stored form) set for the
 * address's user, created when new; the profile fields update a user that exists.
 */
export async function serverMigratePassword(ctx: ProviderContext, rawEmail: string, stored: string, profile: Profile, setEmailVerified: boolean | undefined) {
  const email = normalizeEmail(rawEmail);
  return withTx(ctx.db, async (tx) => {
    const owner = await emailOwnerForUpdate(tx, email);
    let ids = owner && { userId: owner.userId, emailId: owner.emailId };
    const created = ids === null;
    ids ??= await createUserWith(tx, ctx.env, ctx.clock.now(), { email, ...profile });
    if (!created && (profile.name || profile.trustedMetadata || profile.untrustedMetadata)) await updateUser(tx, ids.userId, profile);
    await setPasswordHash(ctx, tx, ids.userId, stored);
    if (setEmailVerified) await markEmailVerified(tx, ids.emailId);
    const user = await loadUser(tx, ids.userId);
    if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
    return { user_id: ids.userId, email_id: ids.emailId, user_created: created, user };
  });
}
