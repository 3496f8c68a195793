import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { setRoleGrants, type MemberRow } from './members.ts';
import type { RoleGrant } from './rbac.ts';

/*
 * The roles a SAML connection gives (its `saml_connection_implicit_role_assignments` to everyone
 * who signs in through it, its `saml_group_implicit_role_assignments` by the groups the IdP
 * names in the assertion), kept as the member's role grants of type `sso_connection` and
 * `sso_connection_group` naming the connection (`b2b_members.role_grants`, read at every check:
 * services/b2b/rbac.ts), so the roles an admin assigned are never touched. A sign-in through
 * the connection rewrites them from the assertion; a rule an admin removes is taken from every
 * member at once (an external connection through a SAML connection holds the same rules, under
 * its own id), a rule added applies from each member's next sign-in (only the IdP knows who
 * is in a group).
 */

/** The roles a SAML connection gives: to everyone who signs in through it, and by the groups the IdP names. */
export interface SamlRoleRules {
  saml_connection_implicit_role_assignments?: Array<{ role_id: string }>;
  saml_group_implicit_role_assignments?: Array<{ group: string; role_id: string }>;
}

const isFrom = (g: RoleGrant, connectionId: string) => (g.type === 'sso_connection' || g.type === 'sso_connection_group') && g.details.connection_id === connectionId;

/** The grants the rules give a person in `groups`. */
function grantsOf(connectionId: string, rules: SamlRoleRules, groups: readonly string[]): RoleGrant[] {
  const everyone = (rules.saml_connection_implicit_role_assignments ?? []).map((a): RoleGrant => ({ role_id: a.role_id, type: 'sso_connection', details: { connection_id: connectionId } }));
  const byGroup = (rules.saml_group_implicit_role_assignments ?? [])
    .filter((a) => groups.includes(a.group))
    .map((a): RoleGrant => ({ role_id: a.role_id, type: 'sso_connection_group', details: { connection_id: connectionId, group: a.group } }));
  return [...everyone, ...byGroup];
}

/** Where a connection's rules are kept: a SAML connection's settings, an external connection's own rules (services/b2b/sso-external.ts). */
const RULES_OF = {
  saml: 'SELECT settings AS rules FROM b2b_sso_connections WHERE connection_id = $1 FOR SHARE',
  external: 'SELECT role_rules AS rules FROM b2b_sso_external_connections WHERE connection_id = $1 FOR SHARE',
} as const;

/**
 * Rewrites the connection's grants of a member who just signed in through it (the member row
 * locked by the caller's transaction), by the rules as they stand: the connection's row is read
 * under a share lock, so a rule removed by an update either comes before and is not given, or
 * waits for this sign-in and is then taken away.
 */
export async function grantSsoRoles(ctx: ProviderContext, tx: Queryable, member: MemberRow, connectionId: string, groups: readonly string[], kind: keyof typeof RULES_OF = 'saml'): Promise<void> {
  const { rows } = await tx.query<{ rules: SamlRoleRules }>(RULES_OF[kind], [connectionId]);
  const rules = rows[0]?.rules ?? {};
  const others = member.role_grants.filter((g) => !isFrom(g, connectionId));
  await setRoleGrants(ctx, tx, member, [...others, ...grantsOf(connectionId, rules, groups)]);
}

/** Takes from every member of the organization the connection's grants its new rules no longer give (in the caller's transaction). */
export async function pruneSsoRoles(ctx: ProviderContext, tx: Queryable, organizationId: string, connectionId: string, rules: SamlRoleRules): Promise<void> {
  const kept = (g: RoleGrant) =>
    g.type === 'sso_connection'
      ? (rules.saml_connection_implicit_role_assignments ?? []).some((a) => a.role_id === g.role_id)
      : (rules.saml_group_implicit_role_assignments ?? []).some((a) => a.role_id === g.role_id && a.group === g.details.group);
  const { rows } = await tx.query<Pick<MemberRow, 'member_id' | 'role_grants'>>(
    `SELECT member_id, role_grants FROM b2b_members WHERE organization_id = $1 AND role_grants @> $2::jsonb ORDER BY member_id FOR UPDATE`,
    [organizationId, JSON.stringify([{ details: { connection_id: connectionId } }])],
  );
  for (const m of rows)
    await setRoleGrants(
      ctx,
      tx,
      m,
      m.role_grants.filter((g) => !isFrom(g, connectionId) || kept(g)),
    );
}
