import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { sha256 } from './ids.ts';
import { sessionIdOfJwt } from './session-family.ts';
import { checkUserSession, durationMinutes, findSession, sessionShape, startOrExtend, type Factor, type Issued, type SessionRow } from './sessions.ts';
import { loadUser } from './users.ts';

/*
 * Sessions as the server API (`/v1`) sees them: a site's backend checks, lists and revokes
 * sessions its users hold, and completes sign-ins it started, without the browser API's
 * token rotation.
 */

/**
 * Server API `sessions/authenticate`: touches (and optionally extends) the session without
 * rotating the presented token, which lives on in the browser's cookie. A JWT (its signature
 * must hold, its `exp` may have passed) names no token, so the session gets one more token for
 * this answer.
 */
export async function authenticateForServer(ctx: ProviderContext, db: Queryable, by: { token: string } | { jwt: string }, minutes: number | undefined): Promise<Issued> {
  return checkUserSession(ctx, db, 'keep', 'jwt' in by ? { jwt: by.jwt, acceptExpired: true } : by, minutes);
}

/** The session named by id, opaque token or JWT (expired JWTs included), live or not; null when none is. */
export async function sessionIdOf(ctx: ProviderContext, db: Queryable, by: { session_id?: string; session_token?: string; session_jwt?: string }): Promise<string | null> {
  if (by.session_jwt !== undefined) return sessionIdOfJwt(ctx, by.session_jwt, true);
  if (by.session_token !== undefined) {
    const { rows } = await db.query<{ session_id: string }>('SELECT session_id FROM session_tokens WHERE token_hash = $1', [sha256(by.session_token)]);
    return rows[0]?.session_id ?? null;
  }
  const { rows } = await db.query<{ session_id: string }>('SELECT session_id FROM sessions WHERE session_id = $1', [by.session_id ?? '']);
  return rows[0]?.session_id ?? null;
}

/** Every live session of a user, oldest first, in the session shape of the authenticate answers. */
export async function liveSessions(ctx: ProviderContext, db: Queryable, userId: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await db.query<SessionRow>('SELECT * FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY started_at, session_id', [userId, ctx.clock.now()]);
  return rows.map(sessionShape);
}

/** An authenticate answer of the server API that started no session (no duration asked, none to extend). */
export interface NoSession {
  user_id: string;
  session_token: '';
  session_jwt: '';
  session: null;
  user: Record<string, unknown>;
}

/** What a server API authenticate call says about sessions. */
export interface ServerSessionAsk {
  /** session_duration_minutes, unchecked. */
  minutes?: number;
  /** A session of the user to add the factor to, by opaque token or JWT. */
  session_token?: string;
  session_jwt?: string;
  /** The end user's address and agent, which the backend passes on (its own would mean nothing). */
  attributes?: { ip_address?: string; user_agent?: string };
}

/** Resolves the session a server API authenticate call names; a named session that is not live is a 404. */
export async function namedSession(ctx: ProviderContext, db: Queryable, ask: ServerSessionAsk): Promise<SessionRow | null> {
  const secret = ask.session_token ?? ask.session_jwt;
  if (secret === undefined) return null;
  const found = await findSession(ctx, db, secret);
  if (!found) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  return found;
}

/**
 * Completes a server API authentication as the hosted provider does: the factor is added to
 * the named session, or a new session starts when session_duration_minutes asks for one;
 * with neither, the user is authenticated and no session exists.
 */
export async function serverSignIn(ctx: ProviderContext, tx: Queryable, userId: string, factor: Factor, ask: ServerSessionAsk, current: SessionRow | null): Promise<Issued | NoSession> {
  if (!current && ask.minutes === undefined) {
    const user = await loadUser(tx, userId);
    if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
    return { user_id: userId, session_token: '', session_jwt: '', session: null, user };
  }
  const minutes = durationMinutes(ctx, ask.minutes);
  const client = { ip: ask.attributes?.ip_address ?? '', userAgent: ask.attributes?.user_agent ?? '' };
  return startOrExtend(ctx, tx, userId, factor, minutes, client, current && current.user_id === userId ? current.session_id : null);
}

/**
 * The factor record as the SDK's types describe it: the email or phone factor carries the
 * address itself beside its id, so a backend can read who proved what without a lookup.
 */
export async function methodFactor(ctx: ProviderContext, tx: Queryable, type: string, deliveryMethod: string, methodId: string): Promise<Factor> {
  const { rows } = await tx.query<{ email: string | null; phone: string | null }>(
    `SELECT (SELECT email FROM user_emails WHERE email_id = $1) AS email, (SELECT phone_number FROM user_phones WHERE phone_id = $1) AS phone`,
    [methodId],
  );
  const found = rows[0];
  const detail = found?.phone != null ? { phone_number_factor: { phone_id: methodId, phone_number: found.phone } } : { email_factor: { email_id: methodId, email_address: found?.email ?? '' } };
  return { type, delivery_method: deliveryMethod, last_authenticated_at: ctx.clock.now().toISOString(), ...detail };
}
