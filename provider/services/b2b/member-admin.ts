import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { endRefusedGrants } from '../b2b-connected-apps-policy.ts';
import { withTx } from '../tx.ts';
import { phoneOf } from '../users.ts';
import { adminEmailMove, moveMemberEmail } from './member-emails.ts';
import { revokeMemberSessions } from './member-sessions.ts';
import { activeAdminCount, ADMIN_ROLE, deactivateMember, deleteMember, isAdmin, MEMBER_COLUMNS, requireMember, updateMember, type MemberChanges, type MemberRow } from './members.ts';
import { createOrganization, deleteOrganization, loadOrganization, slugFromName, updateOrganization, type OrganizationRow, type OrganizationSettings } from './organizations.ts';
import { checkGrantableRoles } from './org-roles.ts';
import { checkRoleIds } from './rbac.ts';
import { refreshActiveConnections } from './sso-connections.ts';

/*
 * Changes to organizations and their members that both APIs make (the browser SDK's admin
 * calls, gated by role in the route, and the server API's), each in a transaction of its own.
 */

/** A new organization; its slug is made from its name when none is given. */
export function openOrganization(ctx: ProviderContext, s: OrganizationSettings & { organization_name: string; organization_slug?: string | undefined }): Promise<OrganizationRow> {
  // A new organization has no roles of its own yet: its email-domain rules name the project's.
  checkRoleIds(
    ctx.config,
    s.rbac_email_implicit_role_assignments?.map((a) => a.role_id),
  );
  return withTx(ctx.db, (tx) => createOrganization(tx, ctx.env, ctx.clock.now(), { ...s, organization_slug: s.organization_slug ?? slugFromName(s.organization_name) }));
}

/** The settings whose change may refuse an app its members have granted to. */
const APP_POLICY_FIELDS = ['first_party_connected_apps_allowed_type', 'allowed_first_party_connected_apps', 'third_party_connected_apps_allowed_type', 'allowed_third_party_connected_apps'] as const;

/**
 * Changes an organization's settings. A change to its connected-apps policy ends, in the same
 * transaction (under the row lock the update took), every grant of its members it now refuses.
 * Its email-domain rules may name the project's roles and its own (org-roles.ts).
 */
export function changeOrganization(ctx: ProviderContext, organizationId: string, settings: OrganizationSettings): Promise<OrganizationRow> {
  return withTx(ctx.db, async (tx) => {
    await checkGrantableRoles(
      ctx,
      tx,
      organizationId,
      settings.rbac_email_implicit_role_assignments?.map((a) => a.role_id),
    );
    const now = ctx.clock.now();
    const org = await updateOrganization(tx, organizationId, now, settings);
    if (APP_POLICY_FIELDS.some((f) => settings[f] !== undefined)) await endRefusedGrants(tx, organizationId, now);
    return org;
  });
}

/** Deletes an organization with its members and their sessions. */
export function removeOrganization(ctx: ProviderContext, organizationId: string): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    await deleteOrganization(tx, organizationId);
    // Its connections went with it: the organizations signing in through them no longer list them as active.
    await refreshActiveConnections(ctx, tx, organizationId);
  });
}

/**
 * An organization keeps at least one active admin: removing or demoting the last one is
 * refused (checked under the organization's row lock, so two parallel demotions cannot both pass).
 */
async function keepAnAdmin(tx: Queryable, org: OrganizationRow, target: MemberRow): Promise<void> {
  await loadOrganization(tx, org.organization_id, true);
  if (isAdmin(target) && target.status === 'active' && (await activeAdminCount(tx, org.organization_id)) <= 1) {
    throw new ApiError(400, 'last_admin', 'The organization must keep at least one active admin.');
  }
}

/**
 * A change to a member as the APIs take it: an MFA phone number as typed, whether its sessions
 * survive a change of roles, and a new address (the old one retired, or dropped with `unlink_email`).
 */
export type MemberChange = MemberChanges & { preserve_existing_sessions?: boolean | undefined; email_address?: string | undefined; unlink_email?: boolean | undefined };

/** The change with its MFA phone number in the stored form. */
function stored(changes: MemberChanges): MemberChanges {
  return { ...changes, mfa_phone_number: changes.mfa_phone_number ? phoneOf(changes.mfa_phone_number) : changes.mfa_phone_number };
}

/** The signed-in member's change to its own record. */
export function changeOwnMember(ctx: ProviderContext, memberId: string, changes: MemberChanges): Promise<MemberRow> {
  return withTx(ctx.db, (tx) => updateMember(tx, memberId, ctx.clock.now(), stored(changes)));
}

/**
 * Changes a member of `org` (one of another organization is not found). `keepAdmin`: the last
 * active admin may not be demoted (the browser's admin calls). A member whose roles changed
 * signs in again unless asked otherwise: its sessions carry the old roles. `actor`: the member
 * the call is made for (null: the backend's own), who may not change its own address.
 *
 * A new address is the official update's: checked free in the organization, the old one
 * retired, the new one to be verified, the password gone, and (as the official admin portal
 * warns) the member's sessions revoked, all in the one transaction.
 */
