import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
import { REGISTRATIONS_JSON_SQL } from './webauthn-registrations.ts';

/** A user row with its emails and phones, as `USER_ROW_SQL` selects it. */
export interface UserRow {
  user_id: string;
  created_at: Date | string;
  status: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  untrusted_metadata: Record<string, unknown>;
  trusted_metadata: Record<string, unknown>;
  password_id: string | null;
  password_requires_reset: boolean;
  emails: Array<{ email_id: string; email: string; verified: boolean }>;
  phones: Array<{ phone_id: string; phone_number: string; verified: boolean }>;
  totps: Array<{ totp_id: string; verified: boolean }>;
  webauthn_registrations?: Array<Record<string, unknown>>;
  wallets?: Array<{ crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string; verified: boolean }>;
  oauth?: Array<{ oauth_user_registration_id: string; provider_type: string; provider_subject: string; profile_picture_url: string; locale: string }>;
}

/** A user's (`u`) emails and phones aggregated, as the columns `emails` and `phones`. */
const CONTACTS_SQL = `COALESCE((SELECT json_agg(json_build_object('email_id', e.email_id, 'email', e.email, 'verified', e.verified) ORDER BY e.created_at)
                 FROM user_emails e WHERE e.user_id = u.user_id), '[]') AS emails,
       COALESCE((SELECT json_agg(json_build_object('phone_id', p.phone_id, 'phone_number', p.phone_number, 'verified', p.verified) ORDER BY p.created_at)
                 FROM user_phones p WHERE p.user_id = u.user_id), '[]') AS phones`;

/** What an OpenID Connect claim of a user is made of: names, emails and phones. */
export type UserClaimsRow = Pick<UserRow, 'user_id' | 'first_name' | 'middle_name' | 'last_name' | 'emails' | 'phones'>;

/**
 * Selects only what `UserClaimsRow` holds, for the token endpoint, which reads a user on every
 * code exchange and refresh and needs none of the rest; append a WHERE on `u.user_id`.
 */
export const USER_CLAIMS_SQL = `SELECT u.user_id, u.first_name, u.middle_name, u.last_name, ${CONTACTS_SQL} FROM users u`;

/**
 * Selects users (`u`) with their emails and phones aggregated, so a caller loads a user in
 * the same round trip as its own statement; append a WHERE on `u.user_id`.
 */
export const USER_ROW_SQL = `SELECT u.*, ${CONTACTS_SQL},
       COALESCE((SELECT json_agg(json_build_object('totp_id', t.totp_id, 'verified', t.verified) ORDER BY t.created_at)
                 FROM totps t WHERE t.user_id = u.user_id), '[]') AS totps,
       ${REGISTRATIONS_JSON_SQL} AS webauthn_registrations,
       COALESCE((SELECT json_agg(json_build_object('crypto_wallet_id', w.crypto_wallet_id, 'crypto_wallet_address', w.address, 'crypto_wallet_type', w.wallet_type, 'verified', w.verified) ORDER BY w.created_at)
                 FROM crypto_wallets w WHERE w.user_id = u.user_id), '[]') AS wallets,
       COALESCE((SELECT json_agg(json_build_object('oauth_user_registration_id', o.oauth_user_registration_id, 'provider_type', o.provider_type, 'provider_subject', o.provider_subject, 'profile_picture_url', o.profile_picture_url, 'locale', o.locale) ORDER BY o.created_at)
                 FROM oauth_accounts o WHERE o.user_id = u.user_id), '[]') AS oauth
     FROM users u`;

/** The user object of PROTOCOL.md from a `USER_ROW_SQL` row (or its JSON form). */
export function userShape(u: UserRow): Record<string, unknown> {
  return {
    user_id: u.user_id,
    created_at: new Date(u.created_at).toISOString(),
    status: u.status,
    name: { first_name: u.first_name, middle_name: u.middle_name, last_name: u.last_name },
    emails: u.emails,
    phone_numbers: u.phones,
    providers: u.oauth ?? [],
    crypto_wallets: u.wallets ?? [],
    totps: u.totps,
    webauthn_registrations: u.webauthn_registrations ?? [],
    biometric_registrations: [],
    password: u.password_id ? { password_id: u.password_id, requires_reset: u.password_requires_reset } : null,
    trusted_metadata: u.trusted_metadata,
    untrusted_metadata: u.untrusted_metadata,
    roles: [],
  };
}

/** The user object of PROTOCOL.md, in one round trip. */
export async function loadUser(db: Queryable, userId: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<UserRow>(`${USER_ROW_SQL} WHERE u.user_id = $1`, [userId]);
  return rows[0] ? userShape(rows[0]) : null;
}

