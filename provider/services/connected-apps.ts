import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId, safeEqual, secretToken, sha256 } from './ids.ts';
import { withTx } from './tx.ts';

/*
 * Connected apps' clients (`/v1/connected_apps/clients`): the apps that sign users in through
 * this provider as their OAuth 2.1 / OpenID Connect server. A confidential client's secret is
 * shown once, when made, and kept only as its SHA-256 hash (it is a 256-bit random value, so
 * no slow hash is needed) with its last four characters.
 */

export const CLIENT_TYPES = ['first_party', 'first_party_public', 'third_party', 'third_party_public'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Public clients (native apps, single-page apps, agents) hold no secret and must use PKCE. */
export function isPublicClient(type: string): boolean {
  return type === 'first_party_public' || type === 'third_party_public';
}

/** First-party clients are the site's own apps: they are never asked for consent. */
export function isFirstParty(type: string): boolean {
  return type === 'first_party' || type === 'first_party_public';
}

export interface ClientRow {
  client_id: string;
  client_type: ClientType;
  client_name: string;
  client_description: string;
  redirect_urls: string[];
  post_logout_redirect_urls: string[];
  full_access_allowed: boolean;
  access_token_expiry_minutes: number;
  access_token_custom_audience: string;
  access_token_template_content: string;
  id_token_template_content: string;
  logo_url: string;
  bypass_consent_for_offline_access: boolean;
  creation_method: string;
  secret_hash: string | null;
  secret_last_four: string | null;
  next_secret_hash: string | null;
  next_secret_last_four: string | null;
  created_at: Date;
}

/** What a client may be given or changed to; every field but the type may change later. */
export interface ClientFields {
  client_name?: string;
  client_description?: string;
  redirect_urls?: string[];
  post_logout_redirect_urls?: string[];
  full_access_allowed?: boolean;
  access_token_expiry_minutes?: number;
  access_token_custom_audience?: string;
  logo_url?: string;
  bypass_consent_for_offline_access?: boolean;
}

/** The official `ConnectedApp` shape: never a secret or its hash. */
export function clientShape(row: ClientRow): Record<string, unknown> {
  return {
    client_id: row.client_id,
    client_name: row.client_name,
    client_description: row.client_description,
    status: 'active',
    full_access_allowed: row.full_access_allowed,
    client_type: row.client_type,
    redirect_urls: row.redirect_urls,
    access_token_expiry_minutes: row.access_token_expiry_minutes,
    access_token_template_content: row.access_token_template_content,
    post_logout_redirect_urls: row.post_logout_redirect_urls,
    bypass_consent_for_offline_access: row.bypass_consent_for_offline_access,
    creation_method: row.creation_method,
    id_token_template_content: row.id_token_template_content,
    ...(row.secret_last_four ? { client_secret_last_four: row.secret_last_four } : {}),
    ...(row.next_secret_last_four ? { next_client_secret_last_four: row.next_secret_last_four } : {}),
    ...(row.access_token_custom_audience ? { access_token_custom_audience: row.access_token_custom_audience } : {}),
    ...(row.logo_url ? { logo_url: row.logo_url } : {}),
    // A client described by its metadata document (services/cimd.ts) is named by that document's URL.
    ...(row.creation_method === 'CLIENT_ID_METADATA_DOCUMENT' ? { client_id_metadata_url: row.client_id } : {}),
  };
}

/** The `ConnectedAppPublic` shape the consent screen shows. */
export function publicClientShape(row: ClientRow): Record<string, unknown> {
  return {
    client_id: row.client_id,
    client_type: row.client_type,
    client_name: row.client_name,
    client_description: row.client_description,
    ...(row.logo_url ? { client_logo_url: row.logo_url } : {}),
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/** Whether `url` is an http URL on a loopback address (RFC 8252 §7.3): its port is the client's to pick. */
export function isLoopbackRedirect(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * A redirect URL a client may register: https; http only on a loopback address or localhost
 * (development and native apps); or a private-use scheme with a dot, as native apps use
 * (RFC 8252 §7.1). Never a fragment, never userinfo, never a script or data URL.
 */
export function checkRedirectUrl(field: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(400, 'invalid_redirect_url', `${field}: ${JSON.stringify(raw.slice(0, 200))} is not a URL.`);
  }
  const privateScheme = /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol);
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname === 'localhost')) || privateScheme;
  if (!ok) throw new ApiError(400, 'invalid_redirect_url', `${field}: ${raw} must be https, http on a loopback address, or an app's own scheme (reverse domain name).`);
  if (url.hash !== '' || raw.includes('#')) throw new ApiError(400, 'invalid_redirect_url', `${field}: ${raw} must not have a fragment.`);
  if (url.username !== '' || url.password !== '') throw new ApiError(400, 'invalid_redirect_url', `${field}: ${raw} must not carry a user name or password.`);
  return raw;
}

