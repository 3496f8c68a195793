import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId, secretToken, sha256 } from './ids.ts';
import { loadUser, USER_ROW_SQL, userShape, type UserRow } from './users.ts';

export interface Factor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  [k: string]: unknown;
}

export interface SessionRow {
  session_id: string;
  user_id: string;
  started_at: Date;
  last_accessed_at: Date;
  expires_at: Date;
  ip_address: string;
  user_agent: string;
  factors: Factor[];
}

/**
 * How long a rotated-out session token still authenticates. Every check rotates the token,
 * so two checks sent at once with one token (two tabs refreshing, a page load racing the
 * background refresh) would otherwise sign the slower one out; a minute covers any such race
 * while keeping a leaked old token short-lived.
 */
export const TOKEN_GRACE_MS = 60_000;

/**
 * The columns of a SessionRow, named rather than `*` in the prepared statements of the
 * session check: a cached plan whose result columns changed (a migration adding one while a
 * process runs) would fail instead of answering.
 */
export const SESSION_COLUMNS = 'session_id, user_id, started_at, last_accessed_at, expires_at, ip_address, user_agent, factors';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Session duration asked for, clamped to the project's maximum. */
export function durationMinutes(ctx: ProviderContext, asked: number | undefined): number {
  const limits = ctx.config.sessionLimits;
  const minutes = asked ?? limits.defaultDurationMinutes;
  if (minutes > limits.maxDurationMinutes) {
    throw new ApiError(400, 'invalid_session_duration', `session_duration_minutes must be at most ${limits.maxDurationMinutes}.`);
  }
  return minutes;
}

export function sessionShape(s: SessionRow): Record<string, unknown> {
  return {
    session_id: s.session_id,
    user_id: s.user_id,
    started_at: new Date(s.started_at).toISOString(),
    last_accessed_at: new Date(s.last_accessed_at).toISOString(),
    expires_at: new Date(s.expires_at).toISOString(),
    attributes: { ip_address: s.ip_address, user_agent: s.user_agent },
    authentication_factors: s.factors,
    custom_claims: {},
    roles: [],
  };
}

/** The issued session as the authenticate responses carry it. */
export interface Issued {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Record<string, unknown>;
  user: Record<string, unknown>;
}

/** Signs the session's JWT and assembles the authenticate answer. */
export async function issue(ctx: ProviderContext, tx: Queryable, row: SessionRow, token: string, preloaded?: UserRow | null): Promise<Issued> {
  const session = sessionShape(row);
  const jwt = await ctx.keys.sign(
    tx,
    {
      'https://stytch.com/session': {
        id: row.session_id,
        started_at: session.started_at,
        last_accessed_at: session.last_accessed_at,
        expires_at: session.expires_at,
        attributes: session.attributes,
        authentication_factors: row.factors,
        roles: [],
      },
    },
    row.user_id,
    `stytch.com/${ctx.config.projectId}`,
    ctx.config.projectId,
  );
  const user = preloaded ? userShape(preloaded) : await loadUser(tx, row.user_id);
  if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
  return { user_id: row.user_id, session_token: token, session_jwt: jwt, session, user };
}

/**
 * Completes an authentication: extends the caller's current session with the new factor
 * (rotating its token) or starts a new one. Every authenticate hands out a fresh token.
 */
export async function startOrExtend(ctx: ProviderContext, tx: Queryable, userId: string, factor: Factor, minutes: number, client: ClientInfo, currentSessionId: string | null): Promise<Issued> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  const expires = new Date(now.getTime() + minutes * 60_000);
  if (currentSessionId) {
    const { rows } = await tx.query<SessionRow>('SELECT * FROM sessions WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $2 FOR UPDATE', [currentSessionId, now]);
    const cur = rows[0];
    if (cur && cur.user_id === userId) {
      const factors = [...cur.factors.filter((f) => !(f.type === factor.type && f.delivery_method === factor.delivery_method)), factor];
      const { rows: updated } = await tx.query<SessionRow>('UPDATE sessions SET last_accessed_at = $2, expires_at = $3, factors = $4 WHERE session_id = $1 RETURNING *', [
        cur.session_id,
        now,
        expires,
        JSON.stringify(factors),
      ]);
      await tx.query('UPDATE session_tokens SET grace_until = $2 WHERE session_id = $1 AND grace_until IS NULL', [cur.session_id, graceUntil(now)]);
      await tx.query('INSERT INTO session_tokens (token_hash, session_id) VALUES ($1, $2)', [sha256(token), cur.session_id]);
      return issue(ctx, tx, updated[0]!, token);
    }
  }
  const row: SessionRow = {
    session_id: newId('session', ctx.env),
    user_id: userId,
    started_at: now,
    last_accessed_at: now,
    expires_at: expires,
    ip_address: client.ip,
    user_agent: client.userAgent,
    factors: [factor],
  };
  await tx.query('INSERT INTO sessions (session_id, user_id, started_at, last_accessed_at, expires_at, ip_address, user_agent, factors) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)', [
    row.session_id,
    userId,
    now,
    now,
    expires,
    client.ip,
    client.userAgent,
    JSON.stringify(row.factors),
  ]);
  await tx.query('INSERT INTO session_tokens (token_hash, session_id) VALUES ($1, $2)', [sha256(token), row.session_id]);
  return issue(ctx, tx, row, token);
}

