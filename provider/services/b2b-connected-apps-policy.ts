import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { isFirstParty, type ClientRow } from './connected-apps.ts';

/*
 * An organization's connected-apps policy (the official Organization's
 * `first_party_connected_apps_allowed_type` and `third_party_connected_apps_allowed_type`,
 * with `allowed_first_party_connected_apps` and `allowed_third_party_connected_apps`): which
 * of the project's apps its members may grant to. A first-party app (`first_party`,
 * `first_party_public`) answers to the first-party half, a third-party one to the other.
 *
 * It holds wherever a member's grant is made or used: the authorization request reads it under
 * a share lock on the organization's row (inside the submit's transaction), and a change to it
 * takes that row's lock and, in the same transaction, ends every grant it now refuses (codes not
 * yet exchanged, consents, authorizations with their tokens). So a grant either was made before
 * the change committed and is ended by it, or read the new policy and was refused.
 *
 * It lives beside the connected-apps services (not in services/b2b/), as the authorization
 * request, shared by both lines, reads it.
 */

export const APPS_ALLOWED_TYPES = ['ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED'] as const;
export type AppsAllowedType = (typeof APPS_ALLOWED_TYPES)[number];

/** The policy's four fields, by their wire names (as stored, migration 4740). */
export interface AppPolicy {
  first_party_connected_apps_allowed_type: AppsAllowedType;
  allowed_first_party_connected_apps: string[];
  third_party_connected_apps_allowed_type: AppsAllowedType;
  allowed_third_party_connected_apps: string[];
}

/** The half of the policy a client answers to: its type and its allow list. */
function halfFor(policy: AppPolicy, client: Pick<ClientRow, 'client_type'>): { type: AppsAllowedType; allowed: string[] } {
  return isFirstParty(client.client_type)
    ? { type: policy.first_party_connected_apps_allowed_type, allowed: policy.allowed_first_party_connected_apps }
    : { type: policy.third_party_connected_apps_allowed_type, allowed: policy.allowed_third_party_connected_apps };
}

/** Whether the policy lets the organization's members grant to `client`. */
export function appAllowed(policy: AppPolicy, client: Pick<ClientRow, 'client_id' | 'client_type'>): boolean {
  const { type, allowed } = halfFor(policy, client);
  return type === 'ALL_ALLOWED' || (type === 'RESTRICTED' && allowed.includes(client.client_id));
}

const POLICY_COLUMNS = 'first_party_connected_apps_allowed_type, allowed_first_party_connected_apps, third_party_connected_apps_allowed_type, allowed_third_party_connected_apps';

/**
 * Refuses (403 `connected_app_not_allowed_for_org`, the official type) a client the member's
 * organization does not allow. The organization's row is read under a share lock: inside a
 * transaction, a policy change waits for it to commit (and then ends what it granted).
 */
export async function requireAppAllowed(db: Queryable, organizationId: string, client: Pick<ClientRow, 'client_id' | 'client_type'>): Promise<void> {
  const { rows } = await db.query<AppPolicy>(`SELECT ${POLICY_COLUMNS} FROM b2b_organizations WHERE organization_id = $1 FOR SHARE`, [organizationId]);
  const policy = rows[0];
  if (policy && !appAllowed(policy, client)) {
    const party = isFirstParty(client.client_type) ? 'first-party' : 'third-party';
    throw new ApiError(
      403,
      'connected_app_not_allowed_for_org',
      `Your organization does not allow this ${party} app (its ${party.replace('-', '_')}_connected_apps_allowed_type). An admin of the organization can allow it.`,
    );
  }
}

/**
 * Checks the allow lists a change sets: every id must be a connected app of the project
 * (400 `connected_app_not_found`) of the list's party (400 `invalid_connected_app_type`).
 * Ids are kept once each, in the order given.
 */
export async function checkAppPolicy<S extends Partial<AppPolicy>>(db: Queryable, s: S): Promise<S> {
  const lists = [
    ['allowed_first_party_connected_apps', true],
    ['allowed_third_party_connected_apps', false],
  ] as const;
  const checked: Partial<AppPolicy> = {};
  for (const [field, firstParty] of lists) {
    const ids = s[field];
    if (ids === undefined) continue;
    const unique = [...new Set(ids)];
    const { rows } = await db.query<Pick<ClientRow, 'client_id' | 'client_type'>>('SELECT client_id, client_type FROM connected_apps WHERE client_id = ANY($1)', [unique]);
    for (const id of unique) {
      const client = rows.find((r) => r.client_id === id);
      if (!client) throw new ApiError(400, 'connected_app_not_found', `${field}: ${id.slice(0, 200)} is not a connected app of this project.`);
      if (isFirstParty(client.client_type) !== firstParty) {
        throw new ApiError(400, 'invalid_connected_app_type', `${field}: ${id} is a ${client.client_type} app; this list takes ${firstParty ? 'first' : 'third'}-party apps only.`);
      }
    }
    checked[field] = unique;
  }
  return { ...s, ...checked };
}

/** SQL: whether the organization `o` refuses the client `c` (appAllowed's rule, for the statements below). */
const REFUSED = `NOT CASE WHEN c.client_type IN ('first_party', 'first_party_public')
    THEN o.first_party_connected_apps_allowed_type = 'ALL_ALLOWED'
      OR (o.first_party_connected_apps_allowed_type = 'RESTRICTED' AND o.allowed_first_party_connected_apps @> jsonb_build_array(c.client_id))
    ELSE o.third_party_connected_apps_allowed_type = 'ALL_ALLOWED'
      OR (o.third_party_connected_apps_allowed_type = 'RESTRICTED' AND o.allowed_third_party_connected_apps @> jsonb_build_array(c.client_id)) END`;

/** The organization's members' rows of `table` whose client the organization now refuses. */
const refusedRows = (table: string) => `${table}.member_id IN (SELECT member_id FROM b2b_members WHERE organization_id = $1)
  AND EXISTS (SELECT 1 FROM connected_apps c, b2b_organizations o WHERE c.client_id = ${table}.client_id AND o.organization_id = $1 AND ${REFUSED})`;

/**
 * Ends every grant of the organization's members that its policy (as this transaction now
 * holds it) refuses: the app is uninstalled, as the official docs say a policy change may do.
 * Codes go first, then consents, then authorizations (their access and refresh tokens stop
 * working): each statement sees what committed before it began, so an exchange that held a
 * code's lock while the codes were deleted has committed its authorization before the
 * authorizations are revoked.
 */
export async function endRefusedGrants(tx: Queryable, organizationId: string, now: Date): Promise<void> {
  await tx.query(`DELETE FROM idp_codes WHERE used_at IS NULL AND ${refusedRows('idp_codes')}`, [organizationId]);
  await tx.query(`DELETE FROM connected_app_member_grants WHERE ${refusedRows('connected_app_member_grants')}`, [organizationId]);
  await tx.query(`UPDATE idp_authorizations SET revoked_at = $2 WHERE revoked_at IS NULL AND ${refusedRows('idp_authorizations')}`, [organizationId, now]);
}
