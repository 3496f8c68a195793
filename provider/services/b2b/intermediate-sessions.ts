import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { secretToken, sha256 } from '../ids.ts';
import type { Factor } from '../sessions.ts';

/** SPEC §9: an intermediate session (and its cookie) lives ten minutes. */
export const INTERMEDIATE_SESSION_MINUTES = 10;

/**
 * What an intermediate session proves: an address (discovery), or, when it names an
 * organization and member, a member's primary factor awaiting MFA (or another primary
 * factor the organization requires).
 */
export interface IntermediateSession {
  email: string;
  organizationId: string | null;
  memberId: string | null;
  factors: Factor[];
  /** An organization's session that a discovery sign-in led to: it may still enter another discovered organization. */
  fromDiscovery?: boolean;
  /**
   * Set when the primary factor is a discovery password: the organizations whose membership
   * that password is (it opens no other). Null or absent: no such restriction.
   */
  passwordOrganizations?: string[] | null;
}

/** Stores a new intermediate session and returns its token (kept only hashed). */
export async function createIntermediateSession(ctx: ProviderContext, tx: Queryable, s: IntermediateSession): Promise<string> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  await tx.query(
    `INSERT INTO b2b_intermediate_sessions (token_hash, email_address, organization_id, member_id, factors, created_at, expires_at, from_discovery, password_organizations)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [
      sha256(token),
      s.email,
      s.organizationId,
      s.memberId,
      JSON.stringify(s.factors),
      now,
      new Date(now.getTime() + INTERMEDIATE_SESSION_MINUTES * 60_000),
      s.fromDiscovery === true,
      s.passwordOrganizations ? JSON.stringify(s.passwordOrganizations) : null,
    ],
  );
  // Spent and expired ones are of no further use; the sweep rides on creation.
  await tx.query('DELETE FROM b2b_intermediate_sessions WHERE expires_at <= $1', [new Date(now.getTime() - 60 * 60_000)]);
  return token;
}

interface Row {
  email_address: string;
  organization_id: string | null;
  member_id: string | null;
  factors: Factor[];
  from_discovery: boolean;
  password_organizations: string[] | null;
}

const toSession = (r: Row): IntermediateSession => ({
  email: r.email_address,
  organizationId: r.organization_id,
  memberId: r.member_id,
  factors: r.factors,
  fromDiscovery: r.from_discovery,
  passwordOrganizations: r.password_organizations,
});

/**
 * Whether the session's primary factors count in `organizationId`: a discovery password's
 * count only in the organizations whose membership it is.
 */
export function opensOrganization(s: Pick<IntermediateSession, 'passwordOrganizations'>, organizationId: string): boolean {
  return !s.passwordOrganizations || s.passwordOrganizations.includes(organizationId);
}

const notFound = () => new ApiError(404, 'intermediate_session_not_found', 'Intermediate session could not be found: it is incorrect, expired or already used.');

/** Reads a live intermediate session without spending it (listing organizations). */
export async function readIntermediateSession(ctx: ProviderContext, db: Queryable, token: string): Promise<IntermediateSession> {
  const { rows } = await db.query<Row>(
    'SELECT email_address, organization_id, member_id, factors, from_discovery, password_organizations FROM b2b_intermediate_sessions WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [sha256(token), ctx.clock.now()],
  );
  if (!rows[0]) throw notFound();
  return toSession(rows[0]);
}

/**
 * Spends an intermediate session: one statement marks it used only if it is live and unused,
 * so of parallel exchanges exactly one gets it. Spent inside the caller's transaction: if the
 * exchange then fails, the rollback leaves the session unspent.
 */
export async function consumeIntermediateSession(ctx: ProviderContext, tx: Queryable, token: string): Promise<IntermediateSession> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<Row>(
    `UPDATE b2b_intermediate_sessions SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING email_address, organization_id, member_id, factors, from_discovery, password_organizations`,
    [sha256(token), now],
  );
  if (!rows[0]) throw notFound();
  return toSession(rows[0]);
}
