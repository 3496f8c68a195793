import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { loadMember, setRoleGrants } from './members.ts';
import type { RoleGrant } from './rbac.ts';

/*
 * A SCIM group's membership maps to roles (the connection's `scim_group_implicit_role_assignments`).
 * What a connection's groups give a member is kept as the member's role grants of type
 * `scim_connection_group` naming the connection and the group (`b2b_members.role_grants`, read by
 * the RBAC policy at every check: services/b2b/rbac.ts), so the roles an admin assigned are never
 * touched, and a change is seen by the member's next call.
 */

/** What the role rules need of a connection. */
export interface RoleMapping {
  connection_id: string;
  group_roles: Array<{ group_id: string; role_id: string }>;
}

/** Rewrites this connection's grants of one SCIM user's member from its groups (in the caller's transaction). */
export async function regrant(ctx: ProviderContext, tx: Queryable, conn: RoleMapping, scimUserId: string): Promise<void> {
  const { rows } = await tx.query<{ member_id: string | null }>('SELECT member_id FROM b2b_scim_users WHERE scim_user_id = $1 FOR UPDATE', [scimUserId]);
  const memberId = rows[0]?.member_id;
  if (!memberId) return;
  const groups = await tx.query<{ group_id: string }>('SELECT group_id FROM b2b_scim_group_members WHERE scim_user_id = $1', [scimUserId]);
  const inGroups = new Set(groups.rows.map((g) => g.group_id));
  const desired: RoleGrant[] = conn.group_roles
    .filter((g) => inGroups.has(g.group_id))
    .map((g) => ({ role_id: g.role_id, type: 'scim_connection_group', details: { connection_id: conn.connection_id, group_id: g.group_id } }));
  const member = await loadMember(tx, memberId, true);
  // A deactivated member holds no roles: its groups grant them again once it is active.
  if (!member || member.status === 'deleted') return;
  const others = member.role_grants.filter((g) => !(g.type === 'scim_connection_group' && g.details.connection_id === conn.connection_id));
  await setRoleGrants(ctx, tx, member, [...others, ...desired]);
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

/**
 * The connection's mapping as it stands in this transaction (an update may have changed it since
 * the request was authenticated), under a share lock: a role an organization drops meanwhile
 * (org-roles.ts, which rewrites the mapping before its members) is either not granted here or
 * taken away after this commits.
 */
export async function mappingOf(tx: Queryable, connectionId: string): Promise<RoleMapping> {
  const { rows } = await tx.query<RoleMapping>('SELECT connection_id, group_roles FROM b2b_scim_connections WHERE connection_id = $1 FOR SHARE', [connectionId]);
  return rows[0] ?? { connection_id: connectionId, group_roles: [] };
}
