import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { hashPassword, needsRehash, SCRYPT_MAX_MEMORY, SCRYPT_PREFIX, verifyPassword } from './hashing.ts';
import { newId } from './ids.ts';
import { attemptSucceeded, PASSWORD_LOCK, passwordIpRule, takeAttempt } from './lockout.ts';
import { checkStrength, isBreached } from './strength.ts';
import { normalizeEmail } from './users.ts';

/** Refuses a password the project's policy rejects, breached ones with their own error type. */
export function requireStrong(ctx: ProviderContext, password: string, email?: string): void {
  const s = checkStrength(ctx.config.passwordPolicy, password, email);
  if (!s.valid_password) {
    throw new ApiError(
      400,
      s.breached_password ? 'breached_password' : 'weak_password',
      s.breached_password
        ? 'This password may have been used on a different site that experienced a security issue. Please choose another password.'
        : "The password does not meet the project's strength requirements.",
    );
  }
}

/** Stores a password hash for the user, keeping the password's id across changes, and clears any reset demand. */
export async function setPasswordHash(ctx: ProviderContext, tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $2, password_id = COALESCE(password_id, $3), password_requires_reset = false WHERE user_id = $1', [userId, hash, newId('password', ctx.env)]);
}

/**
 * A correct password that must still not sign in (the hosted provider's `reset_password`):
 * it is on the breached list, or the address was proven by a passwordless sign-in after the
 * password was set. Only a reset by email clears it.
 */
export function requireNoReset(password: string, requiresReset: boolean): void {
  if (requiresReset || isBreached(password)) {
    throw new ApiError(400, 'reset_password', 'This password must be reset before it can be used. Reset it from the link sent by email.');
  }
}

/**
 * One password guess under the lockout rules, for any kind of account: both attempts (per
 * client IP when the caller is a browser, then per `lockSubject`) are taken before the slow
 * hash, so guesses in flight together cannot pass one check made before any of them failed.
 * An unknown account, one without a password and a wrong password cost the same and answer
 * the same. Returns the loaded row once the password has proven right.
 */
export async function guardedPasswordCheck<R extends { password_hash: string | null }>(
  ctx: ProviderContext,
  lockSubject: string,
  password: string,
  clientIp: string | undefined,
  load: () => Promise<R | undefined>,
): Promise<R & { password_hash: string }> {
  const now = ctx.clock.now();
  const ipRule = passwordIpRule(ctx.config.passwordIpLimit.maxFailures, ctx.config.passwordIpLimit.windowSeconds);
  if (clientIp !== undefined) await takeAttempt(ctx.db, ipRule, clientIp, now);
  await takeAttempt(ctx.db, PASSWORD_LOCK, lockSubject, now);
  const row = await load();
  if (!(await verifyPassword(row?.password_hash ?? null, password)) || !row) {
    throw new ApiError(401, 'unauthorized_credentials', 'The email or password is incorrect.');
  }
  await attemptSucceeded(ctx.db, PASSWORD_LOCK, lockSubject);
  if (clientIp !== undefined) await attemptSucceeded(ctx.db, ipRule, clientIp);
  return row as R & { password_hash: string };
}

/**
 * Checks an email and password (`guardedPasswordCheck` per address). A hash that is imported
 * or at an older cost is replaced by our argon2id once the password has proven right.
 * `clientIp` is absent for the server API, whose caller is the site's backend (limited per
 * secret instead).
 */
export async function checkPasswordLogin(ctx: ProviderContext, rawEmail: string, password: string, clientIp?: string): Promise<{ userId: string; emailId: string }> {
  const email = normalizeEmail(rawEmail);
  const row = await guardedPasswordCheck(ctx, email, password, clientIp, async () => {
    const { rows } = await ctx.db.query<{ user_id: string; email_id: string; password_hash: string | null; password_requires_reset: boolean }>(
      'SELECT u.user_id, e.email_id, u.password_hash, u.password_requires_reset FROM user_emails e JOIN users u USING (user_id) WHERE e.email = $1',
      [email],
    );
    return rows[0];
  });
  requireNoReset(password, row.password_requires_reset);
  if (needsRehash(row.password_hash)) {
    const upgraded = await hashPassword(password);
    // Only if nobody changed the password meanwhile.
    await ctx.db.query('UPDATE users SET password_hash = $3 WHERE user_id = $1 AND password_hash = $2', [row.user_id, row.password_hash, upgraded]);
  }
  return { userId: row.user_id, emailId: row.email_id };
}

