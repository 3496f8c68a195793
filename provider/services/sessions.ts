import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId, secretToken } from './ids.ts';
import { addToken, checkSession, extendSession, findLiveSession, revokeSession, SESSION_CLAIM, withFactor, type CheckMode, type Presented, type SessionFamily } from './session-family.ts';
import { loadUser, USER_ROW_SQL, userShape, type UserRow } from './users.ts';

export interface Factor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  [k: string]: unknown;
}

/** What a session row of either line holds beside its ids: its times, the device it began on, its factors. */
export interface SessionCommon {
  started_at: Date;
  last_accessed_at: Date;
  expires_at: Date;
  ip_address: string;
  user_agent: string;
  factors: Factor[];
}

export interface SessionRow extends SessionCommon {
  session_id: string;
  user_id: string;
}

/**
 * The columns of a SessionRow, named rather than `*` in the prepared statements of the
 * session check: a cached plan whose result columns changed (a migration adding one while a
 * process runs) would fail instead of answering.
 */
export const SESSION_COLUMNS = 'session_id, user_id, started_at, last_accessed_at, expires_at, ip_address, user_agent, factors';

/** A user's sessions, as the session checks see them (the owner loaded is the user). */
export const USER_SESSIONS: SessionFamily = {
  name: 'session',
  sessions: 'sessions',
  tokens: 'session_tokens',
  id: 'session_id',
  columns: SESSION_COLUMNS,
  owner: `(SELECT row_to_json(x) FROM (${USER_ROW_SQL} WHERE u.user_id = r.user_id) x) AS user_row`,
};

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
      [SESSION_CLAIM]: {
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

/** Who made a browser call: the session it presented (if any), its user, and its connection. */
export interface SessionCaller {
  userId: string | null;
  sessionId: string | null;
  client: ClientInfo;
}

/** The caller's session a sign-in of `userId` extends: only that user's own, else none (a new session). */
export function sessionToExtend(caller: SessionCaller, userId: string): string | null {
  return caller.userId === userId ? caller.sessionId : null;
}

/**
 * Completes an authentication: extends the caller's current session with the new factor
 * (rotating its token) or starts a new one. Every authenticate hands out a fresh token.
 */
export async function startOrExtend(ctx: ProviderContext, tx: Queryable, userId: string, factor: Factor | null, minutes: number, client: ClientInfo, currentSessionId: string | null): Promise<Issued> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  const expires = new Date(now.getTime() + minutes * 60_000);
  if (currentSessionId) {
    const extended = await extendSession<SessionRow>(ctx, tx, USER_SESSIONS, currentSessionId, expires, token, (cur) =>
      cur.user_id === userId ? (factor ? withFactor(cur.factors, factor) : cur.factors) : null,
    );
    if (extended) return issue(ctx, tx, extended, token);
  }
  // Nothing proven (`factor` null) only extends the caller's session: it starts none.
  if (!factor) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
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
  await addToken(tx, USER_SESSIONS, row.session_id, token, now);
  return issue(ctx, tx, row, token);
}

/** Resolves the session a caller presents (opaque token or JWT); null when none is valid. */
export async function findSession(ctx: ProviderContext, db: Queryable, secret: string): Promise<SessionRow | null> {
  return findLiveSession<SessionRow>(ctx, db, USER_SESSIONS, secret);
}

/**
 * A check of a user's session (`mode` rotate: the browser API's, keep: the server API's):
 * touches the session, optionally extends it, and hands back its token (see session-family.ts).
 */
export async function checkUserSession(ctx: ProviderContext, db: Queryable, mode: CheckMode, presented: Presented, minutes: number | undefined): Promise<Issued> {
  const found = await checkSession<SessionRow & { user_row: UserRow | null }>(ctx, db, USER_SESSIONS, mode, presented, minutes);
  if (!found) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  if (!found.row.user_row) throw new ApiError(404, 'user_not_found', 'User not found.');
  return issue(ctx, db, found.row, found.token, found.row.user_row);
}

/**
 * `sessions/authenticate`: touches the session, optionally extends it, rotates its token once
 * it is older than the write window. A token rotated out less than TOKEN_GRACE_MS ago still
 * authenticates (and gets a new one).
 */
export async function refresh(ctx: ProviderContext, db: Queryable, secret: string, minutes: number | undefined): Promise<Issued> {
  return checkUserSession(ctx, db, 'rotate', secret.split('.').length === 3 ? { jwt: secret } : { token: secret }, minutes);
}

/**
 * Ends every live session of the user but `keep` (the session making a change that should
 * survive it, or null): after a password reset whoever knew the old password is signed out.
 */
export async function revokeOtherSessions(ctx: ProviderContext, db: Queryable, userId: string, keep: string | null): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND session_id IS DISTINCT FROM $3 AND revoked_at IS NULL', [userId, ctx.clock.now(), keep]);
}

/** Revokes one session and all its tokens. */
export async function revoke(ctx: ProviderContext, db: Queryable, sessionId: string): Promise<void> {
  await revokeSession(ctx, db, USER_SESSIONS, sessionId);
}
