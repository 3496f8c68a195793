import type { JWTPayload } from 'jose';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { findClient, isPublicClient, secretMatches, type ClientRow } from './connected-apps.ts';
import { newId, secretToken, sha256 } from './ids.ts';
import { verifierMatches } from './single-use-tokens.ts';
import { ORGANIZATION_CLAIM, SESSION_CLAIM } from './session-family.ts';
import { withTx } from './tx.ts';
import { USER_CLAIMS_SQL, type UserClaimsRow } from './users.ts';

/*
 * The token side of the provider as an OAuth 2.1 / OpenID Connect server: the code exchange,
 * refresh, introspection, revocation and userinfo. An authorization is one code exchange's
 * family: its access tokens (JWTs, `jti` = `<authorization id>.<random>`) and refresh tokens
 * all end when it is revoked, when the browser session that made it is revoked, or when its
 * user or client is deleted (the rows cascade).
 */

/** An OAuth error (RFC 6749 §5.2): the provider's error shape, with `error` and `error_description` beside it. */
export function oauthError(status: 400 | 401 | 403, error: string, description: string, headers: Record<string, string> = {}): ApiError {
  return new ApiError(status, error, description, headers, { error, error_description: description });
}

const invalidGrant = (why: string) => oauthError(400, 'invalid_grant', why);

/** The credentials a token, introspection or revocation request came with (RFC 6749 §2.3.1). */
export interface ClientCredentials {
  /** The Basic header's id and secret, already split; null when there was none. */
  basic: [string, string] | null;
  client_id?: string;
  client_secret?: string;
}

