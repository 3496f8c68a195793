import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { secretToken, sha256 } from './ids.ts';
import { retryLostRace } from './tx.ts';

/*
 * The session policy, once, for both families of sessions: a user's (`sessions` and
 * `session_tokens`) and an organization member's (`b2b_member_sessions` and
 * `b2b_member_session_tokens`). A check finds the live session, touches or extends it, and in
 * the browser's mode rotates the presented token (the old one kept for a grace window, tokens
 * past it swept); the server API's mode keeps the token, which lives on in the browser's
 * cookie. Each check is one statement: one round trip, its own transaction.
 */

/**
 * How long a rotated-out session token still authenticates. Two checks sent at once with one
 * token (two tabs refreshing, a page load racing the background refresh) would otherwise sign
 * the slower one out; a minute covers any such race while keeping a leaked old token short-lived.
 */
export const TOKEN_GRACE_MS = 60_000;

/**
 * Within this long of the last write, a check that asks for nothing new (no extension) writes
 * nothing: the browser's token younger than this is not rotated, and a session touched this
 * recently is not touched again. Checks come in bursts (a page load, several tabs, a backend
 * checking on every request); one write per burst is enough for the policy. Revocation and
 * expiry are still read on every check, in the same statement.
 */
export const SESSION_WRITE_WINDOW_MS = 30_000;

/** One family of sessions: its tables, id column and row columns, and how to load its owner. */
export interface SessionFamily {
  /** Names the prepared statements. */
  name: string;
  sessions: string;
  tokens: string;
  /** The id column, in both tables. */
  id: string;
  /**
   * The row's columns, named rather than `*`: a cached plan whose result columns changed (a
   * migration adding one while a process runs) would fail instead of answering.
   */
  columns: string;
  /** Select-list items loading the session's owner as JSON, from the session row `r`. */
  owner: string;
}

/** `rotate`: the browser API, which hands out a new token; `keep`: the server API, which does not. */
export type CheckMode = 'rotate' | 'keep';

/** What the caller presents: an opaque token, or a session JWT (whose signature is checked here). */
export type Presented = { token: string } | { jwt: string; acceptExpired?: boolean };

/**
 * The check as one statement. `$1` is the presented token's hash or the JWT's session id, `$2`
 * the hash of a new token, `$3` now, `$4` the minutes to extend by (or null), `$5` the grace
 * window's end for a token rotated out now, `$6` the start of the write window.
 *
 * `cur` reads the live session and whether it is fresh (nothing to write); `s` writes the rest,
 * re-checking `revoked_at` and `expires_at` under the row lock, so a check racing a revoke never
 * brings the session back and two racing checks retire the presented token once (each minting
 * its own, so neither is handed a token on its way out). A JWT names no token, so a check by
 * JWT always mints one to hand back, and in the browser's mode retires every current one.
 */
