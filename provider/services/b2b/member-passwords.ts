import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { hashPassword, needsRehash, verifyPassword } from '../hashing.ts';
import { newId } from '../ids.ts';
import { guardedPasswordCheck, requireNoReset } from '../passwords.ts';
import type { Factor } from '../sessions.ts';
import { memberEmailId } from './discovery.ts';
import { MEMBER_COLUMNS, type MemberRow } from './members.ts';
import type { OrganizationRow } from './organizations.ts';

/**
 * A member's password is the organization's, not the address's: each membership has its own,
 * and its guesses are counted per organization and address (the B2C locks per address).
 */
const lockSubject = (organizationId: string, email: string) => `b2b:${organizationId}:${email}`;

/**
 * Checks a member's password under the same lockout as B2C passwords (per client IP, then
 * per organization and address, both taken before the hash). An unknown member, one without
 * a password and a wrong password answer alike. A breached password is refused as B2C does;
 * a hash at an older cost is upgraded.
 */
export async function checkMemberPassword(ctx: ProviderContext, org: OrganizationRow, email: string, password: string, clientIp: string | undefined): Promise<MemberRow> {
  const row = await guardedPasswordCheck(ctx, lockSubject(org.organization_id, email), password, clientIp, async () => {
    const { rows } = await ctx.db.query<MemberRow & { password_hash: string | null }>(`SELECT ${MEMBER_COLUMNS}, password_hash FROM b2b_members WHERE organization_id = $1 AND email_address = $2`, [
      org.organization_id,
      email,
    ]);
    return rows[0];
  });
  requireNoReset(password, false);
  const { password_hash: hash, ...member } = row;
  if (needsRehash(hash)) {
    // Only if nobody changed the password meanwhile.
    await ctx.db.query('UPDATE b2b_members SET password_hash = $3 WHERE member_id = $1 AND password_hash = $2', [member.member_id, hash, await hashPassword(password)]);
  }
  return member;
}

/**
 * Checks a password for an address across its organizations (discovery sign-in): against the
 * membership updated last, under one lock per address for discovery, so guesses spread over
 * organizations are still counted together. Once right, it opens the organizations whose
 * membership has that password (the same hash, as a discovery reset stores it, or another that
 * verifies it), and no other: a membership whose password changed since refuses it, however
 * recently another membership was touched (issue 51).
 */
export async function checkDiscoveryPassword(ctx: ProviderContext, email: string, password: string, clientIp: string | undefined): Promise<{ member: MemberRow; organizations: string[] }> {
  const row = await guardedPasswordCheck(ctx, `b2b:discovery:${email}`, password, clientIp, async () => {
    const { rows } = await ctx.db.query<MemberRow & { password_hash: string | null }>(
      `SELECT ${MEMBER_COLUMNS}, password_hash FROM b2b_members WHERE email_address = $1 AND password_hash IS NOT NULL ORDER BY updated_at DESC, member_id LIMIT 1`,
      [email],
    );
    return rows[0];
  });
  requireNoReset(password, false);
  const { password_hash: proven, ...member } = row;
  const { rows } = await ctx.db.query<{ organization_id: string; password_hash: string }>(
    'SELECT organization_id, password_hash FROM b2b_members WHERE email_address = $1 AND password_hash IS NOT NULL ORDER BY organization_id',
    [email],
  );
  // Each other hash is verified once (only after the guess proved right, so no guess costs more).
  const verdicts = new Map<string, Promise<boolean>>([[proven, Promise.resolve(true)]]);
  const organizations: string[] = [];
  for (const r of rows) {
    if (!verdicts.has(r.password_hash)) verdicts.set(r.password_hash, verifyPassword(r.password_hash, password));
    if (await verdicts.get(r.password_hash)) organizations.push(r.organization_id);
  }
  return { member, organizations };
}

/**
 * Stores a member's password hash (the password's id is kept across changes) and ends the
 * member's other sessions: whoever knew the old password is signed out. `keep` is the session
 * making the change, when it should survive.
 */
export async function setMemberPassword(ctx: ProviderContext, tx: Queryable, memberId: string, hash: string, keep: string | null): Promise<MemberRow> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<MemberRow>(
    `UPDATE b2b_members SET password_hash = $2, member_password_id = CASE WHEN member_password_id = '' THEN $3 ELSE member_password_id END, updated_at = $4
     WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`,
    [memberId, hash, newId('member-password', ctx.env), now],
  );
  await tx.query('UPDATE b2b_member_sessions SET revoked_at = $3 WHERE member_id = $1 AND revoked_at IS NULL AND member_session_id IS DISTINCT FROM $2', [memberId, keep, now]);
  return rows[0]!;
}

/** The password factor in the official B2B shape. */
export function passwordFactor(member: MemberRow, now: Date): Factor {
  return {
    type: 'password',
    delivery_method: 'knowledge',
    last_authenticated_at: now.toISOString(),
    email_factor: { email_id: memberEmailId(member), email_address: member.email_address },
    sequence_order: 'PRIMARY',
  };
}
