import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { newId } from '../ids.ts';
import { withTx } from '../tx.ts';
import { normalizeEmail } from '../users.ts';
import { MEMBER_COLUMNS, memberByEmail, requireAddressFree, requireMember, type MemberRow, type RetiredEmail } from './members.ts';
import type { OrganizationRow } from './organizations.ts';

/*
 * A member's change of address, as the official API has it: an admin sets it (`members.update`
 * with `email_address`; the old address retired, or deleted with `unlink_email`), or the member
 * proves a new one (`startEmailUpdate`, then the link or passcode sent there). A retired address
 * is the member's until unlinked (`unlinkRetiredEmail`) and signs in as no one. The start of a
 * self-serve update is member-email-update.ts.
 */

/** How the changed address stands: proven (the member's own link or passcode) or to be verified (an admin's change, which also ends the member's password). */
interface Move {
  verified: boolean;
  unlink: boolean;
  clearPassword: boolean;
}

/**
 * Moves a member (its row locked by the caller) to `email`, in the caller's transaction: the
 * address locked and checked free in the organization, the old one retired (or dropped with
 * `unlink`), a retired address taken back leaving the retired list, a waiting update ended.
 * The member's own address changes nothing.
 */
export async function moveMemberEmail(ctx: ProviderContext, tx: Queryable, member: MemberRow, email: string, o: Move): Promise<MemberRow> {
  const address = normalizeEmail(email);
  if (address === member.email_address) return member;
  const now = ctx.clock.now();
  await memberByEmail(tx, member.organization_id, address, true);
  await requireAddressFree(tx, member.organization_id, address, member.member_id, now);
  const retired: RetiredEmail[] = member.retired_email_addresses.filter((r) => r.email_address !== address);
  if (!o.unlink) retired.push({ email_id: newId('member-email', ctx.env), email_address: member.email_address });
  const password = o.clearPassword ? `, password_hash = NULL, member_password_id = ''` : '';
  const { rows } = await tx.query<MemberRow>(
    `UPDATE b2b_members SET email_address = $2, email_address_verified = $3, retired_email_addresses = $4, pending_email_address = NULL,
       pending_email_expires_at = NULL, updated_at = $5${password} WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`,
    [member.member_id, address, o.verified, JSON.stringify(retired), now],
  );
  return rows[0]!;
}

/** An admin's change of a member's address: to be verified, its password gone (the official update's words). */
export function adminEmailMove(unlink: boolean | undefined): Move {
  return { verified: false, unlink: unlink === true, clearPassword: true };
}

/**
 * The member a sign-in link or passcode sent to `email` proves, its row locked: the member
 * itself when the address is its own; moved to the address when it is the member's self-serve
 * update still waiting (`completeUpdate`: magic links and passcodes complete one, password resets
 * do not); otherwise `refused`, so a link sent before the address was retired signs in no one.
 */
export async function memberAtAddress(ctx: ProviderContext, tx: Queryable, member: MemberRow, email: string | null, completeUpdate: boolean, refused: () => ApiError): Promise<MemberRow> {
  const address = normalizeEmail(email ?? '');
  if (address === member.email_address) return member;
  if (completeUpdate && (await waitingUpdate(ctx, tx, member.organization_id, address)) === member.member_id) {
    return moveMemberEmail(ctx, tx, member, address, { verified: true, unlink: false, clearPassword: false });
  }
  throw refused();
}

/** The member whose self-serve update to `email` is still waiting in the organization, if any. */
export async function waitingUpdate(ctx: ProviderContext, db: Queryable, organizationId: string, email: string): Promise<string | null> {
  const { rows } = await db.query<{ member_id: string }>('SELECT member_id FROM b2b_members WHERE organization_id = $1 AND pending_email_address = $2 AND pending_email_expires_at > $3', [
    organizationId,
    normalizeEmail(email),
    ctx.clock.now(),
  ]);
  return rows[0]?.member_id ?? null;
}

/** Which retired address to unlink: by id, by address, or both naming the same one. */
export interface RetiredEmailRef {
  email_id?: string | undefined;
  email_address?: string | undefined;
}

/** Unlinks a retired address of a member of `org`: another member may take it from now on. */
export function unlinkRetiredEmail(ctx: ProviderContext, org: OrganizationRow, memberId: string, ref: RetiredEmailRef): Promise<MemberRow> {
  if (!ref.email_id && !ref.email_address) throw new ApiError(400, 'retired_email_missing_email_identifiers', 'Name the retired address by email_id, email_address, or both.');
  const address = ref.email_address === undefined ? undefined : normalizeEmail(ref.email_address);
  return withTx(ctx.db, async (tx) => {
    const member = await requireMember(tx, org.organization_id, memberId, true);
    const match = (r: RetiredEmail) => (ref.email_id === undefined || r.email_id === ref.email_id) && (address === undefined || r.email_address === address);
    if (!member.retired_email_addresses.some(match)) throw new ApiError(404, 'email_not_found', 'The member has no retired address that matches.');
    const { rows } = await tx.query<MemberRow>(`UPDATE b2b_members SET retired_email_addresses = $2, updated_at = $3 WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`, [
      memberId,
      JSON.stringify(member.retired_email_addresses.filter((r) => !match(r))),
      ctx.clock.now(),
    ]);
    return rows[0]!;
  });
}
