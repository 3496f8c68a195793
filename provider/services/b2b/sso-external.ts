import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { newId } from '../ids.ts';
import { loadOrganization } from './organizations.ts';
import { checkGrantableRoles } from './org-roles.ts';
import { connectionById, refreshActiveConnections, type ConnectionRow } from './sso-connections.ts';
import { pruneSsoRoles, type SamlRoleRules } from './sso-roles.ts';

/*
 * External SSO connections (migration 4950): an organization signs its members in through
 * another organization's SAML or OIDC connection (a subsidiary through its parent's IdP). The
 * sign-in goes to the source's IdP and comes back to the source's callback; the state names the
 * external connection, so the member, its JIT rule, its roles and its MFA policy are those of
 * the organization that owns the external connection (services/b2b/sso-callback.ts).
 *
 * The source organization does not opt in: the official Organization has no setting for it,
 * and every organization of a project is the same developer's. What is refused: a source that
 * does not exist, one's own connection, an external connection as a source, and role rules on
 * an OIDC source (the official types say OIDC sources take none).
 */

export interface ExternalConnectionRow {
  connection_id: string;
  organization_id: string;
  external_organization_id: string;
  external_connection_id: string;
  display_name: string;
  /** The SAML connection's rule shape, so services/b2b/sso-roles.ts grants and prunes them alike. */
  role_rules: SamlRoleRules;
  created_at: Date;
  updated_at: Date;
}

/** The official `Connection` of `sso.external` (`external_connections` of getConnections): always `active`, as the official type says. */
export function externalConnectionShape(row: ExternalConnectionRow): Record<string, unknown> {
  return {
    organization_id: row.organization_id,
    connection_id: row.connection_id,
    external_organization_id: row.external_organization_id,
    external_connection_id: row.external_connection_id,
    display_name: row.display_name,
    status: 'active',
    external_connection_implicit_role_assignments: row.role_rules.saml_connection_implicit_role_assignments ?? [],
    external_group_implicit_role_assignments: row.role_rules.saml_group_implicit_role_assignments ?? [],
  };
}

const refused = (message: string) => new ApiError(400, 'invalid_external_connection', message);
const notFound = () => new ApiError(404, 'connection_not_found', 'No SSO connection with this id in the organization.');

export async function externalById(db: Queryable, connectionId: string, lock: '' | ' FOR SHARE' | ' FOR UPDATE' = ''): Promise<ExternalConnectionRow | null> {
  const { rows } = await db.query<ExternalConnectionRow>(`SELECT * FROM b2b_sso_external_connections WHERE connection_id = $1${lock}`, [connectionId]);
  return rows[0] ?? null;
}

/** The organization's external connections whose source still exists (one whose source was deleted is unusable and not listed). */
export async function listExternalConnections(db: Queryable, organizationId: string): Promise<ExternalConnectionRow[]> {
  const { rows } = await db.query<ExternalConnectionRow>(
    `SELECT e.* FROM b2b_sso_external_connections e
     JOIN b2b_sso_connections s ON s.connection_id = e.external_connection_id AND s.organization_id = e.external_organization_id
     WHERE e.organization_id = $1 ORDER BY e.created_at, e.connection_id`,
    [organizationId],
  );
  return rows;
}

/** The connection an external one signs in through; a clear refusal once it was deleted. */
export async function sourceOf(db: Queryable, ext: ExternalConnectionRow): Promise<ConnectionRow> {
  const source = await connectionById(db, ext.external_connection_id);
  if (!source || source.organization_id !== ext.external_organization_id)
    throw new ApiError(
      400,
      'external_connection_source_deleted',
      'The SSO connection this external connection signs in through was deleted from its organization; an admin can delete this connection or make a new one.',
    );
  return source;
}

/**
 * The connection a sign-in started with `connectionId` goes through: the connection itself, or
 * for an external connection its source (with the external connection the sign-in is for).
 */
export async function signInConnection(db: Queryable, connectionId: string): Promise<{ row: ConnectionRow; via: string | null } | null> {
  const row = await connectionById(db, connectionId);
  if (row) return { row, via: null };
  const ext = await externalById(db, connectionId);
  return ext ? { row: await sourceOf(db, ext), via: ext.connection_id } : null;
}

/** The role ids rules name; undefined when they name no rule list at all (nothing to check, nothing locked). */
function ruleRoles(rules: SamlRoleRules): string[] | undefined {
  const { saml_connection_implicit_role_assignments: everyone, saml_group_implicit_role_assignments: byGroup } = rules;
  return everyone || byGroup ? [...(everyone ?? []), ...(byGroup ?? [])].map((a) => a.role_id) : undefined;
}

/** Refuses role rules on an OIDC source: the official types say an external connection through one takes none. */
function checkSourceTakesRules(source: ConnectionRow | null, roles: string[] | undefined): void {
  if (roles?.length && source?.protocol === 'oidc') throw refused('Role assignments need a SAML source: an external connection through an OIDC connection takes none.');
}

export interface ExternalCreate {
  external_organization_id: string;
  external_connection_id: string;
  display_name?: string | undefined;
  connection_implicit_role_assignments?: Array<{ role_id: string }> | undefined;
  group_implicit_role_assignments?: Array<{ role_id: string; group: string }> | undefined;
}