/** A Basic credential's half, form-decoded as RFC 6749 §2.3.1 asks; null when it is not valid. */
function formDecoded(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The client a request authenticates as: a confidential one by its secret (Basic or in the
 * body, never both), a public one by its id alone. Every failure is `invalid_client` (401),
 * with a Basic challenge when Basic was tried.
 */
export async function authenticateClient(db: Queryable, creds: ClientCredentials): Promise<ClientRow> {
  const challenge: Record<string, string> = creds.basic ? { 'WWW-Authenticate': 'Basic realm="oauth2"' } : {};
  const fail = (why: string) => oauthError(401, 'invalid_client', why, challenge);
  if (creds.basic && creds.client_secret !== undefined) throw oauthError(400, 'invalid_request', 'Send the client secret one way: Basic auth or client_secret, not both.');
  const basicId = creds.basic ? formDecoded(creds.basic[0]) : null;
  const basicSecret = creds.basic ? formDecoded(creds.basic[1]) : null;
  if (creds.basic && (basicId === null || basicSecret === null)) throw fail('The Basic credentials are not form-encoded correctly.');
  if (basicId !== null && creds.client_id !== undefined && creds.client_id !== basicId) throw fail('client_id differs from the Basic credentials.');
  const clientId = basicId ?? creds.client_id;
  if (!clientId) throw fail("Client authentication failed: send client_id (and a confidential client's secret).");
  const client = await findClient(db, clientId);
  if (!client) throw fail('Client authentication failed: no connected app has this client_id.');
  const secret = basicSecret ?? creds.client_secret ?? '';
  if (isPublicClient(client.client_type)) {
    if (secret !== '') throw fail('A public client has no secret: send client_id alone.');
    return client;
  }
  if (secret === '' || !secretMatches(client, secret)) throw fail('Client authentication failed: the client secret is missing or wrong.');
  return client;
}

/** A verifier of RFC 7636's alphabet and length (§4.1) that answers the code's S256 challenge. */
function codeVerifierMatches(verifier: string, challenge: string): boolean {
  return /^[A-Za-z0-9._~-]{43,128}$/.test(verifier) && verifierMatches(verifier, challenge);
}

interface AuthorizationRow {
  authorization_id: string;
  client_id: string;
  /** A user's grant names the user; a member's names the member (one of the two, never both). */
  user_id: string | null;
  member_id: string | null;
  session_id: string | null;
  member_session_id: string | null;
  scopes: string;
  resources: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** An authorization still in force: not revoked or expired, and its session (a user's or a member's, if any) not revoked. */
const LIVE = `a.revoked_at IS NULL AND a.expires_at > $2
  AND (a.session_id IS NULL OR NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = a.session_id AND s.revoked_at IS NOT NULL))
  AND (a.member_session_id IS NULL OR NOT EXISTS (SELECT 1 FROM b2b_member_sessions m WHERE m.member_session_id = a.member_session_id AND m.revoked_at IS NOT NULL))`;

/** AuthorizationRow's columns (of the alias `a.` when given), named rather than `*` in prepared statements (see CLIENT_COLUMNS in connected-apps.ts). */
const authorizationColumns = (alias = '') =>
  ['authorization_id', 'client_id', 'user_id', 'member_id', 'session_id', 'member_session_id', 'scopes', 'resources', 'created_at', 'expires_at', 'revoked_at'].map((c) => alias + c).join(', ');

/** Prepared: every introspection and refresh reads one. */
async function liveAuthorization(db: Queryable, id: string, now: Date): Promise<AuthorizationRow | null> {
  const { rows } = await db.query<AuthorizationRow>(`SELECT ${authorizationColumns('a.')} FROM idp_authorizations a WHERE a.authorization_id = $1 AND ${LIVE}`, [id, now], 'idp_authorization_live');
  return rows[0] ?? null;
}

async function revokeAuthorization(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE idp_authorizations SET revoked_at = $2 WHERE authorization_id = $1 AND revoked_at IS NULL', [id, now]);
}

/** The OpenID Connect claims of `scopes` (profile, email, phone) for a user. */
function userClaims(user: UserClaimsRow, scopes: Set<string>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.has('profile')) {
    const name = [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ');
    if (name) claims.name = name;
    if (user.first_name) claims.given_name = user.first_name;
    if (user.middle_name) claims.middle_name = user.middle_name;
    if (user.last_name) claims.family_name = user.last_name;
  }
  if (scopes.has('email')) {
    const email = user.emails.find((e) => e.verified) ?? user.emails[0];
    if (email) Object.assign(claims, { email: email.email, email_verified: email.verified });
  }
  if (scopes.has('phone')) {
    const phone = user.phones.find((p) => p.verified) ?? user.phones[0];
    if (phone) Object.assign(claims, { phone_number: phone.phone_number, phone_number_verified: phone.verified });
  }
  return claims;
}

async function loadUserClaims(db: Queryable, userId: string): Promise<UserClaimsRow | null> {
  const { rows } = await db.query<UserClaimsRow>(`${USER_CLAIMS_SQL} WHERE u.user_id = $1`, [userId], 'idp_user_claims');
  return rows[0] ?? null;
}

/** A select-list item reading the claims of the user of row `alias` as JSON (`user_claims`; null for a member's row). */
const userClaimsColumn = (alias: string) => `(SELECT row_to_json(x) FROM (${USER_CLAIMS_SQL} WHERE u.user_id = ${alias}.user_id) x) AS user_claims`;

/** A member's OpenID Connect claims (profile: name; email: the member's address). */
/** What the claims of a member need (the B2B services build on these, never the reverse). */
interface MemberClaimsRow {
  name: string;
  email_address: string;
  email_address_verified: boolean;
  organization_id: string;
  organization_slug: string;
}

function memberClaims(member: MemberClaimsRow, scopes: Set<string>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.has('profile') && member.name) claims.name = member.name;
  if (scopes.has('email')) Object.assign(claims, { email: member.email_address, email_verified: member.email_address_verified });
  return claims;
}

/** The member of a grant with its organization's claim (the official Node SDK's B2B introspection reads it), or null when gone. */
async function loadMemberOf(db: Queryable, memberId: string): Promise<{ member: MemberClaimsRow; organization: { organization_id: string; slug: string } } | null> {
  const { rows } = await db.query<MemberClaimsRow>(
    `SELECT m.name, m.email_address, m.email_address_verified, m.organization_id, o.organization_slug
     FROM b2b_members m JOIN b2b_organizations o USING (organization_id) WHERE m.member_id = $1`,
    [memberId],
  );
  const row = rows[0];
  return row ? { member: row, organization: { organization_id: row.organization_id, slug: row.organization_slug } } : null;
}

/** The subject of a grant (its `sub`) with its claims for `scopes`, and, for a member, the organization claim. */
async function subjectClaims(
  db: Queryable,
  auth: Pick<AuthorizationRow, 'user_id' | 'member_id'> & { user_claims?: UserClaimsRow | null },
  scopes: Set<string>,
): Promise<{ sub: string; claims: Record<string, unknown>; org?: Record<string, unknown> } | null> {
  if (auth.member_id !== null) {
    const found = await loadMemberOf(db, auth.member_id);
    return found && { sub: auth.member_id, claims: memberClaims(found.member, scopes), org: { [ORGANIZATION_CLAIM]: found.organization } };
  }
  // A statement that already read the user (userClaimsColumn) saves a round trip.
  const user = auth.user_claims !== undefined ? auth.user_claims : await loadUserClaims(db, auth.user_id!);
  return user && { sub: user.user_id, claims: userClaims(user, scopes) };
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

/** The access token's audiences: the project (what the Node SDK checks), each resource (RFC 8707), the client's custom audience. */
function audiences(ctx: ProviderContext, client: ClientRow, resources: string[]): string[] {
  return [...new Set([ctx.config.projectId, ...resources, ...(client.access_token_custom_audience ? [client.access_token_custom_audience] : [])])];
}

async function issueTokens(
  ctx: ProviderContext,
  tx: Queryable,
  o: { client: ClientRow; auth: AuthorizationRow & { user_claims?: UserClaimsRow | null }; issuer: string; scopes: string[]; nonce?: string | null; authTime?: Date; refreshToken?: string },
): Promise<TokenAnswer> {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const lifetime = o.client.access_token_expiry_minutes * 60;
  const scope = o.scopes.join(' ');
  const subject = await subjectClaims(tx, o.auth, new Set(o.scopes));
  if (!subject) throw invalidGrant('The user or member of this grant no longer exists.');
  const accessPayload: JWTPayload = {
    ...subject.org,
    iss: o.issuer,
    sub: subject.sub,
    aud: audiences(ctx, o.client, o.auth.resources),
    iat: now,
    nbf: now,
    exp: now + lifetime,
    jti: `${o.auth.authorization_id}.${secretToken(9)}`,
    scope,
    client_id: o.client.client_id,
  };
  const answer: TokenAnswer = { access_token: await ctx.keys.signPayload(tx, accessPayload), token_type: 'Bearer', expires_in: lifetime, scope };
  if (o.scopes.includes('openid')) {
    answer.id_token = await ctx.keys.signPayload(tx, {
      ...subject.org,
      iss: o.issuer,
      sub: subject.sub,
      aud: o.client.client_id,
      iat: now,
      exp: now + lifetime,
      ...(o.authTime ? { auth_time: Math.floor(o.authTime.getTime() / 1000) } : {}),
      ...(o.nonce ? { nonce: o.nonce } : {}),
      ...subject.claims,
    });
  }
  if (o.refreshToken !== undefined) answer.refresh_token = o.refreshToken;
  return answer;
}

async function newRefreshToken(tx: Queryable, authorizationId: string, now: Date): Promise<string> {
  const token = secretToken(32);
  await tx.query('INSERT INTO idp_refresh_tokens (token_hash, authorization_id, created_at) VALUES ($1, $2, $3)', [sha256(token), authorizationId, now]);
  return token;
}

interface CodeRow {
  client_id: string;
  user_id: string | null;
  member_id: string | null;
  session_id: string | null;
  member_session_id: string | null;
  redirect_uri: string;
  scopes: string;
  resources: string[];
  code_challenge: string | null;
  nonce: string | null;
  auth_time: Date;
  expires_at: Date;
  used_at: Date | null;
  authorization_id: string | null;
}

/** CodeRow's columns of `c`, named rather than `*` in the prepared statement (see authorizationColumns). */
const CODE_COLUMNS =
  'c.client_id, c.user_id, c.member_id, c.session_id, c.member_session_id, c.redirect_uri, c.scopes, c.resources, c.code_challenge, c.nonce, c.auth_time, c.expires_at, c.used_at, c.authorization_id';

/**
 * Exchanges an authorization code (RFC 6749 §4.1.3, PKCE per RFC 7636): once, under the
 * code's row lock, so of any number of racing exchanges exactly one wins. A code presented
 * again revokes what its exchange issued (§4.1.2); that revocation commits, then the
 * request is refused.
 */
export async function exchangeCode(
  ctx: ProviderContext,
  client: ClientRow,
  p: { code: string; redirect_uri?: string; code_verifier?: string; resources: string[] },
  issuer: string,
): Promise<TokenAnswer> {
  const codeHash = sha256(p.code);
  const outcome = await withTx(ctx.db, async (tx): Promise<{ replayed: true } | { answer: TokenAnswer }> => {
    const now = ctx.clock.now();
    const { rows } = await tx.query<CodeRow & { session_ended: boolean; user_claims: UserClaimsRow | null }>(
      `SELECT ${CODE_COLUMNS}, ${userClaimsColumn('c')},
         EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = c.session_id AND s.revoked_at IS NOT NULL)
         OR EXISTS (SELECT 1 FROM b2b_member_sessions m WHERE m.member_session_id = c.member_session_id AND m.revoked_at IS NOT NULL) AS session_ended
       FROM idp_codes c WHERE c.code_hash = $1 FOR UPDATE OF c`,
      [codeHash],
      'idp_code_lock',
    );
    const row = rows[0];
    if (!row || row.client_id !== client.client_id) throw invalidGrant('The authorization code is not valid.');
    if (row.used_at !== null) {
      if (row.authorization_id !== null) await revokeAuthorization(tx, row.authorization_id, now);
      return { replayed: true };
    }
    if (new Date(row.expires_at) <= now) throw invalidGrant('The authorization code has expired.');
    if (p.redirect_uri !== undefined && p.redirect_uri !== row.redirect_uri) throw invalidGrant("redirect_uri differs from the authorization request's.");
    if (row.code_challenge !== null) {
      if (p.code_verifier === undefined) throw invalidGrant('This code was requested with PKCE: code_verifier is required.');
      if (!codeVerifierMatches(p.code_verifier, row.code_challenge)) throw invalidGrant('The code_verifier does not match the code_challenge.');
    } else if (p.code_verifier !== undefined) {
      throw invalidGrant('A code_verifier was sent but the code was requested without PKCE.');
    }
    // RFC 8707 §2.2: a token request may narrow the resources, never add one.
    const resources = p.resources.length ? p.resources : row.resources;
    if (resources.some((r) => !row.resources.includes(r))) throw oauthError(400, 'invalid_target', 'resource names a resource the authorization request did not.');
    if (row.session_ended) throw invalidGrant('The session that granted this code has ended.');
    const scopes = row.scopes.split(' ').filter(Boolean);
    const offline = scopes.includes('offline_access');
    const lifetimeMs = offline ? ctx.config.connectedApps.refreshTokenDays * 86_400_000 : client.access_token_expiry_minutes * 60_000;
    const refreshToken = offline ? secretToken(32) : undefined;
    // The authorization, the code spent on it and its refresh token (when offline) in one
    // statement: one round trip under the code's lock instead of three.
    const { rows: made } = await tx.query<AuthorizationRow>(
      `WITH a AS (
         INSERT INTO idp_authorizations (authorization_id, client_id, user_id, member_id, session_id, member_session_id, scopes, resources, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${authorizationColumns()}
       ), spent AS (
         UPDATE idp_codes SET used_at = $9, authorization_id = (SELECT authorization_id FROM a) WHERE code_hash = $11
       ), refresh AS (
         INSERT INTO idp_refresh_tokens (token_hash, authorization_id, created_at) SELECT $12, authorization_id, $9 FROM a WHERE $12::text IS NOT NULL
       )
       SELECT * FROM a`,
      [
        newId('authorization', ctx.env),
        client.client_id,
        row.user_id,
        row.member_id,
        row.session_id,
        row.member_session_id,
        row.scopes,
        JSON.stringify(resources),
        now,
        new Date(now.getTime() + lifetimeMs),
        codeHash,
        refreshToken === undefined ? null : sha256(refreshToken),
      ],
      'idp_code_spend',
    );
    const auth = { ...made[0]!, user_claims: row.user_claims };
    return { answer: await issueTokens(ctx, tx, { client, auth, issuer, scopes, nonce: row.nonce, authTime: new Date(row.auth_time), refreshToken }) };
  });
  if ('replayed' in outcome) throw invalidGrant('The authorization code has already been used; the tokens it gave are revoked.');
  return outcome.answer;
}

/** The scopes a refresh asks for: all that were granted, or fewer (`scope`), never more. */
function refreshScopes(auth: AuthorizationRow, scope: string | undefined): string[] {
  const granted = auth.scopes.split(' ').filter(Boolean);
  if (scope === undefined) return granted;
  const asked = [...new Set(scope.split(' ').filter(Boolean))];
  if (asked.some((s) => !granted.includes(s))) throw oauthError(400, 'invalid_scope', 'scope may only narrow what was granted.');
  return asked;
}

/**
 * The refresh grant (RFC 6749 §6). A public client's refresh token is rotated: each is good
 * once, and one presented again (a copy in an attacker's hands, or the client's own after
 * the attacker's use) revokes the whole authorization. Within `refreshReuseSeconds` of its
 * first use it still refreshes: a client that refreshes from two tabs or threads at once (or
 * lost the answer) must not lose its grant for it. A confidential client, which proves its
 * secret on every refresh, keeps its token: its refresh only reads (one statement, no
 * transaction or lock), as nothing of it changes.
 */
export async function refreshTokens(ctx: ProviderContext, client: ClientRow, p: { refresh_token: string; scope?: string }, issuer: string): Promise<TokenAnswer> {
  if (!isPublicClient(client.client_type)) {
    const now = ctx.clock.now();
    const { rows } = await ctx.db.query<AuthorizationRow & { used_at: Date | null; live: boolean; user_claims: UserClaimsRow | null }>(
      `SELECT t.used_at, (${LIVE}) AS live, ${authorizationColumns('a.')}, ${userClaimsColumn('a')}
       FROM idp_refresh_tokens t JOIN idp_authorizations a USING (authorization_id) WHERE t.token_hash = $1`,
      [sha256(p.refresh_token), now],
      'idp_refresh_read',
    );
    const row = rows[0];
    if (!row || row.client_id !== client.client_id) throw invalidGrant('The refresh token is not valid.');
    // Spent while the client was public: the rotation's rules below decide, under the lock.
    if (row.used_at === null) {
      if (!row.live) throw invalidGrant('The refresh token has expired or been revoked.');
      return issueTokens(ctx, ctx.db, { client, auth: row, issuer, scopes: refreshScopes(row, p.scope) });
    }
  }
  const outcome = await withTx(ctx.db, async (tx): Promise<{ replayed: true } | { answer: TokenAnswer }> => {
    const now = ctx.clock.now();
    const { rows } = await tx.query<{ authorization_id: string; used_at: Date | null; client_id: string }>(
      `SELECT t.authorization_id, t.used_at, a.client_id FROM idp_refresh_tokens t JOIN idp_authorizations a USING (authorization_id)
       WHERE t.token_hash = $1 FOR UPDATE OF t, a`,
      [sha256(p.refresh_token)],
    );
    const row = rows[0];
    if (!row || row.client_id !== client.client_id) throw invalidGrant('The refresh token is not valid.');
    if (row.used_at !== null && now.getTime() - new Date(row.used_at).getTime() >= ctx.config.connectedApps.refreshReuseSeconds * 1000) {
      await revokeAuthorization(tx, row.authorization_id, now);
      return { replayed: true };
    }
    const auth = await liveAuthorization(tx, row.authorization_id, now);
    if (!auth) throw invalidGrant('The refresh token has expired or been revoked.');
    const scopes = refreshScopes(auth, p.scope);
    let refreshToken: string | undefined;
    if (isPublicClient(client.client_type)) {
      // The first use starts the reuse window; a use within it keeps that start.
      await tx.query('UPDATE idp_refresh_tokens SET used_at = COALESCE(used_at, $2) WHERE token_hash = $1', [sha256(p.refresh_token), now]);
      refreshToken = await newRefreshToken(tx, auth.authorization_id, now);
    }
    return { answer: await issueTokens(ctx, tx, { client, auth, issuer, scopes, refreshToken }) };
  });
  if ('replayed' in outcome) throw invalidGrant('The refresh token has already been used; every token of its grant is revoked.');
  return outcome.answer;
}

/** What a token is, when this provider issued it to a client and it is still in force. */
type TokenInfo = { kind: 'access_token'; payload: JWTPayload; auth: AuthorizationRow } | { kind: 'refresh_token'; auth: AuthorizationRow; createdAt: Date };

function authorizationIdOf(payload: JWTPayload): string | null {
  const jti = typeof payload.jti === 'string' ? payload.jti : '';
  const dot = jti.lastIndexOf('.');
  return dot > 0 ? jti.slice(0, dot) : null;
}

/**
 * Whether verified claims are an access token's: a session JWT is signed by the same keys for
 * the same audience, so the kind is told by the claims (an access token has `scope` and
 * `client_id`; a session JWT has the session claim, which no access token carries).
 */
export function isAccessTokenClaims(payload: JWTPayload): boolean {
  return payload[SESSION_CLAIM] === undefined && typeof payload.scope === 'string' && typeof payload.client_id === 'string';
}

/** An access token (JWT) of a live authorization, verified against the signing keys and the project's audience. */
async function accessTokenInfo(ctx: ProviderContext, db: Queryable, token: string): Promise<TokenInfo | null> {
  const payload = await ctx.keys.verify(token, ctx.config.projectId);
  if (!payload || !isAccessTokenClaims(payload)) return null;
  const id = authorizationIdOf(payload);
  if (!id) return null;
  const auth = await liveAuthorization(db, id, ctx.clock.now());
  return auth && auth.client_id === payload.client_id ? { kind: 'access_token', payload, auth } : null;
}

async function tokenInfo(ctx: ProviderContext, db: Queryable, token: string): Promise<TokenInfo | null> {
  if (token.split('.').length === 3) return accessTokenInfo(ctx, db, token);
  const { rows } = await db.query<{ authorization_id: string; created_at: Date; used_at: Date | null }>('SELECT authorization_id, created_at, used_at FROM idp_refresh_tokens WHERE token_hash = $1', [
    sha256(token),
  ]);
  const row = rows[0];
  if (!row || row.used_at !== null) return null;
  const auth = await liveAuthorization(db, row.authorization_id, ctx.clock.now());
  return auth ? { kind: 'refresh_token', auth, createdAt: new Date(row.created_at) } : null;
}

/**
 * Token introspection (RFC 7662) for the client the token was issued to: the token's claims
 * when it is in force, else only `active: false` (another client's token is not in force for
 * this one).
 */
export async function introspect(ctx: ProviderContext, client: ClientRow, token: string, issuer: string): Promise<Record<string, unknown>> {
  const info = await tokenInfo(ctx, ctx.db, token);
  if (!info || info.auth.client_id !== client.client_id) return { active: false };
  if (info.kind === 'access_token') {
    return { active: true, token_type: 'access_token', ...info.payload };
  }
  return {
    active: true,
    token_type: 'refresh_token',
    iss: issuer,
    sub: info.auth.user_id ?? info.auth.member_id,
    scope: info.auth.scopes,
    client_id: info.auth.client_id,
    iat: Math.floor(info.createdAt.getTime() / 1000),
    exp: Math.floor(new Date(info.auth.expires_at).getTime() / 1000),
  };
}

/**
 * Token revocation (RFC 7009): a token of this client ends its whole authorization (its
 * access and refresh tokens alike). Unknown, spent or foreign tokens change nothing, and the
 * answer is the same.
 */
export async function revokeToken(ctx: ProviderContext, client: ClientRow, token: string): Promise<void> {
  const info = await tokenInfo(ctx, ctx.db, token);
  if (info && info.auth.client_id === client.client_id) await revokeAuthorization(ctx.db, info.auth.authorization_id, ctx.clock.now());
}

/** The UserInfo answer (OpenID Connect Core §5.3) for a bearer access token that was granted `openid`. */
export async function userInfo(ctx: ProviderContext, token: string): Promise<Record<string, unknown>> {
  const invalid = (why: string) => oauthError(401, 'invalid_token', why, { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${why}"` });
  const info = await accessTokenInfo(ctx, ctx.db, token);
  if (!info || info.kind !== 'access_token') throw invalid('The access token is not valid, has expired or was revoked.');
  const scopes = new Set(String(info.payload.scope ?? '').split(' '));
  if (!scopes.has('openid')) {
    throw oauthError(403, 'insufficient_scope', 'The access token was not granted the openid scope.', { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="openid"' });
  }
  const subject = await subjectClaims(ctx.db, info.auth, scopes);
  if (!subject) throw invalid('The user or member of this token no longer exists.');
  return { sub: subject.sub, ...subject.claims };
}
