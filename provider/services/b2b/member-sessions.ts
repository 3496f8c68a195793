import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { newId, secretToken } from '../ids.ts';
import { addToken, checkSession, extendSession, findLiveSession, revokeSession, withFactor, type SessionFamily } from '../session-family.ts';
import type { ClientInfo, Factor, SessionCommon } from '../sessions.ts';
import { memberShape, MEMBER_COLUMNS, type MemberRow } from './members.ts';
import { organizationShape, type OrganizationRow } from './organizations.ts';
import { roleIds } from './rbac.ts';

export const SESSION_CLAIM = 'https://stytch.com/session';
/** The organization claim the official Node SDK reads from a member session JWT. */
export const ORGANIZATION_CLAIM = 'https://stytch.com/organization';

export interface MemberSessionRow extends SessionCommon {
  member_session_id: string;
  member_id: string;
  organization_id: string;
}

/** Factors that count as a second factor: an SMS passcode, an authenticator code, a recovery code. */
export function isMfaFactor(f: Pick<Factor, 'type' | 'delivery_method'>): boolean {
  return (f.type === 'otp' && f.delivery_method === 'sms') || f.type === 'totp' || f.type === 'recovery_code';
}

/** The MemberSession object of the official B2B types. */
export function memberSessionShape(s: MemberSessionRow, member: MemberRow, org: Pick<OrganizationRow, 'organization_slug' | 'rbac_email_implicit_role_assignments'>): Record<string, unknown> {
  return {
    member_session_id: s.member_session_id,
    member_id: s.member_id,
    organization_id: s.organization_id,
    organization_slug: org.organization_slug,
    started_at: new Date(s.started_at).toISOString(),
    last_accessed_at: new Date(s.last_accessed_at).toISOString(),
    expires_at: new Date(s.expires_at).toISOString(),
    authentication_factors: s.factors,
    custom_claims: {},
    roles: roleIds(member, org),
  };
}

/** A member session as the authenticate answers carry it (member_authenticated: true). */
export interface IssuedMemberSession {
  member_id: string;
  organization_id: string;
  session_token: string;
  session_jwt: string;
  member_session: Record<string, unknown>;
  member: Record<string, unknown>;
  organization: Record<string, unknown>;
}

/** Signs the session's JWT (session and organization claims) and assembles the answer. */
export async function issueMemberSession(ctx: ProviderContext, tx: Queryable, row: MemberSessionRow, token: string, member: MemberRow, org: OrganizationRow): Promise<IssuedMemberSession> {
  const session = memberSessionShape(row, member, org);
  const jwt = await ctx.keys.sign(
    tx,
    {
      [SESSION_CLAIM]: {
        id: row.member_session_id,
        started_at: session.started_at,
        last_accessed_at: session.last_accessed_at,
        expires_at: session.expires_at,
        attributes: { ip_address: row.ip_address, user_agent: row.user_agent },
        authentication_factors: row.factors,
        roles: session.roles,
      },
      [ORGANIZATION_CLAIM]: { organization_id: org.organization_id, slug: org.organization_slug },
    },
    row.member_id,
    `stytch.com/${ctx.config.projectId}`,
    ctx.config.projectId,
  );
  return {
    member_id: row.member_id,
    organization_id: org.organization_id,
    session_token: token,
    session_jwt: jwt,
    member_session: session,
    member: memberShape(member, org),
    organization: organizationShape(org),
  };
}

/**
 * Starts a member session with `factors`, or, when the caller's current member session is
 * of the same member, extends that one with them (rotating its token). Every call hands out
 * a fresh token.
 */
export async function startMemberSession(
  ctx: ProviderContext,
  tx: Queryable,
  member: MemberRow,
  org: OrganizationRow,
  factors: Factor[],
  minutes: number,
  client: ClientInfo,
  currentSessionId: string | null,
): Promise<IssuedMemberSession> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  const expires = new Date(now.getTime() + minutes * 60_000);
  if (currentSessionId) {
    const extended = await extendSession<MemberSessionRow>(ctx, tx, MEMBER_SESSIONS, currentSessionId, expires, token, (cur) =>
      cur.member_id === member.member_id ? factors.reduce(withFactor, cur.factors) : null,
    );
    if (extended) return issueMemberSession(ctx, tx, extended, token, member, org);
  }
  const { rows } = await tx.query<MemberSessionRow>(
    `INSERT INTO b2b_member_sessions (member_session_id, member_id, organization_id, started_at, last_accessed_at, expires_at, ip_address, user_agent, factors)
     VALUES ($1,$2,$3,$4,$4,$5,$6,$7,$8) RETURNING *`,
    [newId('member-session', ctx.env), member.member_id, org.organization_id, now, expires, client.ip, client.userAgent, JSON.stringify(factors)],
  );
  await addToken(tx, MEMBER_SESSIONS, rows[0]!.member_session_id, token, now);
  return issueMemberSession(ctx, tx, rows[0]!, token, member, org);
}