function checkSql(f: SessionFamily, mode: CheckMode, byJwt: boolean): string {
  const found = byJwt ? `$1` : `(SELECT ${f.id} FROM t)`;
  const fresh = byJwt ? 'false' : mode === 'rotate' ? `$4::int IS NULL AND (SELECT young FROM t)` : `$4::int IS NULL AND last_accessed_at > $6`;
  const rotate = mode === 'rotate';
  const retire = byJwt ? 'grace_until IS NULL' : 'token_hash = $1 AND grace_until IS NULL';
  // `p` is never read: it gives every parameter its type, so a variant that uses fewer of them
  // still prepares (PostgreSQL refuses a parameter whose type it cannot determine).
  return `WITH p AS (SELECT $1::text, $2::text, $3::timestamptz, $4::int, $5::timestamptz, $6::timestamptz), ${
    byJwt
      ? ''
      : `t AS (
      SELECT ${f.id}, grace_until IS NULL AND issued_at > $6 AS young FROM ${f.tokens}
      WHERE token_hash = $1 AND (grace_until IS NULL OR grace_until > $3)
    ), `
  }cur AS (
      SELECT ${f.columns}, ${fresh} AS fresh FROM ${f.sessions}
      WHERE ${f.id} = ${found} AND revoked_at IS NULL AND expires_at > $3
    ), s AS (
      UPDATE ${f.sessions} SET last_accessed_at = $3,
        expires_at = CASE WHEN $4::int IS NULL THEN expires_at ELSE $3::timestamptz + make_interval(mins => $4::int) END
      WHERE ${f.id} IN (SELECT ${f.id} FROM cur WHERE NOT fresh) AND revoked_at IS NULL AND expires_at > $3
      RETURNING ${f.columns}
    )${
      rotate
        ? `, retired AS (
      UPDATE ${f.tokens} SET grace_until = $5 WHERE ${retire} AND ${f.id} IN (SELECT ${f.id} FROM s)
    ), swept AS (
      DELETE FROM ${f.tokens} WHERE ${f.id} IN (SELECT ${f.id} FROM s) AND grace_until <= $3
    )`
        : ''
    }${
      rotate || byJwt
        ? `, minted AS (
      INSERT INTO ${f.tokens} (token_hash, ${f.id}, issued_at) SELECT $2, ${f.id}, $3 FROM s
    )`
        : ''
    }
    SELECT r.*, ${f.owner} FROM (SELECT ${f.columns}, true AS written FROM s UNION ALL SELECT ${f.columns}, false FROM cur WHERE fresh) r`;
}

/** The statements of a family, built once per family, mode and kind of secret. */
const built = new Map<string, string>();

/** The claim of a session JWT that names its session (the official SDK reads it). */
export const SESSION_CLAIM = 'https://stytch.com/session';
/** The organization claim of a member's session JWT and access token (the official Node SDK's B2B calls read it). */
export const ORGANIZATION_CLAIM = 'https://stytch.com/organization';

