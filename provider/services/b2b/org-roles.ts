import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { withTx } from '../tx.ts';
import { requireOrganization, type OrganizationRow } from './organizations.ts';
import { checkRoleIds, rbacPolicy, type PolicyRole, type RoleGrant } from './rbac.ts';

/*
 * An organization's own roles (the official org policy: rbac.organizations.getOrgPolicy and
 * setOrgPolicy, the Organization's `custom_roles`), kept on its row (migration 4960). They sit
 * beside the project's roles for that organization's members only (rbac.ts policyFor), over the
 * project's resources. Setting the policy replaces every role; a role it drops is taken, in the
 * same transaction, from everything that grants it in the organization (members' assignments and
 * connection grants, the email-domain rules, SSO and SCIM role rules), so no member keeps a role
 * that no longer exists and their next check no longer has it. Every grant that names an
 * organization's role checks it under the organization's row lock (checkGrantableRoles), which
 * this takes first too: a grant racing a removal either comes first and is taken away, or
 * comes after and is refused.
 */

/** The official OrgPolicy: the organization's roles. */
export interface OrgPolicy {
  roles: PolicyRole[];
}

/** The org policy as the official Node SDK reads it. */
export function orgPolicyOf(org: Pick<OrganizationRow, 'custom_roles'>): OrgPolicy {
  return { roles: org.custom_roles ?? [] };
}

/**
 * Refuses an org policy that does not fit the project's: a role id reserved (the `stytch`
 * prefix, as for the project's own roles) or already a project role, one given twice, a
 * permission naming a resource the project's policy lacks or an action that resource lacks,
 * a resource or action given twice in one role. Sizes are the request schema's.
 */
export function checkOrgPolicy(config: ProviderContext['config'], policy: OrgPolicy): PolicyRole[] {
  const project = rbacPolicy(config);
  const resources = new Map(project.resources.map((r) => [r.resource_id, r]));
  const seen = new Set<string>();
  for (const role of policy.roles) {
    const id = role.role_id;
    if (id.toLowerCase().startsWith('stytch')) throw new ApiError(400, 'reserved_role_id', `${id}: role ids starting with "stytch" are reserved.`);
    if (project.roles.some((r) => r.role_id === id)) throw new ApiError(400, 'duplicate_role_id', `${id} is a role of the project already.`);
    if (seen.has(id)) throw new ApiError(400, 'duplicate_role_id', `${id} is given twice.`);
    seen.add(id);
    const named = new Set<string>();
    for (const p of role.permissions) {
      const resource = resources.get(p.resource_id);
      if (!resource) throw new ApiError(400, 'invalid_resource_id', `${id}: the project's policy has no resource ${p.resource_id}.`);
      if (named.has(p.resource_id)) throw new ApiError(400, 'duplicate_permission', `${id}: ${p.resource_id} is given twice.`);
      named.add(p.resource_id);
      if (new Set(p.actions).size !== p.actions.length) throw new ApiError(400, 'duplicate_permission', `${id}: an action of ${p.resource_id} is given twice.`);
      for (const a of p.actions) {
        if (a !== '*' && !resource.actions.includes(a)) throw new ApiError(400, 'invalid_action', `${id}: ${p.resource_id} has no action ${a}.`);
      }
    }
  }
  return policy.roles.map((r) => ({ role_id: r.role_id, description: r.description, permissions: r.permissions.map((p) => ({ resource_id: p.resource_id, actions: [...p.actions] })) }));
}

/**
 * Checks the role ids a grant names in the caller's transaction under the organization's row
 * lock, taken before any member or connection row (the order setOrgPolicy takes them in, so the
 * two never deadlock): a setOrgPolicy removing a role either waits for the grant (and then takes
 * it away) or is waited for (and the grant is refused). Nothing to grant (undefined) locks nothing.
 */
export async function checkGrantableRoles(ctx: ProviderContext, tx: Queryable, organizationId: string, roles: readonly string[] | undefined): Promise<void> {
  if (roles === undefined) return;
  checkRoleIds(ctx.config, roles, await requireOrganization(tx, organizationId, true));
}

