import { useEffect, useMemo, useState } from 'react';
import { policyOf, type RBACPolicyRole } from '../../../client/b2b/rbac.ts';
import type { Member } from '../../../client/b2b/types.ts';
import { useAdmin, useAdminClient, useCan } from './widget.ts';

/** Every member holds this role implicitly: it is shown, never assigned. */
export const MEMBER_ROLE = 'stytch_member';

/** A role as the portal shows it: its id, the name and description the host's callbacks give. */
export interface ShownRole {
  role_id: string;
  name: string;
  description: string;
}

/**
 * The project's roles (bootstrap's RBAC policy) and, when the member may read them
 * (`stytch.custom-org-roles` `get`, as the official portal asks), the organization's own
 * (`custom_roles`), in the host's order and words (`getRoleSortOrder`, `getRoleDisplayName`,
 * `getRoleDescription`; by default the id and the policy's description).
 */
export function useRoles(): ShownRole[] {
  const client = useAdminClient();
  const { config } = useAdmin();
  const [raw, setRaw] = useState(() => client.bootstrap.getSync().rbac_policy);
  const [orgRoles, setOrgRoles] = useState(() => client.organization.getSync()?.custom_roles ?? []);
  const mayReadOrgRoles = useCan('stytch.custom-org-roles', 'get');
  // The policy arrives with bootstrap's answer, which may come after the first render.
  useEffect(() => {
    void client.bootstrap.ready().then((b) => setRaw(b.rbac_policy));
    return client.bootstrap.onChange((b) => setRaw(b.rbac_policy));
  }, [client]);
  // The organization's roles change with its copy (fetched, or changed by a setOrgPolicy the member's next fetch sees).
  useEffect(() => client.organization.onChange((o) => setOrgRoles(o?.custom_roles ?? [])), [client]);
  return useMemo(() => {
    const roles: RBACPolicyRole[] = [...(policyOf(raw)?.roles ?? []), ...(mayReadOrgRoles ? orgRoles : [])];
    const order = config.getRoleSortOrder?.(roles) ?? [];
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    return [...roles]
      .sort((a, b) => rank(a.role_id) - rank(b.role_id))
      .map((r) => ({ role_id: r.role_id, name: config.getRoleDisplayName?.(r) ?? r.role_id, description: config.getRoleDescription?.(r) ?? r.description ?? '' }));
  }, [raw, orgRoles, mayReadOrgRoles, config]);
}

/** The roles an admin may give (every one but the implicit member role). */
export function useAssignableRoles(): ShownRole[] {
  const roles = useRoles();
  return useMemo(() => roles.filter((r) => r.role_id !== MEMBER_ROLE), [roles]);
}

/** The roles assigned to a member directly (those an admin may take away), without the implicit one. */
export const directRoles = (m: Member): string[] => m.roles.filter((r) => r.role_id !== MEMBER_ROLE && r.sources.some((s) => s.type === 'direct_assignment')).map((r) => r.role_id);

/** Every role a member holds, by any source. */
export const allRoles = (m: Member): string[] => m.roles.map((r) => r.role_id);
