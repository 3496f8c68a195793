import type { ProviderContext } from '../context.ts';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
import { withTx } from './tx.ts';
import { loadUser, normalizeEmail, USER_ROW_SQL, userShape, type UserRow } from './users.ts';

/*
 * What a site's backend (the server API) and the operator (the admin CLI) do to users:
 * create, update, delete, search, and remove single factors. The browser-facing routes use
 * the narrower forms at the end (`removeOwnFactor`), bound to the signed-in caller.
 */

export const MAX_METADATA_BYTES = 4096;

export interface Name {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
}

export interface NewUser {
  email?: string;
  phone?: string;
  name?: Name;
  pending?: boolean;
  trustedMetadata?: Record<string, unknown>;
  untrustedMetadata?: Record<string, unknown>;
}

function checkMetadata(field: string, value: Record<string, unknown> | undefined): void {
  if (value && JSON.stringify(value).length > MAX_METADATA_BYTES) {
    throw new ApiError(400, 'invalid_metadata', `${field} must be at most ${MAX_METADATA_BYTES} bytes.`);
  }
}

/** Creates a user with an email and/or phone; an identifier another user owns is refused. */
export async function createUserWith(tx: Queryable, env: 'test' | 'live', now: Date, u: NewUser): Promise<{ userId: string; emailId: string; phoneId: string }> {
  checkMetadata('trusted_metadata', u.trustedMetadata);
  checkMetadata('untrusted_metadata', u.untrustedMetadata);
  const email = u.email === undefined ? undefined : normalizeEmail(u.email);
  if (email !== undefined && (await tx.query('SELECT 1 FROM user_emails WHERE email = $1', [email])).rows[0]) {
    throw new ApiError(400, 'duplicate_email', 'A user with this email already exists.');
  }
  if (u.phone !== undefined && (await tx.query('SELECT 1 FROM user_phones WHERE phone_number = $1', [u.phone])).rows[0]) {
    throw new ApiError(400, 'duplicate_phone_number', 'A user with this phone number already exists.');
  }
  const userId = newId('user', env);
  await tx.query(
    `INSERT INTO users (user_id, created_at, status, first_name, middle_name, last_name, trusted_metadata, untrusted_metadata)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      userId,
      now,
      u.pending ? 'pending' : 'active',
      u.name?.first_name ?? '',
      u.name?.middle_name ?? '',
      u.name?.last_name ?? '',
      JSON.stringify(u.trustedMetadata ?? {}),
      JSON.stringify(u.untrustedMetadata ?? {}),
    ],
  );
  let emailId = '';
  let phoneId = '';
  if (email !== undefined) {
    emailId = newId('email', env);
    await tx.query('INSERT INTO user_emails (email_id, user_id, email, created_at) VALUES ($1, $2, $3, $4)', [emailId, userId, email, now]);
  }
  if (u.phone !== undefined) {
    phoneId = newId('phone-number', env);
    await tx.query('INSERT INTO user_phones (phone_id, user_id, phone_number, created_at) VALUES ($1, $2, $3, $4)', [phoneId, userId, u.phone, now]);
  }
  return { userId, emailId, phoneId };
}

/** Merges metadata: given keys are set, a null value removes its key. */
async function mergeMetadata(tx: Queryable, userId: string, column: 'trusted_metadata' | 'untrusted_metadata', value: Record<string, unknown>): Promise<void> {
  const nulls = Object.entries(value)
    .filter(([, val]) => val === null)
    .map(([k]) => k);
  await tx.query(`UPDATE users SET ${column} = (${column} || $2::jsonb) - $3::text[] WHERE user_id = $1`, [userId, JSON.stringify(value), nulls]);
}

/** `createUserWith` in a transaction of its own (the server API's users/create), with the user as it now is. */
export function addUser(ctx: ProviderContext, u: NewUser): Promise<{ userId: string; emailId: string; phoneId: string; user: Record<string, unknown> }> {
  return withTx(ctx.db, async (tx) => {
    const ids = await createUserWith(tx, ctx.env, ctx.clock.now(), u);
    return { ...ids, user: (await loadUser(tx, ids.userId))! };
  });
}

/** Updates name parts and metadata; null when there is no such user. */
export async function updateUser(
  tx: Queryable,
  userId: string,
  change: { name?: Name; trustedMetadata?: Record<string, unknown>; untrustedMetadata?: Record<string, unknown> },
): Promise<Record<string, unknown> | null> {
  checkMetadata('trusted_metadata', change.trustedMetadata);
  checkMetadata('untrusted_metadata', change.untrustedMetadata);
  const { rows } = await tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
  if (!rows[0]) return null;
  if (change.name) {
    await tx.query('UPDATE users SET first_name = COALESCE($2, first_name), middle_name = COALESCE($3, middle_name), last_name = COALESCE($4, last_name) WHERE user_id = $1', [
      userId,
      change.name.first_name ?? null,
      change.name.middle_name ?? null,
      change.name.last_name ?? null,
    ]);
  }
  if (change.trustedMetadata) await mergeMetadata(tx, userId, 'trusted_metadata', change.trustedMetadata);
  if (change.untrustedMetadata) await mergeMetadata(tx, userId, 'untrusted_metadata', change.untrustedMetadata);
  const merged = await loadUser(tx, userId);
  const total = JSON.stringify(merged?.trusted_metadata ?? {}).length + JSON.stringify(merged?.untrusted_metadata ?? {}).length;
  if (total > 2 * MAX_METADATA_BYTES) throw new ApiError(400, 'invalid_metadata', `Metadata must be at most ${MAX_METADATA_BYTES} bytes each.`);
  return merged;
}

/**
 * Deletes a user and with it (by cascade) every session, token, factor and pending code:
 * no session of a deleted user authenticates again. False when there was no such user.
 */
export async function deleteUser(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM users WHERE user_id = $1 RETURNING user_id', [userId]);
  return rows.length > 0;
}

/** The factor tables a caller can remove one row of, by the id the SDK passes. */
const FACTORS = {
  email: { table: 'user_emails', id: 'email_id', notFound: 'email_not_found' },
  phone: { table: 'user_phones', id: 'phone_id', notFound: 'phone_number_not_found' },
  totp: { table: 'totps', id: 'totp_id', notFound: 'totp_not_found' },
  webauthn: { table: 'webauthn_registrations', id: 'webauthn_registration_id', notFound: 'webauthn_registration_not_found' },
  crypto_wallet: { table: 'crypto_wallets', id: 'crypto_wallet_id', notFound: 'crypto_wallet_not_found' },
  oauth: { table: 'oauth_accounts', id: 'oauth_user_registration_id', notFound: 'oauth_user_registration_not_found' },
} as const;
export type FactorKind = keyof typeof FACTORS | 'password';

/** Removes one factor by its id, whoever owns it; the owner's id and updated user. */
export function deleteFactor(db: Database, kind: FactorKind, id: string): Promise<{ userId: string; user: Record<string, unknown> | null }> {
  return withTx(db, (tx) => deleteFactorIn(tx, kind, id));
}

async function deleteFactorIn(tx: Queryable, kind: FactorKind, id: string): Promise<{ userId: string; user: Record<string, unknown> | null }> {
  let userId: string | undefined;
  if (kind === 'password') {
    const { rows } = await tx.query<{ user_id: string }>('UPDATE users SET password_hash = NULL, password_id = NULL, password_requires_reset = false WHERE password_id = $1 RETURNING user_id', [id]);
    userId = rows[0]?.user_id;
    if (!userId) throw new ApiError(404, 'password_not_found', 'Password could not be found.');
  } else {
    const f = FACTORS[kind];
    const { rows } = await tx.query<{ user_id: string }>(`DELETE FROM ${f.table} WHERE ${f.id} = $1 RETURNING user_id`, [id]);
    userId = rows[0]?.user_id;
    if (!userId) throw new ApiError(404, f.notFound, 'No such identifier.');
    if (kind === 'email' || kind === 'phone') await retireOtps(tx, id);
  }
  return { userId, user: await loadUser(tx, userId) };
}

/** Codes already sent to a removed email or phone must not sign anyone in afterwards. */
async function retireOtps(tx: Queryable, methodId: string): Promise<void> {
  await tx.query('UPDATE otps SET used_at = now() WHERE method_id = $1 AND used_at IS NULL', [methodId]);
}

/** What a signed-in user's removal answers when the factor is not theirs, in each kind's words. */
const NOT_THEIRS: Record<Exclude<FactorKind, 'password'>, [code: string, message: string]> = {
  email: ['email_not_found', 'No such identifier on this user.'],
  phone: ['phone_number_not_found', 'No such identifier on this user.'],
  totp: ['totp_not_found', 'No such identifier on this user.'],
  oauth: ['oauth_user_registration_not_found', 'No such OAuth account on this user.'],
  crypto_wallet: ['crypto_wallet_not_found', 'No such crypto wallet on this user.'],
  webauthn: ['webauthn_registration_not_found', 'WebAuthn registration could not be found.'],
};

/**
 * Removes one factor of the given user (the signed-in caller) and returns the user as it now
 * is; a factor of anyone else is not found.
 */
export async function removeOwnFactor(db: Database, userId: string, kind: Exclude<FactorKind, 'password'>, id: string): Promise<Record<string, unknown> | null> {
  const f = FACTORS[kind];
  return withTx(db, async (tx) => {
    const { rows } = await tx.query(`DELETE FROM ${f.table} WHERE ${f.id} = $1 AND user_id = $2 RETURNING ${f.id}`, [id, userId]);
    if (!rows[0]) throw new ApiError(404, ...NOT_THEIRS[kind]);
    if (kind === 'email' || kind === 'phone') await retireOtps(tx, id);
    return loadUser(tx, userId);
  });
}

/** `updateUser` in a transaction of its own: one change of name or metadata. */
export function changeUser(db: Database, userId: string, change: Parameters<typeof updateUser>[2]): Promise<Record<string, unknown> | null> {
  return withTx(db, (tx) => updateUser(tx, userId, change));
}

/** One search filter in the shape the SDK sends (a subset the schema admits). */
export type SearchFilter =
  | { filter_name: 'created_at_greater_than' | 'created_at_less_than'; filter_value: string }
  | { filter_name: 'created_at_between'; filter_value: { greater_than: string; less_than: string } }
  | { filter_name: 'status'; filter_value: string }
  | { filter_name: 'user_id' | 'email_address' | 'email_id' | 'phone_number' | 'phone_id'; filter_value: string[] }
  | { filter_name: 'email_verified' | 'phone_verified' | 'password_exists' | 'totp_verified'; filter_value: boolean }
  | { filter_name: 'email_address_fuzzy' | 'phone_number_fuzzy' | 'full_name_fuzzy'; filter_value: string };

export interface SearchQuery {
  operator: 'AND' | 'OR';
  operands: SearchFilter[];
}

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
function likeLiteral(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** One operand as SQL over `users u`, its values appended to `params`. */
function filterSql(f: SearchFilter, params: unknown[]): string {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const email = (cond: string) => `EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = u.user_id AND ${cond})`;
  const phone = (cond: string) => `EXISTS (SELECT 1 FROM user_phones ph WHERE ph.user_id = u.user_id AND ${cond})`;
  switch (f.filter_name) {
    case 'created_at_greater_than':
      return `u.created_at > ${p(new Date(f.filter_value))}`;
    case 'created_at_less_than':
      return `u.created_at < ${p(new Date(f.filter_value))}`;
    case 'created_at_between':
      return `(u.created_at > ${p(new Date(f.filter_value.greater_than))} AND u.created_at < ${p(new Date(f.filter_value.less_than))})`;
    case 'status':
      return `u.status = ${p(f.filter_value)}`;
    case 'user_id':
      return `u.user_id = ANY(${p(f.filter_value)}::text[])`;
    case 'email_address':
      return email(`e.email = ANY(${p(f.filter_value.map(normalizeEmail))}::text[])`);
    case 'email_id':
      return email(`e.email_id = ANY(${p(f.filter_value)}::text[])`);
    case 'email_verified':
      return email(`e.verified = ${p(f.filter_value)}`);
    case 'email_address_fuzzy':
      return email(`e.email ILIKE ${p(likeLiteral(f.filter_value))}`);
    case 'phone_number':
      return phone(`ph.phone_number = ANY(${p(f.filter_value)}::text[])`);
    case 'phone_id':
      return phone(`ph.phone_id = ANY(${p(f.filter_value)}::text[])`);
    case 'phone_verified':
      return phone(`ph.verified = ${p(f.filter_value)}`);
    case 'phone_number_fuzzy':
      return phone(`ph.phone_number ILIKE ${p(likeLiteral(f.filter_value))}`);
    case 'full_name_fuzzy':
      return `concat_ws(' ', u.first_name, u.middle_name, u.last_name) ILIKE ${p(likeLiteral(f.filter_value))}`;
    case 'password_exists':
      return `(u.password_hash IS NOT NULL) = ${p(f.filter_value)}`;
    case 'totp_verified':
      return `EXISTS (SELECT 1 FROM totps t WHERE t.user_id = u.user_id AND t.verified = ${p(f.filter_value)})`;
  }
}

function encodeCursor(row: UserRow): string {
  return Buffer.from(JSON.stringify([new Date(row.created_at).toISOString(), row.user_id])).toString('base64url');
}

function decodeCursor(cursor: string): [Date, string] {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return [date, id];
  } catch {
    throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this provider returned.');
  }
}

/**
 * Users matching the query, oldest first, `limit` at a time. The cursor is the last row's
 * (created_at, user_id), so pages stay stable while users are added or deleted.
 */
export async function searchUsers(
  db: Queryable,
  search: { query?: SearchQuery; cursor?: string; limit?: number },
): Promise<{ results: Array<Record<string, unknown>>; total: number; nextCursor: string | null }> {
  const params: unknown[] = [];
  const operands = search.query?.operands ?? [];
  const filter = operands.length === 0 ? 'TRUE' : `(${operands.map((f) => filterSql(f, params)).join(search.query!.operator === 'OR' ? ' OR ' : ' AND ')})`;
  const { rows: counted } = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM users u WHERE ${filter}`, params);
  const limit = search.limit ?? 100;
  const pageParams = [...params];
  let after = '';
  if (search.cursor !== undefined) {
    const [at, id] = decodeCursor(search.cursor);
    pageParams.push(at, id);
    after = ` AND (u.created_at, u.user_id) > ($${pageParams.length - 1}::timestamptz, $${pageParams.length}::text)`;
  }
  pageParams.push(limit + 1);
  const { rows } = await db.query<UserRow>(`${USER_ROW_SQL} WHERE ${filter}${after} ORDER BY u.created_at, u.user_id LIMIT $${pageParams.length}`, pageParams);
  const page = rows.slice(0, limit);
  return {
    results: page.map(userShape),
    total: Number(counted[0]?.total ?? 0),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}