function checkFields(f: ClientFields): void {
  f.redirect_urls?.forEach((u) => checkRedirectUrl('redirect_urls', u));
  f.post_logout_redirect_urls?.forEach((u) => checkRedirectUrl('post_logout_redirect_urls', u));
  if (f.logo_url !== undefined && f.logo_url !== '' && !/^https:\/\/[^\s]+$/.test(f.logo_url)) {
    throw new ApiError(400, 'invalid_logo_url', 'logo_url must be an https URL.');
  }
}

function lastFour(secret: string): string {
  return secret.slice(-4);
}

/** A client secret: 256 random bits, shown once. */
function newClientSecret(): string {
  return `secret-${secretToken(32)}`;
}

/** Creates a client in a transaction of its own; a confidential one's secret is in the answer and nowhere else. */
export function createClient(db: Database, ...args: DropFirst<Parameters<typeof insertClient>>): ReturnType<typeof insertClient> {
  return withTx(db, (tx) => insertClient(tx, ...args));
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/** Creates a client inside the caller's transaction. */
async function insertClient(
  tx: Queryable,
  env: 'test' | 'live',
  now: Date,
  type: ClientType,
  f: ClientFields,
  defaults: { accessTokenMinutes: number },
  creationMethod = 'API',
): Promise<{ row: ClientRow; secret: string | null }> {
  checkFields(f);
  const secret = isPublicClient(type) ? null : newClientSecret();
  const { rows } = await tx.query<ClientRow>(
    `INSERT INTO connected_apps (client_id, client_type, client_name, client_description, redirect_urls, post_logout_redirect_urls, full_access_allowed,
       access_token_expiry_minutes, access_token_custom_audience, logo_url, bypass_consent_for_offline_access, secret_hash, secret_last_four, created_at, creation_method)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
    [
      newId('connected-app', env),
      type,
      f.client_name ?? '',
      f.client_description ?? '',
      JSON.stringify(f.redirect_urls ?? []),
      JSON.stringify(f.post_logout_redirect_urls ?? []),
      f.full_access_allowed ?? false,
      f.access_token_expiry_minutes ?? defaults.accessTokenMinutes,
      f.access_token_custom_audience ?? '',
      f.logo_url ?? '',
      f.bypass_consent_for_offline_access ?? false,
      secret === null ? null : sha256(secret),
      secret === null ? null : lastFour(secret),
      now,
      creationMethod,
    ],
  );
  return { row: rows[0]!, secret };
}

const notFound = () => new ApiError(404, 'connected_app_not_found', 'No connected app has this client_id.');

/**
 * ClientRow's columns, named rather than `*` in the prepared lookup: a cached plan whose result
 * columns changed (a migration adding one while a process runs) would fail instead of answering.
 */
const CLIENT_COLUMNS = `client_id, client_type, client_name, client_description, redirect_urls, post_logout_redirect_urls, full_access_allowed,
  access_token_expiry_minutes, access_token_custom_audience, access_token_template_content, id_token_template_content, logo_url,
  bypass_consent_for_offline_access, creation_method, secret_hash, secret_last_four, next_secret_hash, next_secret_last_four, created_at`;

/** A client by id; prepared, as every token, introspection and revocation request looks its client up. */
export async function findClient(db: Queryable, clientId: string): Promise<ClientRow | null> {
  const { rows } = await db.query<ClientRow>(`SELECT ${CLIENT_COLUMNS} FROM connected_apps WHERE client_id = $1`, [clientId], 'connected_app_find');
  return rows[0] ?? null;
}

export async function getClient(db: Queryable, clientId: string): Promise<ClientRow> {
  const row = await findClient(db, clientId);
  if (!row) throw notFound();
  return row;
}

const UPDATABLE = [
  'client_name',
  'client_description',
  'redirect_urls',
  'post_logout_redirect_urls',
  'full_access_allowed',
  'access_token_expiry_minutes',
  'access_token_custom_audience',
  'logo_url',
  'bypass_consent_for_offline_access',
] as const;

/** Changes the fields given; the others keep their values. */
export async function updateClient(db: Database, clientId: string, f: ClientFields): Promise<ClientRow> {
  return withTx(db, async (tx) => {
    checkFields(f);
    const sets: string[] = [];
    const values: unknown[] = [clientId];
    for (const key of UPDATABLE) {
      const value = f[key];
      if (value === undefined) continue;
      values.push(Array.isArray(value) ? JSON.stringify(value) : value);
      sets.push(`${key} = $${values.length}`);
    }
    const { rows } = sets.length
      ? await tx.query<ClientRow>(`UPDATE connected_apps SET ${sets.join(', ')} WHERE client_id = $1 RETURNING *`, values)
      : await tx.query<ClientRow>('SELECT * FROM connected_apps WHERE client_id = $1', [clientId]);
    if (!rows[0]) throw notFound();
    return rows[0];
  });
}

/** Deletes a client with its grants, codes and tokens (their rows cascade). */
export async function deleteClient(db: Queryable, clientId: string): Promise<void> {
  const { rows } = await db.query('DELETE FROM connected_apps WHERE client_id = $1 RETURNING client_id', [clientId]);
  if (!rows[0]) throw notFound();
}

/** A page of clients, oldest first; the cursor is the last one's place. */
export async function searchClients(db: Queryable, p: { limit: number; cursor?: string }): Promise<{ rows: ClientRow[]; total: number; nextCursor: string | null }> {
  let after: [string, string] | null = null;
  if (p.cursor !== undefined && p.cursor !== '') {
    const parts = Buffer.from(p.cursor, 'base64url').toString('utf8').split('\n');
    if (parts.length !== 2 || Number.isNaN(Date.parse(parts[0]!))) throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this search returned.');
    after = [parts[0]!, parts[1]!];
  }
  const { rows } = await db.query<ClientRow & { total: number }>(
    `SELECT *, (SELECT count(*)::integer FROM connected_apps) AS total FROM connected_apps
     WHERE $1::timestamptz IS NULL OR (created_at, client_id) > ($1::timestamptz, $2::text)
     ORDER BY created_at, client_id LIMIT $3`,
    [after?.[0] ?? null, after?.[1] ?? null, p.limit + 1],
  );
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > p.limit && last ? Buffer.from(`${new Date(last.created_at).toISOString()}\n${last.client_id}`).toString('base64url') : null;
  const total = rows[0]?.total ?? (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM connected_apps')).rows[0]!.n;
  return { rows: page, total, nextCursor };
}

function requireConfidential(row: ClientRow): void {
  if (isPublicClient(row.client_type)) throw new ApiError(400, 'client_has_no_secret', 'A public client has no secret to rotate.');
}

/** Starts a rotation: a next secret, shown once, that works beside the current one until the rotation ends. */
export async function startSecretRotation(db: Database, clientId: string): Promise<{ row: ClientRow; nextSecret: string }> {
  return withTx(db, async (tx) => {
    const row = await lockClient(tx, clientId);
    requireConfidential(row);
    if (row.next_secret_hash !== null) throw new ApiError(400, 'secret_rotation_in_progress', 'A secret rotation is already in progress: rotate or cancel it first.');
    const nextSecret = newClientSecret();
    const { rows } = await tx.query<ClientRow>('UPDATE connected_apps SET next_secret_hash = $2, next_secret_last_four = $3 WHERE client_id = $1 RETURNING *', [
      clientId,
      sha256(nextSecret),
      lastFour(nextSecret),
    ]);
    return { row: rows[0]!, nextSecret };
  });
}

/** Ends a rotation: the next secret becomes the only one (`complete`) or is dropped (cancel). */
export async function finishSecretRotation(db: Database, clientId: string, complete: boolean): Promise<ClientRow> {
  return withTx(db, async (tx) => {
    const row = await lockClient(tx, clientId);
    requireConfidential(row);
    if (row.next_secret_hash === null) throw new ApiError(400, 'no_secret_rotation', 'No secret rotation is in progress: start one first.');
    const sql = complete
      ? 'UPDATE connected_apps SET secret_hash = next_secret_hash, secret_last_four = next_secret_last_four, next_secret_hash = NULL, next_secret_last_four = NULL WHERE client_id = $1 RETURNING *'
      : 'UPDATE connected_apps SET next_secret_hash = NULL, next_secret_last_four = NULL WHERE client_id = $1 RETURNING *';
    const { rows } = await tx.query<ClientRow>(sql, [clientId]);
    return rows[0]!;
  });
}

async function lockClient(tx: Queryable, clientId: string): Promise<ClientRow> {
  const { rows } = await tx.query<ClientRow>('SELECT * FROM connected_apps WHERE client_id = $1 FOR UPDATE', [clientId]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Whether `secret` is the client's secret or, during a rotation, its next one; compared by hash in constant time. */
export function secretMatches(row: ClientRow, secret: string): boolean {
  const h = sha256(secret);
  // Both comparisons always run, so the answer's time says nothing about which one matched.
  const current = row.secret_hash !== null && safeEqual(h, row.secret_hash);
  const next = row.next_secret_hash !== null && safeEqual(h, row.next_secret_hash);
  return current || next;
}

/** Whose connected apps: a user's (B2C) or a member's (B2B); their grants live in tables of their own. */
export type Holder = { userId: string } | { memberId: string };

function holderOf(h: Holder): { column: 'user_id' | 'member_id'; grants: string; id: string } {
  return 'memberId' in h ? { column: 'member_id', grants: 'connected_app_member_grants', id: h.memberId } : { column: 'user_id', grants: 'connected_app_grants', id: h.userId };
}

/**
 * The apps a user (or member) has connected: those they granted consent to, and those
 * (first-party ones included) holding an authorization still in force; in the official
 * `UserConnectedApp` (`MemberConnectedApp`) shape.
 */
export async function connectedAppsOf(db: Queryable, holder: Holder, now: Date): Promise<Array<Record<string, unknown>>> {
  const h = holderOf(holder);
  const { rows } = await db.query<ClientRow & { scopes_granted: string | null }>(
    `WITH live AS (SELECT client_id, scopes FROM idp_authorizations WHERE ${h.column} = $1 AND revoked_at IS NULL AND expires_at > $2)
     SELECT c.*, COALESCE(g.scopes, (SELECT string_agg(DISTINCT s, ' ' ORDER BY s) FROM live, unnest(string_to_array(live.scopes, ' ')) AS s WHERE live.client_id = c.client_id AND s <> '')) AS scopes_granted
     FROM connected_apps c LEFT JOIN ${h.grants} g ON g.client_id = c.client_id AND g.${h.column} = $1
     WHERE g.${h.column} IS NOT NULL OR c.client_id IN (SELECT client_id FROM live)
     ORDER BY c.client_name, c.client_id`,
    [h.id, now],
  );
  return rows.map((r) => ({
    connected_app_id: r.client_id,
    name: r.client_name,
    description: r.client_description,
    client_type: r.client_type,
    scopes_granted: r.scopes_granted ?? '',
    ...(r.logo_url ? { logo_url: r.logo_url } : {}),
  }));
}

/** Ends a user's (member's) connection to an app: its consent is forgotten and every token it holds for them is revoked. */
export async function revokeConnectedApp(db: Database, holder: Holder, clientId: string, now: Date): Promise<void> {
  const h = holderOf(holder);
  return withTx(db, async (tx) => {
    if (!(await findClient(tx, clientId))) throw notFound();
    await tx.query(`DELETE FROM ${h.grants} WHERE ${h.column} = $1 AND client_id = $2`, [h.id, clientId]);
    await tx.query(`UPDATE idp_authorizations SET revoked_at = $3 WHERE ${h.column} = $1 AND client_id = $2 AND revoked_at IS NULL`, [h.id, clientId, now]);
  });
}