/** A hash to import, as the official SDK's `passwords.migrate` describes it. */
export type ImportedHash =
  | { hash_type: 'bcrypt'; hash: string }
  | { hash_type: 'argon_2i' | 'argon_2id'; hash: string; argon_2_config?: { salt: string; iteration_amount: number; memory: number; threads: number; key_length: number } }
  | { hash_type: 'scrypt'; hash: string; scrypt_config: { salt: string; n_parameter: number; r_parameter: number; p_parameter: number; key_length: number } };

const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;
/** PHC string; parameter order varies by library (the reference writes m,t,p; node-argon2 m,p,t). */
const ARGON2_PHC = /^\$argon2(i|id)\$v=19\$([a-z]=\d+(?:,[a-z]=\d+)*)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
/** Bounds on imported cost parameters, so one sign-in cannot be made to take minutes or gigabytes. */
const ARGON2_MAX_MEMORY_KIB = 256 * 1024;
const ARGON2_MAX_PASSES = 10;

const invalidHash = (why: string) => new ApiError(400, 'invalid_hash', `The hash cannot be imported: ${why}.`);
const unpadded = (b64: string) => Buffer.from(b64, 'base64').toString('base64').replace(/=+$/, '');

/**
 * The stored form of an imported hash, checked for shape and bounded in cost: bcrypt strings
 * as they are, argon2 as a PHC string (built from the raw hash and its config when given so),
 * scrypt as `$scrypt$n=..,r=..,p=..$salt$hash`.
 */
export function importedHash(h: ImportedHash): string {
  if (h.hash_type === 'bcrypt') {
    if (!BCRYPT.test(h.hash)) throw invalidHash('not a bcrypt hash ($2a$, $2b$ or $2y$)');
    return h.hash;
  }
  if (h.hash_type === 'scrypt') {
    const c = h.scrypt_config;
    if (c.n_parameter < 2 || (c.n_parameter & (c.n_parameter - 1)) !== 0) throw invalidHash('n_parameter must be a power of two');
    if (128 * c.n_parameter * c.r_parameter > SCRYPT_MAX_MEMORY || c.p_parameter > 16) throw invalidHash("the scrypt parameters exceed the provider's limits");
    const hash = Buffer.from(h.hash, 'base64');
    if (hash.length < 16 || hash.length !== c.key_length) throw invalidHash('the hash must be base64 of key_length bytes (at least 16)');
    return `${SCRYPT_PREFIX}n=${c.n_parameter},r=${c.r_parameter},p=${c.p_parameter}$${Buffer.from(c.salt, 'base64').toString('base64')}$${hash.toString('base64')}`;
  }
  const variant = h.hash_type === 'argon_2i' ? 'argon2i' : 'argon2id';
  let phc = h.hash;
  if (h.argon_2_config) {
    const c = h.argon_2_config;
    if (Buffer.from(h.hash, 'base64').length !== c.key_length) throw invalidHash('the hash must be base64 of key_length bytes');
    phc = `$${variant}$v=19$m=${c.memory},t=${c.iteration_amount},p=${c.threads}$${unpadded(c.salt)}$${unpadded(h.hash)}`;
  }
  const m = ARGON2_PHC.exec(phc);
  const params = new Map(m?.[2]!.split(',').map((kv) => [kv[0]!, Number(kv.slice(2))]) ?? []);
  if (!m || `argon2${m[1]}` !== variant || !params.has('m') || !params.has('t') || !params.has('p')) {
    throw invalidHash(`not an ${variant} PHC string ($${variant}$v=19$m=..,t=..,p=..$salt$hash) and no argon_2_config`);
  }
  if (params.get('m')! > ARGON2_MAX_MEMORY_KIB || params.get('t')! > ARGON2_MAX_PASSES || params.get('p')! > 16) {
    throw invalidHash("the argon2 parameters exceed the provider's limits");
  }
  return phc;
}