/**
 * A new external connection of `organizationId` through another organization's connection (in
 * the caller's transaction). The source row is share-locked, so a concurrent delete of it comes
 * either before (not found) or after (this one is then left unusable). Its display name is the
 * source's unless one is given.
 */
export async function createExternalConnection(ctx: ProviderContext, tx: Queryable, organizationId: string, o: ExternalCreate): Promise<ExternalConnectionRow> {
  // Role rules may name the organization's own roles: checked under its row lock, taken first (services/b2b/org-roles.ts).
  const roles = ruleRoles({ saml_connection_implicit_role_assignments: o.connection_implicit_role_assignments, saml_group_implicit_role_assignments: o.group_implicit_role_assignments });
  await checkGrantableRoles(ctx, tx, organizationId, roles);
  const sourceOrg = await loadOrganization(tx, o.external_organization_id);
  if (!sourceOrg) throw new ApiError(404, 'organization_not_found', 'No organization with this external_organization_id.');
  if (sourceOrg.organization_id === organizationId) throw refused("An organization's own connection cannot be its external connection: sign in through the connection itself.");
  if (await externalById(tx, o.external_connection_id)) throw refused('external_connection_id names an external connection; name the SAML or OIDC connection it signs in through.');
  const { rows: found } = await tx.query<ConnectionRow>('SELECT * FROM b2b_sso_connections WHERE connection_id = $1 AND organization_id = $2 FOR SHARE', [
    o.external_connection_id,
    sourceOrg.organization_id,
  ]);
  const source = found[0];
  if (!source) throw new ApiError(404, 'connection_not_found', 'No SAML or OIDC connection with this external_connection_id in the external organization.');
  const rules: SamlRoleRules = {
    saml_connection_implicit_role_assignments: o.connection_implicit_role_assignments ?? [],
    saml_group_implicit_role_assignments: o.group_implicit_role_assignments ?? [],
  };
  checkSourceTakesRules(source, roles);
  const now = ctx.clock.now();
  // The unique (organization, source) pair decides a race of two creates: one is made, the other refused.
  const { rows } = await tx.query<ExternalConnectionRow>(
    `INSERT INTO b2b_sso_external_connections (connection_id, organization_id, external_organization_id, external_connection_id, display_name, role_rules, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (organization_id, external_connection_id) DO NOTHING RETURNING *`,
    [newId('external-connection', ctx.env), organizationId, sourceOrg.organization_id, source.connection_id, o.display_name || source.display_name, JSON.stringify(rules), now],
  );
  if (!rows[0]) throw new ApiError(409, 'external_connection_already_exists', 'The organization already has an external connection through this connection.');
  await refreshActiveConnections(ctx, tx, organizationId);
  return rows[0];
}

export interface ExternalUpdate {
  display_name?: string | undefined;
  external_connection_implicit_role_assignments?: Array<{ role_id: string }> | undefined;
  external_group_implicit_role_assignments?: Array<{ role_id: string; group: string }> | undefined;
}

/** An admin's update: the display name and the role rules; a rule taken away is taken from every member at once. */
export async function updateExternalConnection(ctx: ProviderContext, tx: Queryable, organizationId: string, connectionId: string, u: ExternalUpdate): Promise<ExternalConnectionRow> {
  const roles = ruleRoles({
    saml_connection_implicit_role_assignments: u.external_connection_implicit_role_assignments,
    saml_group_implicit_role_assignments: u.external_group_implicit_role_assignments,
  });
  await checkGrantableRoles(ctx, tx, organizationId, roles);
  const row = await externalById(tx, connectionId, ' FOR UPDATE');
  if (!row || row.organization_id !== organizationId) throw notFound();
  const rules: SamlRoleRules = {
    saml_connection_implicit_role_assignments: u.external_connection_implicit_role_assignments ?? row.role_rules.saml_connection_implicit_role_assignments ?? [],
    saml_group_implicit_role_assignments: u.external_group_implicit_role_assignments ?? row.role_rules.saml_group_implicit_role_assignments ?? [],
  };
  checkSourceTakesRules(await connectionById(tx, row.external_connection_id), roles);
  const { rows } = await tx.query<ExternalConnectionRow>('UPDATE b2b_sso_external_connections SET display_name = $2, role_rules = $3, updated_at = $4 WHERE connection_id = $1 RETURNING *', [
    connectionId,
    u.display_name ?? row.display_name,
    JSON.stringify(rules),
    ctx.clock.now(),
  ]);
  await refreshActiveConnections(ctx, tx, organizationId);
  if (u.external_connection_implicit_role_assignments || u.external_group_implicit_role_assignments) await pruneSsoRoles(ctx, tx, organizationId, connectionId, rules);
  return rows[0]!;
}

/** Deletes an external connection of the organization (its sign-ins in flight end with it) and the roles it gave; false when there is none. */
export async function deleteExternalConnection(ctx: ProviderContext, tx: Queryable, organizationId: string, connectionId: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM b2b_sso_external_connections WHERE connection_id = $1 AND organization_id = $2 RETURNING connection_id', [connectionId, organizationId]);
  if (!rows[0]) return false;
  await pruneSsoRoles(ctx, tx, organizationId, connectionId, {});
  await refreshActiveConnections(ctx, tx, organizationId);
  return true;
}
