import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { withTx } from '../tx.ts';
import { phoneOf } from '../users.ts';
import { revokeMemberSessions } from './member-sessions.ts';
import { activeAdminCount, ADMIN_ROLE, deleteMember, isAdmin, requireMember, updateMember, type MemberChanges, type MemberRow } from './members.ts';
import { createOrganization, deleteOrganization, loadOrganization, slugFromName, updateOrganization, type OrganizationRow, type OrganizationSettings } from './organizations.ts';
import { checkRoleIds } from './rbac.ts';

/*
 * Changes to organizations and their members that both APIs make (the browser SDK's admin
 * calls, gated by role in the route, and the server API's), each in a transaction of its own.
 */

/** A new organization; its slug is made from its name when none is given. */
export function openOrganization(ctx: ProviderContext, s: OrganizationSettings & { organization_name: string; organization_slug?: string | undefined }): Promise<OrganizationRow> {
  return withTx(ctx.db, (tx) => createOrganization(tx, ctx.env, ctx.clock.now(), { ...s, organization_slug: s.organization_slug ?? slugFromName(s.organization_name) }));
}

/** Changes an organization's settings. */
export function changeOrganization(ctx: ProviderContext, organizationId: string, settings: OrganizationSettings): Promise<OrganizationRow> {
  checkRoleIds(
    ctx.config,
    settings.rbac_email_implicit_role_assignments?.map((a) => a.role_id),
  );
  return withTx(ctx.db, (tx) => updateOrganization(tx, organizationId, ctx.clock.now(), settings));
}

/** Deletes an organization with its members and their sessions. */
export function removeOrganization(ctx: ProviderContext, organizationId: string): Promise<void> {
  return withTx(ctx.db, (tx) => deleteOrganization(tx, organizationId));
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

/** A change to a member as the APIs take it: an MFA phone number as typed, and whether its sessions survive a change of roles. */
export type MemberChange = MemberChanges & { preserve_existing_sessions?: boolean | undefined };

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
 * signs in again unless asked otherwise: its sessions carry the old roles.
 */
export async function changeMember(ctx: ProviderContext, org: OrganizationRow, memberId: string, req: MemberChange, o: { keepAdmin: boolean }): Promise<MemberRow> {
  const { preserve_existing_sessions: preserve, ...changes } = req;
  checkRoleIds(ctx.config, changes.roles);
  const member = await withTx(ctx.db, async (tx) => {
    const target = await requireMember(tx, org.organization_id, memberId, true);
    if (o.keepAdmin && changes.roles && !changes.roles.includes(ADMIN_ROLE)) await keepAnAdmin(tx, org, target);
    return updateMember(tx, memberId, ctx.clock.now(), stored(changes));
  });
  if (req.roles && preserve !== true) await revokeMemberSessions(ctx, ctx.db, memberId);
  return member;
}

/** Deletes a member of `org`; `keepAdmin`: never the last active admin (the browser's calls). */
export function removeMember(ctx: ProviderContext, org: OrganizationRow, memberId: string, o: { keepAdmin: boolean }): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    if (o.keepAdmin) await keepAnAdmin(tx, org, await requireMember(tx, org.organization_id, memberId, true));
    await deleteMember(tx, org.organization_id, memberId);
  });
}
