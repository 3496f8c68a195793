import type { B2BContext } from './context.ts';

/** One role of the project's RBAC policy (bootstrap `rbac_policy`), as the provider answers it. */
export interface RBACPolicyRole {
  role_id: string;
  description?: string;
  permissions: { resource_id: string; actions: string[] }[];
}

/** The project's RBAC policy: its roles and the resources their permissions name. */
export interface RBACPolicy {
  roles: RBACPolicyRole[];
  resources: { resource_id: string; description?: string; actions: string[] }[];
}

/** Any action on a resource. */
const WILDCARD = '*';

/** The policy bootstrap carries, or none when it is missing or not of that shape. */
export function policyOf(raw: unknown): RBACPolicy | null {
  const p = raw as Partial<RBACPolicy> | null | undefined;
  return p && Array.isArray(p.roles) && Array.isArray(p.resources) ? (p as RBACPolicy) : null;
}

/**
 * The policy a member is checked against: the project's with its organization's own roles
 * (`custom_roles`) beside its roles, as the official client merges them.
 */
export function withOrgRoles(policy: RBACPolicy | null, org: { custom_roles?: RBACPolicyRole[] } | null | undefined): RBACPolicy | null {
  return policy && org?.custom_roles?.length ? { ...policy, roles: [...policy.roles, ...org.custom_roles] } : policy;
}

/** Whether any of `roleIds` grants `action` (or every action) on `resourceId` under `policy`. */
export function rolesAllow(policy: RBACPolicy | null, roleIds: readonly string[], resourceId: string, action: string): boolean {
  if (!policy) return false;
  return policy.roles.some((role) => roleIds.includes(role.role_id) && role.permissions.some((p) => p.resource_id === resourceId && (p.actions.includes(action) || p.actions.includes(WILDCARD))));
}

/**
 * `rbac`: what the signed-in member's roles allow under the project's policy (from bootstrap)
 * and its organization's own roles, as the official client answers it, locally. A hint for what
 * to offer only: the provider decides every call by the member's roles itself.
 */
export function b2bRbac(ctx: B2BContext) {
  const roles = (): string[] => ctx.session.get('session')?.roles ?? [];
  const effective = (raw: unknown) => withOrgRoles(policyOf(raw), ctx.session.get('organization'));
  return {
    /** From the policy already loaded (false before the first bootstrap answer). */
    isAuthorizedSync: (resourceId: string, action: string): boolean => rolesAllow(effective(ctx.bootstrap.getSync().rbac_policy), roles(), resourceId, action),
    /** Once bootstrap has answered. */
    async isAuthorized(resourceId: string, action: string): Promise<boolean> {
      const b = await ctx.bootstrap.ready();
      return rolesAllow(effective(b.rbac_policy), roles(), resourceId, action);
    },
    /** Every resource's actions, each true or false for the member. */
    async allPermissions(): Promise<Record<string, Record<string, boolean>>> {
      const policy = effective((await ctx.bootstrap.ready()).rbac_policy);
      const ids = roles();
      return Object.fromEntries((policy?.resources ?? []).map((r) => [r.resource_id, Object.fromEntries(r.actions.map((a) => [a, rolesAllow(policy, ids, r.resource_id, a)]))]));
    },
  };
}