export interface Identity {
  userId: string;
  methodId: string;
  created: boolean;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** A phone number in E.164 (spaces, dashes and brackets dropped); a 400 when it is not one. */
export function phoneOf(raw: string): string {
  const phone = raw.replace(/[\s()-]/g, '');
  if (!E164.test(phone)) throw new ApiError(400, 'invalid_phone_number', 'Phone number format is invalid; use E.164, e.g. +15555550100.');
  return phone;
}

/** Email addresses compare case-insensitively; stored lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates an active user with no identifiers yet (wallet and OAuth sign-ups attach theirs). */
export async function createUser(tx: Queryable, env: 'test' | 'live', now: Date, status: string): Promise<string> {
  const userId = newId('user', env);
  await tx.query('INSERT INTO users (user_id, created_at, status) VALUES ($1, $2, $3)', [userId, now, status]);
  return userId;
}

/** Finds the user owning `email`, creating user and email when none does. Race-safe through the unique index. */
export async function emailIdentity(tx: Queryable, email: string, env: 'test' | 'live', now: Date, create = true, status = 'active'): Promise<Identity | null> {
  const address = normalizeEmail(email);
  const found = await tx.query<{ user_id: string; email_id: string }>('SELECT user_id, email_id FROM user_emails WHERE email = $1', [address]);
  if (found.rows[0]) return { userId: found.rows[0].user_id, methodId: found.rows[0].email_id, created: false };
  if (!create) return null;
  const userId = await createUser(tx, env, now, status);
  const emailId = newId('email', env);
  await tx.query('INSERT INTO user_emails (email_id, user_id, email, created_at) VALUES ($1, $2, $3, $4)', [emailId, userId, address, now]);
  return { userId, methodId: emailId, created: true };
}

/** Same as emailIdentity, for a phone number in E.164. */
export async function phoneIdentity(tx: Queryable, phone: string, env: 'test' | 'live', now: Date, status = 'active'): Promise<Identity> {
  const found = await tx.query<{ user_id: string; phone_id: string }>('SELECT user_id, phone_id FROM user_phones WHERE phone_number = $1', [phone]);
  if (found.rows[0]) return { userId: found.rows[0].user_id, methodId: found.rows[0].phone_id, created: false };
  const userId = await createUser(tx, env, now, status);
  const phoneId = newId('phone-number', env);
  await tx.query('INSERT INTO user_phones (phone_id, user_id, phone_number, created_at) VALUES ($1, $2, $3, $4)', [phoneId, userId, phone, now]);
  return { userId, methodId: phoneId, created: true };
}

/** Adds an email to an existing user (secondary send); refuses one owned by someone else. */
export async function attachEmail(tx: Queryable, userId: string, email: string, env: 'test' | 'live', now: Date): Promise<string | null> {
  const address = normalizeEmail(email);
  const found = await tx.query<{ user_id: string; email_id: string }>('SELECT user_id, email_id FROM user_emails WHERE email = $1', [address]);
  if (found.rows[0]) return found.rows[0].user_id === userId ? found.rows[0].email_id : null;
  const emailId = newId('email', env);
  await tx.query('INSERT INTO user_emails (email_id, user_id, email, created_at) VALUES ($1, $2, $3, $4)', [emailId, userId, address, now]);
  return emailId;
}

/** Adds a phone number to an existing user; refuses one owned by someone else. */
export async function attachPhone(tx: Queryable, userId: string, phone: string, env: 'test' | 'live', now: Date): Promise<string | null> {
  const found = await tx.query<{ user_id: string; phone_id: string }>('SELECT user_id, phone_id FROM user_phones WHERE phone_number = $1', [phone]);
  if (found.rows[0]) return found.rows[0].user_id === userId ? found.rows[0].phone_id : null;
  const phoneId = newId('phone-number', env);
  await tx.query('INSERT INTO user_phones (phone_id, user_id, phone_number, created_at) VALUES ($1, $2, $3, $4)', [phoneId, userId, phone, now]);
  return phoneId;
}

/** The user's first email address (the one a password is attached to), or null without one. */
export async function firstEmailId(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email_id: string }>('SELECT email_id FROM user_emails WHERE user_id = $1 ORDER BY created_at LIMIT 1', [userId]);
  return rows[0]?.email_id ?? null;
}

/** What the login form shows an address: `new` (no user), `password` (one is set) or `passwordless`. */
export async function userTypeOf(db: Queryable, email: string): Promise<'new' | 'password' | 'passwordless'> {
  const { rows } = await db.query<{ has_password: boolean }>('SELECT u.password_hash IS NOT NULL AS has_password FROM user_emails e JOIN users u USING (user_id) WHERE e.email = $1', [
    normalizeEmail(email),
  ]);
  return !rows[0] ? 'new' : rows[0].has_password ? 'password' : 'passwordless';
}

/** A user created pending becomes active once it proves an address (a magic link or passcode). */
export async function activatePending(tx: Queryable, userId: string): Promise<void> {
  await tx.query("UPDATE users SET status = 'active' WHERE user_id = $1 AND status = 'pending'", [userId]);
}

/** Who owns an address (locked until the transaction ends, so a concurrent create waits), or null. */
export async function emailOwnerForUpdate(tx: Queryable, email: string): Promise<{ userId: string; emailId: string; status: string } | null> {
  // FOR UPDATE locks nothing while the address has no row: two callers creating the same new
  // address would both find none. The address itself is locked until the transaction ends.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`email:${email}`]);
  const { rows } = await tx.query<{ user_id: string; email_id: string; status: string }>(
    'SELECT e.user_id, e.email_id, u.status FROM user_emails e JOIN users u USING (user_id) WHERE e.email = $1 FOR UPDATE',
    [email],
  );
  return rows[0] ? { userId: rows[0].user_id, emailId: rows[0].email_id, status: rows[0].status } : null;
}

/** Marks an address as proven (an import that vouches for it). */
export async function markEmailVerified(tx: Queryable, emailId: string): Promise<void> {
  await tx.query('UPDATE user_emails SET verified = true WHERE email_id = $1', [emailId]);
}