/** The live member session a secret (opaque token or JWT) names, or null. */
export async function findMemberSession(ctx: ProviderContext, db: Queryable, secret: string): Promise<MemberSessionRow | null> {
  return findLiveSession<MemberSessionRow>(ctx, db, MEMBER_SESSIONS, secret);
}

/** The columns of a MemberSessionRow (named, for the same reason as SESSION_COLUMNS). */
const MEMBER_SESSION_COLUMNS = 'member_session_id, member_id, organization_id, started_at, last_accessed_at, expires_at, ip_address, user_agent, factors';

/** Members' sessions, as the session checks see them (the owner loaded is the member and the organization). */
export const MEMBER_SESSIONS: SessionFamily = {
  name: 'member_session',
  sessions: 'b2b_member_sessions',
  tokens: 'b2b_member_session_tokens',
  id: 'member_session_id',
  columns: MEMBER_SESSION_COLUMNS,
  owner: `(SELECT row_to_json(m) FROM (SELECT ${MEMBER_COLUMNS} FROM b2b_members WHERE member_id = r.member_id) m) AS member,
    (SELECT row_to_json(o) FROM b2b_organizations o WHERE organization_id = r.organization_id) AS org`,
};

/**
 * `b2b/sessions/authenticate`: touches the session, optionally extends it, rotates its token
 * once it is older than the write window (the one presented, or every current one for a JWT,
 * into the grace window).
 */
export async function refreshMemberSession(ctx: ProviderContext, db: Queryable, secret: string, minutes: number | undefined): Promise<IssuedMemberSession> {
  const presented = secret.split('.').length === 3 ? { jwt: secret } : { token: secret };
  const found = await checkSession<MemberSessionRow & { member: MemberRow | null; org: OrganizationRow | null }>(ctx, db, MEMBER_SESSIONS, 'rotate', presented, minutes);
  // Deleting the member or the organization deletes the session, so both exist for a live one.
  if (!found?.row.member || !found.row.org) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  return issueMemberSession(ctx, db, found.row, found.token, found.row.member, found.row.org);
}

/** The member and organization of a session (both exist: deleting either deletes the session). */
export async function sessionOwner(db: Queryable, row: Pick<MemberSessionRow, 'member_id' | 'organization_id'>): Promise<{ member: MemberRow; org: OrganizationRow }> {
  const { rows } = await db.query<{ member: MemberRow; org: OrganizationRow }>(
    `SELECT (SELECT row_to_json(m) FROM (SELECT ${MEMBER_COLUMNS} FROM b2b_members WHERE member_id = $1) m) AS member,
            (SELECT row_to_json(o) FROM b2b_organizations o WHERE organization_id = $2) AS org`,
    [row.member_id, row.organization_id],
  );
  const { member, org } = rows[0] ?? {};
  if (!member || !org) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  return { member, org };
}

export async function revokeMemberSession(ctx: ProviderContext, db: Queryable, memberSessionId: string): Promise<void> {
  await revokeSession(ctx, db, MEMBER_SESSIONS, memberSessionId);
}

/** Ends every live session of a member (deleted, demoted or locked out by an admin). */
export async function revokeMemberSessions(ctx: ProviderContext, db: Queryable, memberId: string): Promise<void> {
  await db.query('UPDATE b2b_member_sessions SET revoked_at = $2 WHERE member_id = $1 AND revoked_at IS NULL', [memberId, ctx.clock.now()]);
}

/** A live member session by id (a caller's, already authenticated by its secret). */
export async function findMemberSessionById(ctx: ProviderContext, db: Queryable, memberSessionId: string): Promise<MemberSessionRow | null> {
  const { rows } = await db.query<MemberSessionRow>('SELECT * FROM b2b_member_sessions WHERE member_session_id = $1 AND revoked_at IS NULL AND expires_at > $2', [memberSessionId, ctx.clock.now()]);
  return rows[0] ?? null;
}

/** The factors a live member session has proven. */
export async function sessionFactors(ctx: ProviderContext, db: Queryable, memberSessionId: string): Promise<Factor[]> {
  return (await findMemberSessionById(ctx, db, memberSessionId))?.factors ?? [];
}

/** A member's live sessions, newest first (the server API's list). */
export async function liveMemberSessions(ctx: ProviderContext, db: Queryable, organizationId: string, memberId: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await db.query<MemberSessionRow>(
    'SELECT * FROM b2b_member_sessions WHERE member_id = $1 AND organization_id = $2 AND revoked_at IS NULL AND expires_at > $3 ORDER BY started_at DESC',
    [memberId, organizationId, ctx.clock.now()],
  );
  if (!rows[0]) return [];
  const { member, org } = await sessionOwner(db, rows[0]);
  return rows.map((r) => memberSessionShape(r, member, org));
}