export async function changeMember(ctx: ProviderContext, org: OrganizationRow, memberId: string, req: MemberChange, o: { keepAdmin: boolean; actor: string | null }): Promise<MemberRow> {
  const { preserve_existing_sessions: preserve, email_address: email, unlink_email: unlink, ...changes } = req;
  if (email !== undefined && o.actor === memberId)
    throw new ApiError(403, 'member_cannot_update_their_email_address', 'A member cannot change its own email address; an admin can, or start an email update.');
  const member = await withTx(ctx.db, async (tx) => {
    await checkGrantableRoles(ctx, tx, org.organization_id, changes.roles);
    const target = await requireMember(tx, org.organization_id, memberId, true);
    if (o.keepAdmin && changes.roles && !changes.roles.includes(ADMIN_ROLE)) await keepAnAdmin(tx, org, target);
    const moved = email === undefined ? target : await moveMemberEmail(ctx, tx, target, email, adminEmailMove(unlink));
    if (moved !== target) await revokeMemberSessions(ctx, tx, memberId);
    return updateMember(tx, memberId, ctx.clock.now(), stored(changes));
  });
  if (req.roles && preserve !== true) await revokeMemberSessions(ctx, ctx.db, memberId);
  return member;
}

/**
 * Deactivates a member of `org` (the official delete); `keepAdmin`: never the last active admin
 * (the browser's calls). An invited member's row goes (inviting the address again makes a new
 * member); any other becomes `deleted`, its password, MFA phone, authenticator, roles and
 * sessions gone, so that an admin can reactivate it with its address alone.
 */
export function removeMember(ctx: ProviderContext, org: OrganizationRow, memberId: string, o: { keepAdmin: boolean }): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    const target = await requireMember(tx, org.organization_id, memberId, true);
    if (o.keepAdmin) await keepAnAdmin(tx, org, target);
    if (target.status === 'invited') return deleteMember(tx, org.organization_id, memberId);
    await deactivateMember(tx, memberId, ctx.clock.now());
  });
}

/**
 * Reactivates a deactivated member of `org`: active again with its address. One whose address
 * was never verified, or that is not deactivated, is refused; the row lock makes parallel
 * reactivations one success.
 */
export function reactivateMember(ctx: ProviderContext, org: OrganizationRow, memberId: string): Promise<MemberRow> {
  return withTx(ctx.db, async (tx) => {
    const target = await requireMember(tx, org.organization_id, memberId, true);
    if (target.status !== 'deleted') throw new ApiError(400, 'member_reactivation_not_allowed', `The member is ${target.status}, not deactivated.`);
    if (!target.email_address_verified) throw new ApiError(400, 'member_reactivation_not_allowed', "The member's email address was never verified, so it cannot be reactivated.");
    const { rows } = await tx.query<MemberRow>(`UPDATE b2b_members SET status = 'active', updated_at = $2 WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`, [memberId, ctx.clock.now()]);
    return rows[0]!;
  });
}

/** Which of a member's factors an admin (or the member) removes. */
export type RemovableFactor = 'mfa_phone' | 'totp';

/**
 * Removes a member's MFA phone number or authenticator app (its recovery codes go with it); a
 * default MFA method that named it is cleared. Removing what is not there changes nothing.
 */
export function removeMemberFactor(ctx: ProviderContext, org: OrganizationRow, memberId: string, factor: RemovableFactor): Promise<MemberRow> {
  return withTx(ctx.db, async (tx) => {
    await requireMember(tx, org.organization_id, memberId, true);
    const now = ctx.clock.now();
    const sql =
      factor === 'mfa_phone'
        ? `UPDATE b2b_members SET mfa_phone_number = '', mfa_phone_number_verified = false,
             default_mfa_method = CASE WHEN default_mfa_method = 'sms_otp' THEN '' ELSE default_mfa_method END, updated_at = $2 WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`
        : `UPDATE b2b_members SET totp_registration_id = '',
             default_mfa_method = CASE WHEN default_mfa_method = 'totp' THEN '' ELSE default_mfa_method END, updated_at = $2 WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`;
    if (factor === 'totp') await tx.query('DELETE FROM b2b_totps WHERE member_id = $1', [memberId]);
    const { rows } = await tx.query<MemberRow>(sql, [memberId, now]);
    return rows[0]!;
  });
}

/** Removes the password with this id from its member in `org` (404 when no member there has it). */
export function removeMemberPassword(ctx: ProviderContext, org: OrganizationRow, passwordId: string): Promise<MemberRow> {
  return withTx(ctx.db, async (tx) => {
    const { rows } = await tx.query<MemberRow>(
      `UPDATE b2b_members SET password_hash = NULL, member_password_id = '', updated_at = $3
       WHERE organization_id = $1 AND member_password_id = $2 AND member_password_id <> '' RETURNING ${MEMBER_COLUMNS}`,
      [org.organization_id, passwordId, ctx.clock.now()],
    );
    if (!rows[0]) throw new ApiError(404, 'member_password_not_found', 'No member of the organization has this password.');
    return rows[0];
  });
}

/** The member holding the password with this id in `org`, or a 404 (the route checks the caller's right on that member first). */
export async function memberOfPassword(ctx: ProviderContext, org: OrganizationRow, passwordId: string): Promise<MemberRow> {
  const { rows } = await ctx.db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM b2b_members WHERE organization_id = $1 AND member_password_id = $2 AND member_password_id <> ''`, [
    org.organization_id,
    passwordId,
  ]);
  if (!rows[0]) throw new ApiError(404, 'member_password_not_found', 'No member of the organization has this password.');
  return rows[0];
}