/** Resolves the session a caller presents (opaque token or JWT); null when none is valid. */
export async function findSession(ctx: ProviderContext, db: Queryable, secret: string): Promise<SessionRow | null> {
  const now = ctx.clock.now();
  if (secret.split('.').length === 3) {
    const claims = await ctx.keys.verify(secret, ctx.config.projectId);
    const id = (claims?.['https://stytch.com/session'] as { id?: string } | undefined)?.id;
    if (!id) return null;
    const { rows } = await db.query<SessionRow>('SELECT * FROM sessions WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $2', [id, now]);
    return rows[0] ?? null;
  }
  const { rows } = await db.query<SessionRow>(
    `SELECT s.* FROM session_tokens t JOIN sessions s ON s.session_id = t.session_id
     WHERE t.token_hash = $1 AND (t.grace_until IS NULL OR t.grace_until > $2) AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [sha256(secret), now],
  );
  return rows[0] ?? null;
}

function graceUntil(now: Date): Date {
  return new Date(now.getTime() + TOKEN_GRACE_MS);
}

/**
 * The whole session check as one statement (one round trip, its own transaction): find the
 * live session, touch or extend it, retire the presented token (an opaque one) or every
 * current token (a JWT names no token) into the grace window, sweep tokens past it, store
 * the new token's hash and load the user. `$1` is the presented token's hash or the JWT's
 * session id.
 */
function refreshSql(byJwt: boolean): string {
  const target = byJwt ? '$1' : '(SELECT session_id FROM session_tokens WHERE token_hash = $1 AND (grace_until IS NULL OR grace_until > $3))';
  const retire = byJwt ? 'session_id IN (SELECT session_id FROM s) AND grace_until IS NULL' : 'token_hash = $1 AND grace_until IS NULL AND session_id IN (SELECT session_id FROM s)';
  return `WITH s AS (
      UPDATE sessions SET last_accessed_at = $3,
        expires_at = CASE WHEN $4::int IS NULL THEN expires_at ELSE $3::timestamptz + make_interval(mins => $4::int) END
      WHERE session_id = ${target} AND revoked_at IS NULL AND expires_at > $3
      RETURNING ${SESSION_COLUMNS}
    ), retired AS (
      UPDATE session_tokens SET grace_until = $5 WHERE ${retire}
    ), swept AS (
      DELETE FROM session_tokens WHERE session_id IN (SELECT session_id FROM s) AND grace_until <= $3
    ), minted AS (
      INSERT INTO session_tokens (token_hash, session_id) SELECT $2, session_id FROM s
    )
    SELECT s.*, (SELECT row_to_json(x) FROM (${USER_ROW_SQL} WHERE u.user_id = s.user_id) x) AS user_row FROM s`;
}

const REFRESH_BY_JWT = refreshSql(true);
const REFRESH_BY_TOKEN = refreshSql(false);

/**
 * `sessions/authenticate`: touches the session, optionally extends it, rotates its token.
 * A token rotated out less than TOKEN_GRACE_MS ago still authenticates (and gets a new one).
 */
export async function refresh(ctx: ProviderContext, db: Queryable, secret: string, minutes: number | undefined): Promise<Issued> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  let key = sha256(secret);
  const byJwt = secret.split('.').length === 3;
  if (byJwt) {
    const claims = await ctx.keys.verify(secret, ctx.config.projectId);
    const id = (claims?.['https://stytch.com/session'] as { id?: string } | undefined)?.id;
    if (!id) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
    key = id;
  }
  const { rows } = await db.query<SessionRow & { user_row: UserRow | null }>(
    byJwt ? REFRESH_BY_JWT : REFRESH_BY_TOKEN,
    [key, sha256(token), now, minutes ?? null, graceUntil(now)],
    byJwt ? 'session_refresh_jwt' : 'session_refresh_token',
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  if (!row.user_row) throw new ApiError(404, 'user_not_found', 'User not found.');
  return issue(ctx, db, row, token, row.user_row);
}

/**
 * Ends every live session of the user but `keep` (the session making a change that should
 * survive it, or null): after a password reset whoever knew the old password is signed out.
 */
export async function revokeOtherSessions(ctx: ProviderContext, db: Queryable, userId: string, keep: string | null): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND session_id IS DISTINCT FROM $3 AND revoked_at IS NULL', [userId, ctx.clock.now(), keep]);
}

/** Revokes one session. */
export async function revoke(ctx: ProviderContext, db: Queryable, sessionId: string): Promise<void> {
  // Every lookup checks revoked_at, so this alone kills all the session's tokens, grace ones
  // included; deleting them too keeps no dead hashes around.
  await db.query(
    `WITH r AS (UPDATE sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL RETURNING session_id)
     DELETE FROM session_tokens WHERE session_id = $1`,
    [sessionId, ctx.clock.now()],
  );
}