/** The session a JWT names when its signature (and, unless accepted, its expiry) holds. */
export async function sessionIdOfJwt(ctx: ProviderContext, jwt: string, acceptExpired = false): Promise<string | null> {
  const claims = await ctx.keys.verify(jwt, ctx.config.projectId, acceptExpired);
  // A connected app's access token (same keys, same audience) names a client, never a session.
  if (!claims || claims.client_id !== undefined || claims.scope !== undefined) return null;
  const id = (claims[SESSION_CLAIM] as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * Runs a session check of `family`: the session row with its owner's columns and the token to
 * hand back (the presented one when nothing rotated), or null when no live session matches.
 */
export async function checkSession<Row>(
  ctx: ProviderContext,
  db: Queryable,
  family: SessionFamily,
  mode: CheckMode,
  presented: Presented,
  minutes: number | undefined,
): Promise<{ row: Row; token: string } | null> {
  const byJwt = 'jwt' in presented;
  const key = byJwt ? await sessionIdOfJwt(ctx, presented.jwt, presented.acceptExpired) : sha256(presented.token);
  if (key === null) return null;
  const name = `${family.name}_${mode}_${byJwt ? 'jwt' : 'token'}`;
  let sql = built.get(name);
  if (sql === undefined) built.set(name, (sql = checkSql(family, mode, byJwt)));
  const now = ctx.clock.now();
  const token = secretToken(32);
  const params = [key, sha256(token), now, minutes ?? null, new Date(now.getTime() + TOKEN_GRACE_MS), new Date(now.getTime() - SESSION_WRITE_WINDOW_MS)];
  // One statement, which PostgreSQL may pick as the victim of a deadlock with a revoke.
  const { rows } = await retryLostRace(() => db.query<Row & { written: boolean }>(sql, params, name));
  const row = rows[0];
  if (!row) return null;
  // A new token was stored when the check wrote in the browser's mode or was made by JWT (which
  // always writes).
  const minted = row.written && (mode === 'rotate' || byJwt);
  return { row, token: minted || !('token' in presented) ? token : presented.token };
}

/** Adds `factor` to `factors`, replacing one of the same type and delivery. */
export function withFactor<F extends { type: string; delivery_method: string }>(factors: F[], factor: F): F[] {
  return [...factors.filter((f) => !(f.type === factor.type && f.delivery_method === factor.delivery_method)), factor];
}

/** The live session a secret (opaque token, within its grace window, or unexpired JWT) names, or null. */
export async function findLiveSession<Row>(ctx: ProviderContext, db: Queryable, f: SessionFamily, secret: string): Promise<Row | null> {
  const now = ctx.clock.now();
  if (secret.split('.').length === 3) {
    const id = await sessionIdOfJwt(ctx, secret);
    if (id === null) return null;
    const { rows } = await db.query<Row>(`SELECT * FROM ${f.sessions} WHERE ${f.id} = $1 AND revoked_at IS NULL AND expires_at > $2`, [id, now]);
    return rows[0] ?? null;
  }
  const { rows } = await db.query<Row>(
    `SELECT s.* FROM ${f.tokens} t JOIN ${f.sessions} s USING (${f.id})
     WHERE t.token_hash = $1 AND (t.grace_until IS NULL OR t.grace_until > $2) AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [sha256(secret), now],
  );
  return rows[0] ?? null;
}

/**
 * Adds factors to a live session inside the caller's transaction: locks the row, lets `merge`
 * decide (null: not this caller's session, nothing is written), sets the factors and the new
 * expiry, moves every current token into the grace window and stores `token`'s hash. Null
 * when the session is not live or `merge` declined.
 */
export async function extendSession<Row extends { factors: unknown }>(
  ctx: ProviderContext,
  tx: Queryable,
  f: SessionFamily,
  sessionId: string,
  expires: Date,
  token: string,
  merge: (current: Row) => Row['factors'] | null,
): Promise<Row | null> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<Row>(`SELECT * FROM ${f.sessions} WHERE ${f.id} = $1 AND revoked_at IS NULL AND expires_at > $2 FOR UPDATE`, [sessionId, now]);
  const factors = rows[0] ? merge(rows[0]) : null;
  if (factors === null) return null;
  const { rows: updated } = await tx.query<Row>(`UPDATE ${f.sessions} SET last_accessed_at = $2, expires_at = $3, factors = $4 WHERE ${f.id} = $1 RETURNING *`, [
    sessionId,
    now,
    expires,
    JSON.stringify(factors),
  ]);
  await tx.query(`UPDATE ${f.tokens} SET grace_until = $2 WHERE ${f.id} = $1 AND grace_until IS NULL`, [sessionId, new Date(now.getTime() + TOKEN_GRACE_MS)]);
  await addToken(tx, f, sessionId, token, now);
  return updated[0]!;
}

/** Stores a new current token of a session (its hash and when it was issued). */
export async function addToken(tx: Queryable, f: SessionFamily, sessionId: string, token: string, now: Date): Promise<void> {
  await tx.query(`INSERT INTO ${f.tokens} (token_hash, ${f.id}, issued_at) VALUES ($1, $2, $3)`, [sha256(token), sessionId, now]);
}

/**
 * Revokes one session. Every lookup checks `revoked_at`, so this alone kills all its tokens,
 * grace ones included; deleting them too keeps no dead hashes around.
 */
export async function revokeSession(ctx: ProviderContext, db: Queryable, f: SessionFamily, sessionId: string): Promise<void> {
  // One statement (every caller passes the pool), the other side of a check's deadlock: either may lose it.
  await retryLostRace(() =>
    db.query(
      `WITH r AS (UPDATE ${f.sessions} SET revoked_at = $2 WHERE ${f.id} = $1 AND revoked_at IS NULL RETURNING ${f.id})
     DELETE FROM ${f.tokens} WHERE ${f.id} = $1`,
      [sessionId, ctx.clock.now()],
    ),
  );
}
