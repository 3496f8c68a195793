import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { newId, secretToken, sha256 } from './ids.ts';
import { loadUser } from './users.ts';

export interface Factor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  [k: string]: unknown;
}

interface SessionRow {
  session_id: string;
  user_id: string;
  started_at: Date;
  last_accessed_at: Date;
  expires_at: Date;
  ip_address: string;
  user_agent: string;
  factors: Factor[];
}

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

function sessionShape(s: SessionRow): Record<string, unknown> {
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

async function issue(ctx: ProviderContext, tx: Queryable, row: SessionRow, token: string): Promise<Issued> {
  const session = sessionShape(row);
  const jwt = await ctx.keys.sign(
    {
      'https://stytch.com/session': {
        id: row.session_id,
        started_at: session.started_at,
        last_accessed_at: session.last_accessed_at,
        expires_at: session.expires_at,
        attributes: session.attributes,
        authentication_factors: row.factors,
      },
    },
    row.user_id,
    `stytch.com/${ctx.config.projectId}`,
    ctx.config.projectId,
  );
  const user = await loadUser(tx, row.user_id);
  if (!user) throw new ApiError(404, 'user_not_found', 'User not found.');
  return { user_id: row.user_id, session_token: token, session_jwt: jwt, session, user };
}

/**
 * Completes an authentication: extends the caller's current session with the new factor
 * (rotating its token) or starts a new one. Every authenticate hands out a fresh token.
 */
export async function startOrExtend(
  ctx: ProviderContext,
  tx: Queryable,
  userId: string,
  factor: Factor,
  minutes: number,
  client: ClientInfo,
  currentSessionId: string | null,
): Promise<Issued> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  const expires = new Date(now.getTime() + minutes * 60_000);
  if (currentSessionId) {
    const { rows } = await tx.query<SessionRow>('SELECT * FROM sessions WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $2 FOR UPDATE', [currentSessionId, now]);
    const cur = rows[0];
    if (cur && cur.user_id === userId) {
      const factors = [...cur.factors.filter((f) => !(f.type === factor.type && f.delivery_method === factor.delivery_method)), factor];
      const { rows: updated } = await tx.query<SessionRow>(
        'UPDATE sessions SET token_hash = $2, last_accessed_at = $3, expires_at = $4, factors = $5 WHERE session_id = $1 RETURNING *',
        [cur.session_id, sha256(token), now, expires, JSON.stringify(factors)],
      );
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
  await tx.query(
    'INSERT INTO sessions (session_id, user_id, token_hash, started_at, last_accessed_at, expires_at, ip_address, user_agent, factors) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
    [row.session_id, userId, sha256(token), now, now, expires, client.ip, client.userAgent, JSON.stringify(row.factors)],
  );
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
  const { rows } = await db.query<SessionRow>('SELECT * FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2', [sha256(secret), now]);
  return rows[0] ?? null;
}

/** `sessions/authenticate`: touches the session, optionally extends it, rotates its token. */
export async function refresh(ctx: ProviderContext, tx: Queryable, sessionId: string, minutes: number | undefined): Promise<Issued> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  const { rows } = await tx.query<SessionRow>(
    `UPDATE sessions SET token_hash = $2, last_accessed_at = $3,
       expires_at = CASE WHEN $4::int IS NULL THEN expires_at ELSE $3::timestamptz + make_interval(mins => $4::int) END
     WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $3 RETURNING *`,
    [sessionId, sha256(token), now, minutes ?? null],
  );
  if (!rows[0]) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  return issue(ctx, tx, rows[0], token);
}

/** Revokes one session. */
export async function revoke(ctx: ProviderContext, db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL', [sessionId, ctx.clock.now()]);
}