/** Replaces the organization's roles, taking those it drops from every grant in the organization. */
export function setOrgPolicy(ctx: ProviderContext, organizationId: string, policy: OrgPolicy): Promise<OrganizationRow> {
  const roles = checkOrgPolicy(ctx.config, policy);
  return withTx(ctx.db, async (tx) => {
    const before = await requireOrganization(tx, organizationId, true);
    const kept = new Set(roles.map((r) => r.role_id));
    const gone = new Set((before.custom_roles ?? []).map((r) => r.role_id).filter((id) => !kept.has(id)));
    const now = ctx.clock.now();
    const emailRules = (before.rbac_email_implicit_role_assignments ?? []).filter((a) => !gone.has(a.role_id));
    const { rows } = await tx.query<OrganizationRow>(
      'UPDATE b2b_organizations SET custom_roles = $2, rbac_email_implicit_role_assignments = $3, updated_at = $4 WHERE organization_id = $1 RETURNING *',
      [organizationId, JSON.stringify(roles), JSON.stringify(emailRules), now],
    );
    if (gone.size > 0) await takeAway(tx, organizationId, [...gone], now);
    return rows[0]!;
  });
}

/** Takes the removed roles from the rules of the organization's external SSO connections (services/b2b/sso-external.ts), locked as the SSO connections' are. */
async function dropFromExternalRules(tx: Queryable, organizationId: string, gone: string[], now: Date): Promise<void> {
  const { rows } = await tx.query<{ connection_id: string; role_rules: Record<string, Array<{ role_id: string }> | undefined> }>(
    'SELECT connection_id, role_rules FROM b2b_sso_external_connections WHERE organization_id = $1 ORDER BY connection_id FOR UPDATE',
    [organizationId],
  );
  for (const c of rows) {
    if (!Object.values(c.role_rules).some((list) => list?.some((a) => gone.includes(a.role_id)))) continue;
    const rules = Object.fromEntries(Object.entries(c.role_rules).map(([k, list]) => [k, (list ?? []).filter((a) => !gone.includes(a.role_id))]));
    await tx.query('UPDATE b2b_sso_external_connections SET role_rules = $2, updated_at = $3 WHERE connection_id = $1', [c.connection_id, JSON.stringify(rules), now]);
  }
}

/**
 * Takes the removed roles from the organization's connection rules first (which waits for a
 * sign-in or SCIM push reading them under a share lock to commit), then from its members: that
 * statement starts after those commits, so it sees every grant they wrote.
 */
async function takeAway(tx: Queryable, organizationId: string, gone: string[], now: Date): Promise<void> {
  const drop = (list: Array<{ role_id: string }> | undefined) => (list ?? []).filter((a) => !gone.includes(a.role_id));
  const sso = await tx.query<{ connection_id: string; settings: Record<string, Array<{ role_id: string }> | undefined> }>(
    'SELECT connection_id, settings FROM b2b_sso_connections WHERE organization_id = $1 ORDER BY connection_id FOR UPDATE',
    [organizationId],
  );
  for (const c of sso.rows) {
    const rules = ['saml_connection_implicit_role_assignments', 'saml_group_implicit_role_assignments'] as const;
    if (!rules.some((k) => c.settings[k]?.some((a) => gone.includes(a.role_id)))) continue;
    const settings = { ...c.settings, ...Object.fromEntries(rules.filter((k) => c.settings[k]).map((k) => [k, drop(c.settings[k])])) };
    await tx.query('UPDATE b2b_sso_connections SET settings = $2, updated_at = $3 WHERE connection_id = $1', [c.connection_id, JSON.stringify(settings), now]);
  }
  await dropFromExternalRules(tx, organizationId, gone, now);
  const scim = await tx.query<{ connection_id: string; group_roles: Array<{ group_id: string; role_id: string }> }>(
    'SELECT connection_id, group_roles FROM b2b_scim_connections WHERE organization_id = $1 ORDER BY connection_id FOR UPDATE',
    [organizationId],
  );
  for (const c of scim.rows) {
    if (!c.group_roles.some((a) => gone.includes(a.role_id))) continue;
    await tx.query('UPDATE b2b_scim_connections SET group_roles = $2, updated_at = $3 WHERE connection_id = $1', [c.connection_id, JSON.stringify(drop(c.group_roles)), now]);
  }
  // Every member row of the organization is visited (and waited for), not only those the snapshot
  // shows holding a removed role: a grant committed while this waited is read as it now stands.
  const members = await tx.query<{ member_id: string; roles: string[]; role_grants: RoleGrant[] }>(
    'SELECT member_id, roles, role_grants FROM b2b_members WHERE organization_id = $1 ORDER BY member_id FOR UPDATE',
    [organizationId],
  );
  for (const m of members.rows) {
    const roles = m.roles.filter((r) => !gone.includes(r));
    const grants = m.role_grants.filter((g) => !gone.includes(g.role_id));
    if (roles.length === m.roles.length && grants.length === m.role_grants.length) continue;
    await tx.query('UPDATE b2b_members SET roles = $2, role_grants = $3, updated_at = $4 WHERE member_id = $1', [m.member_id, JSON.stringify(roles), JSON.stringify(grants), now]);
  }
}
