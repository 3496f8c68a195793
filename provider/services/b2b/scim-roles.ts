import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { loadMember, updateMember } from './members.ts';

/*
 * A SCIM group's membership maps to roles (the connection's `scim_group_implicit_role_assignments`).
 * What a connection's groups gave a member is kept with its SCIM user (`granted_roles`), so a
 * role is taken back only if the groups gave it: a role an admin had assigned before stays when
 * the group that also gives it is left.
 */

/** What the role rules need of a connection. */
export interface RoleMapping {
  connection_id: string;
  group_roles: Array<{ group_id: string; role_id: string }>;
}

/** Applies the mapping to one SCIM user's member (in the caller's transaction). */
export async function regrant(ctx: ProviderContext, tx: Queryable, conn: RoleMapping, scimUserId: string): Promise<void> {
  const { rows } = await tx.query<{ member_id: string | null; granted_roles: string[] }>('SELECT member_id, granted_roles FROM b2b_scim_users WHERE scim_user_id = $1 FOR UPDATE', [scimUserId]);
  const user = rows[0];
  if (!user?.member_id) return;
  const groups = await tx.query<{ group_id: string }>('SELECT group_id FROM b2b_scim_group_members WHERE scim_user_id = $1', [scimUserId]);
  const inGroups = new Set(groups.rows.map((g) => g.group_id));
  const desired = new Set(conn.group_roles.filter((g) => inGroups.has(g.group_id)).map((g) => g.role_id));
  const member = await loadMember(tx, user.member_id, true);
  if (!member) return;
  const granted = new Set(user.granted_roles);
  const added = [...desired].filter((r) => !member.roles.includes(r) && !granted.has(r));
  const kept = member.roles.filter((r) => !granted.has(r) || desired.has(r));
  const roles = [...kept, ...added];
  const nowGranted = [...[...granted].filter((r) => desired.has(r)), ...added];
  if (roles.length !== member.roles.length || roles.some((r, i) => r !== member.roles[i])) await updateMember(tx, member.member_id, ctx.clock.now(), { roles });
  await tx.query('UPDATE b2b_scim_users SET granted_roles = $2 WHERE scim_user_id = $1', [scimUserId, JSON.stringify(nowGranted)]);
}

/** Applies the mapping to every member the connection provisioned (after the mapping changed). */
export async function regrantAll(ctx: ProviderContext, tx: Queryable, conn: RoleMapping): Promise<void> {
  const { rows } = await tx.query<{ scim_user_id: string }>('SELECT scim_user_id FROM b2b_scim_users WHERE connection_id = $1 AND member_id IS NOT NULL ORDER BY scim_user_id', [conn.connection_id]);
  for (const r of rows) await regrant(ctx, tx, conn, r.scim_user_id);
}

/** Applies the mapping to a group's members (after its membership changed). */
export async function regrantUsers(ctx: ProviderContext, tx: Queryable, conn: RoleMapping, scimUserIds: Iterable<string>): Promise<void> {
  for (const id of [...new Set(scimUserIds)].sort()) await regrant(ctx, tx, conn, id);
}

/** The connection's mapping as it stands in this transaction (an update may have changed it since the request was authenticated). */
export async function mappingOf(tx: Queryable, connectionId: string): Promise<RoleMapping> {
  const { rows } = await tx.query<RoleMapping>('SELECT connection_id, group_roles FROM b2b_scim_connections WHERE connection_id = $1', [connectionId]);
  return rows[0] ?? { connection_id: connectionId, group_roles: [] };
}
