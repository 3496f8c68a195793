import type { ProjectConfig } from '../../config.ts';
import { ApiError } from '../../errors.ts';
import type { EmailRoleAssignment } from './organizations.ts';

/*
 * The project's RBAC policy (the hosted provider's shapes: `Policy`, `PolicyRole`,
 * `PolicyResource` of the Node SDK's b2b/rbac types) and who holds which role. The Stytch
 * default resources and roles are always there; the project config adds its own resources and
 * roles, and may give the default roles permissions on its own resources. The browser reads
 * the policy from bootstrap's `rbac_policy`, the Node SDK from `GET /v1/b2b/rbac/policy`; both
 * check a member's roles against it the same way `requirePermission` does here.
 */

export interface PolicyResource {
  resource_id: string;
  description: string;
  actions: string[];
}

export interface PolicyPermission {
  resource_id: string;
  actions: string[];
}

export interface PolicyRole {
  role_id: string;
  description: string;
  permissions: PolicyPermission[];
}

export interface RbacPolicy {
  roles: PolicyRole[];
  resources: PolicyResource[];
  scopes: Array<{ scope: string; description: string; permissions: PolicyPermission[] }>;
}

export const MEMBER_ROLE = 'stytch_member';
export const ADMIN_ROLE = 'stytch_admin';

/** Every action of the default resources, as the official admin portal checks them (its `useRbac` map). */
export const DEFAULT_RESOURCES: readonly PolicyResource[] = [
  {
    resource_id: 'stytch.organization',
    description: "The organization's name, slug, logo and settings.",
    actions: [
      'update.info.name',
      'update.info.slug',
      'update.info.logo-url',
      'update.settings.allowed-auth-methods',
      'update.settings.allowed-mfa-methods',
      'update.settings.email-jit-provisioning',
      'update.settings.email-invites',
      'update.settings.allowed-domains',
      'update.settings.default-sso-connection',
      'update.settings.sso-jit-provisioning',
      'update.settings.mfa-policy',
      'update.settings.implicit-roles',
      'update.settings.oauth-tenant-jit-provisioning',
      'update.settings.allowed-oauth-tenants',
      // Ours: the official types name no action for the connected-apps policy (see ORGANIZATION_FIELD_ACTIONS).
      'update.settings.first-party-connected-apps',
      'update.settings.third-party-connected-apps',
      'delete',
    ],
  },
  {
    resource_id: 'stytch.member',
    description: 'Every member of the organization.',
    actions: [
      'create',
      'update.info.name',
      'update.info.email',
      'update.info.untrusted-metadata',
      'update.info.mfa-phone',
      'update.info.delete.mfa-phone',
      'update.info.delete.mfa-totp',
      'update.info.delete.password',
      // The official clients and docs name it (organization.members.unlinkRetiredEmail); the 6.3.0 portal's map does not.
      'update.info.unlink.retired-email',
      'update.settings.is-breakglass',
      'update.settings.mfa-enrolled',
      'update.settings.default-mfa-method',
      'update.settings.roles',
      'search',
      'delete',
      'revoke-sessions',
    ],
  },
  { resource_id: 'stytch.sso', description: "The organization's SSO connections.", actions: ['create', 'get', 'update', 'delete'] },
  { resource_id: 'stytch.scim', description: "The organization's SCIM connection.", actions: ['create', 'get', 'update', 'delete'] },
  { resource_id: 'stytch.custom-org-roles', description: "The organization's own roles.", actions: ['create', 'get', 'update', 'delete'] },
  {
    resource_id: 'stytch.self',
    description: "The signed-in member's own record.",
    actions: [
      'update.info.name',
      'update.info.untrusted-metadata',
      'update.info.mfa-phone',
      'update.info.delete.mfa-phone',
      'update.info.delete.password',
      'update.info.delete.mfa-totp',
      // A member's own email update and retired addresses (`self.startEmailUpdate`, `self.unlinkRetiredEmail`:
      // the official docs check these on stytch.self for the caller); `update` still refuses its own address.
      'update.info.email',
      'update.info.unlink.retired-email',
      'update.settings.mfa-enrolled',
      'update.settings.default-mfa-method',
      'delete',
      'revoke-sessions',
    ],
  },
];

/** The two default roles: every member manages itself; an admin may do everything. */
export const DEFAULT_ROLES: readonly PolicyRole[] = [
  {
    role_id: MEMBER_ROLE,
    description: 'Granted to every member of an organization.',
    permissions: [{ resource_id: 'stytch.self', actions: ['*'] }],
  },
  {
    role_id: ADMIN_ROLE,
    description: "Granted to an organization's administrators.",
    permissions: DEFAULT_RESOURCES.map((r) => ({ resource_id: r.resource_id, actions: ['*'] })),
  },
];

/** The project config's part (`b2b.rbac`): its own resources and roles; createApp checks them with rbacConfigProblems. */
export type RbacConfig = ProjectConfig['b2b']['rbac'];

/**
 * The project's policy: the default resources and roles, then the config's. A config role
 * with a default role's id adds its permissions to that role rather than replacing it.
 */
export function rbacPolicy(config: Pick<ProjectConfig, 'b2b'>): RbacPolicy {
  const custom = config.b2b.rbac;
  const roles = DEFAULT_ROLES.map((r) => {
    const extra = custom.roles.find((c) => c.role_id === r.role_id);
    return extra ? { ...r, permissions: [...r.permissions, ...extra.permissions] } : { ...r, permissions: [...r.permissions] };
  });
  for (const r of custom.roles) if (!roles.some((d) => d.role_id === r.role_id)) roles.push(r);
  return { roles, resources: [...DEFAULT_RESOURCES, ...custom.resources], scopes: [] };
}

/** Problems of a config's RBAC part, for the config's validation (empty when sound). */
export function rbacConfigProblems(custom: RbacConfig): string[] {
  const problems: string[] = [];
  const resources = new Map<string, PolicyResource>([...DEFAULT_RESOURCES, ...custom.resources].map((r) => [r.resource_id, r]));
  for (const r of custom.resources) {
    if (r.resource_id.startsWith('stytch')) problems.push(`resource ${r.resource_id}: ids starting with "stytch" are reserved`);
  }
  for (const role of custom.roles) {
    if (role.role_id.startsWith('stytch') && role.role_id !== MEMBER_ROLE && role.role_id !== ADMIN_ROLE) problems.push(`role ${role.role_id}: ids starting with "stytch" are reserved`);
    for (const p of role.permissions) {
      const r = resources.get(p.resource_id);
      if (!r) problems.push(`role ${role.role_id}: no resource ${p.resource_id}`);
      else for (const a of p.actions) if (a !== '*' && !r.actions.includes(a)) problems.push(`role ${role.role_id}: ${p.resource_id} has no action ${a}`);
    }
  }
  return problems;
}

/** How a member came to hold a role: the `sources` of the official Member's `roles`. */
export type RoleSourceType = 'direct_assignment' | 'email_assignment' | 'sso_connection' | 'sso_connection_group' | 'scim_connection_group';

/**
 * A role granted by an SSO or SCIM connection (a group's or the connection's own assignment),
 * kept on the member (`b2b_members.role_grants`) by whoever grants it, so every check reads
 * the member row alone and sees a change at once.
 */
export interface RoleGrant {
  role_id: string;
  type: Exclude<RoleSourceType, 'direct_assignment' | 'email_assignment'>;
  details: Record<string, unknown>;
}

export interface RoleAssignment {
  role_id: string;
  sources: Array<{ type: RoleSourceType; details: Record<string, unknown> }>;
}

/** What roles are read from: the member row (members.ts imports this file, so not by its type) and the organization's email assignments. */
export interface RoleMember {
  roles: string[];
  email_address: string;
  email_address_verified: boolean;
  role_grants?: RoleGrant[];
}
export interface RoleOrg {
  rbac_email_implicit_role_assignments?: EmailRoleAssignment[];
  /** The organization's own roles (its org policy, services/b2b/org-roles.ts): they count for its members only. */
  custom_roles?: PolicyRole[];
}

/**
 * The policy a member of `org` is checked against: the project's, with the organization's own
 * roles beside its roles (the official Node SDK's local check concatenates them the same way).
 */
export function policyFor(config: Pick<ProjectConfig, 'b2b'>, org: RoleOrg): RbacPolicy {
  const project = rbacPolicy(config);
  return org.custom_roles?.length ? { ...project, roles: [...project.roles, ...org.custom_roles] } : project;
}

/**
 * The member's roles and why it holds each: `stytch_member` always, the roles assigned to it,
 * the organization's roles for its (verified) email domain, and the grants of SSO and SCIM
 * connections.
 */
export function roleAssignments(member: RoleMember, org: RoleOrg): RoleAssignment[] {
  const out = new Map<string, RoleAssignment>();
  const add = (role_id: string, type: RoleSourceType, details: Record<string, unknown>) => {
    const a = out.get(role_id) ?? { role_id, sources: [] };
    a.sources.push({ type, details });
    out.set(role_id, a);
  };
  add(MEMBER_ROLE, 'direct_assignment', {});
  for (const r of member.roles) if (r !== MEMBER_ROLE) add(r, 'direct_assignment', {});
  const domain = member.email_address.split('@').pop()?.toLowerCase() ?? '';
  if (member.email_address_verified) {
    for (const a of org.rbac_email_implicit_role_assignments ?? []) if (a.domain.toLowerCase() === domain) add(a.role_id, 'email_assignment', { email_domain: a.domain });
  }
  for (const g of member.role_grants ?? []) add(g.role_id, g.type, g.details);
  return [...out.values()];
}

/** The ids of the member's roles (a member session's `roles`). */
export function roleIds(member: RoleMember, org: RoleOrg): string[] {
  return roleAssignments(member, org).map((a) => a.role_id);
}

/** Which of the roles allow the action on the resource (`*` allows every action): a verdict's `granting_roles`. */
export function grantingRoles(policy: RbacPolicy, roles: readonly string[], resourceId: string, action: string): string[] {
  return policy.roles
    .filter((r) => roles.includes(r.role_id))
    .filter((r) => r.permissions.some((p) => p.resource_id === resourceId && (p.actions.includes(action) || p.actions.includes('*'))))
    .map((r) => r.role_id);
}

/** Whether any of the roles allows the action on the resource. */
export function isAuthorized(policy: RbacPolicy, roles: readonly string[], resourceId: string, action: string): boolean {
  return grantingRoles(policy, roles, resourceId, action).length > 0;
}

/**
 * The server API's `authorization_check` of a member session: the verdict when the session's
 * roles allow the action in the named organization (under the policy of the session's
 * organization, `org`), else the 403 of requirePermission.
 */
export function authorizationVerdict(
  config: Pick<ProjectConfig, 'b2b'>,
  session: { organization_id: string; roles: string[] },
  org: RoleOrg,
  check: { organization_id: string; resource_id: string; action: string },
): { authorized: true; granting_roles: string[] } {
  const granting = session.organization_id === check.organization_id ? grantingRoles(policyFor(config, org), session.roles, check.resource_id, check.action) : [];
  if (granting.length === 0) throw permissionRefused(check.resource_id, check.action);
  return { authorized: true, granting_roles: granting };
}

/** The message of a refusal: names the permission, never the caller's roles. */
export function permissionRefused(resourceId: string, action: string): ApiError {
  return new ApiError(403, 'unauthorized_action', `The member does not have permission to perform ${action} on ${resourceId}.`);
}

/**
 * Refuses (403 `unauthorized_action`) a signed-in member whose roles do not allow the action on
 * the resource. Every admin route calls it before changing anything.
 */
export function requirePermission(config: Pick<ProjectConfig, 'b2b'>, caller: { member: RoleMember; org: RoleOrg }, resourceId: string, action: string): void {
  if (!isAuthorized(policyFor(config, caller.org), roleIds(caller.member, caller.org), resourceId, action)) throw permissionRefused(resourceId, action);
}

/**
 * Refuses role ids neither the project's policy nor the organization's own roles define
 * (explicit and implicit assignments both). Another organization's roles are unknown here. A
 * grant naming an organization's role is checked again under its row lock (org-roles.ts
 * checkGrantableRoles), so a role removed meanwhile is never granted.
 */
export function checkRoleIds(config: Pick<ProjectConfig, 'b2b'>, roles: readonly string[] | undefined, org: RoleOrg = {}): void {
  if (!roles?.length) return;
  const known = policyFor(config, org).roles.map((r) => r.role_id);
  for (const r of roles) {
    if (!known.includes(r)) throw new ApiError(400, 'invalid_role', `${r} is not a role of this project or organization (${known.join(', ')}).`);
  }
}

/** The action each field of an organization update needs on `stytch.organization` (the admin portal asks the same). */
const ORGANIZATION_FIELD_ACTIONS: Record<string, string> = {
  organization_name: 'update.info.name',
  organization_slug: 'update.info.slug',
  organization_logo_url: 'update.info.logo-url',
  email_allowed_domains: 'update.settings.allowed-domains',
  email_jit_provisioning: 'update.settings.email-jit-provisioning',
  email_invites: 'update.settings.email-invites',
  sso_default_connection_id: 'update.settings.default-sso-connection',
  sso_jit_provisioning: 'update.settings.sso-jit-provisioning',
  sso_jit_provisioning_allowed_connections: 'update.settings.sso-jit-provisioning',
  auth_methods: 'update.settings.allowed-auth-methods',
  allowed_auth_methods: 'update.settings.allowed-auth-methods',
  mfa_policy: 'update.settings.mfa-policy',
  mfa_methods: 'update.settings.allowed-mfa-methods',
  allowed_mfa_methods: 'update.settings.allowed-mfa-methods',
  rbac_email_implicit_role_assignments: 'update.settings.implicit-roles',
  oauth_tenant_jit_provisioning: 'update.settings.oauth-tenant-jit-provisioning',
  allowed_oauth_tenants: 'update.settings.allowed-oauth-tenants',
  // The official types and docs name no action for these; each half of the policy gets one
  // named as the other settings are, which stytch_admin holds (its `*`) and a custom role may be given.
  first_party_connected_apps_allowed_type: 'update.settings.first-party-connected-apps',
  allowed_first_party_connected_apps: 'update.settings.first-party-connected-apps',
  third_party_connected_apps_allowed_type: 'update.settings.third-party-connected-apps',
  allowed_third_party_connected_apps: 'update.settings.third-party-connected-apps',
};

/** Refuses an organization update unless the caller may change every field it sets. */
export function requireOrganizationUpdate(config: Pick<ProjectConfig, 'b2b'>, caller: { member: RoleMember; org: RoleOrg }, req: Record<string, unknown>): void {
  for (const [field, action] of Object.entries(ORGANIZATION_FIELD_ACTIONS)) {
    if (req[field] !== undefined) requirePermission(config, caller, 'stytch.organization', action);
  }
}

/** The action each field of a member update needs: on `stytch.self` for one's own record where the self resource has it, else on `stytch.member`. */
const MEMBER_FIELD_ACTIONS: Record<string, string> = {
  name: 'update.info.name',
  untrusted_metadata: 'update.info.untrusted-metadata',
  mfa_phone_number: 'update.info.mfa-phone',
  is_breakglass: 'update.settings.is-breakglass',
  mfa_enrolled: 'update.settings.mfa-enrolled',
  default_mfa_method: 'update.settings.default-mfa-method',
  roles: 'update.settings.roles',
  email_address: 'update.info.email',
};

/** The resource an action on `targetMemberId` is checked on: the caller's own record is `stytch.self` when that resource has the action. */
export function memberResource(caller: { member: { member_id: string } }, targetMemberId: string, action: string): 'stytch.self' | 'stytch.member' {
  const self = DEFAULT_RESOURCES.find((r) => r.resource_id === 'stytch.self')!;
  return caller.member.member_id === targetMemberId && self.actions.includes(action) ? 'stytch.self' : 'stytch.member';
}

/** Refuses an action on a member (delete, revoke-sessions, a factor's deletion) the caller may not take on it. */
export function requireMemberAction(config: Pick<ProjectConfig, 'b2b'>, caller: { member: RoleMember & { member_id: string }; org: RoleOrg }, targetMemberId: string, action: string): void {
  requirePermission(config, caller, memberResource(caller, targetMemberId, action), action);
}

/** Refuses a member update unless the caller may change every field it sets; checks the roles it assigns. */
export function requireMemberUpdate(
  config: Pick<ProjectConfig, 'b2b'>,
  caller: { member: RoleMember & { member_id: string }; org: RoleOrg },
  targetMemberId: string,
  req: Record<string, unknown>,
): void {
  for (const [field, action] of Object.entries(MEMBER_FIELD_ACTIONS)) {
    if (req[field] !== undefined) requireMemberAction(config, caller, targetMemberId, action);
  }
  checkRoleIds(config, req.roles as string[] | undefined, caller.org);
}

type Acting = { member: RoleMember & { member_id: string }; org: RoleOrg & { organization_id: string } };

/**
 * A server API call made for a member (the Node SDK's `authorization` option; http/auth.ts
 * actingMember) is held to that member's permissions, in its own organization only; a call
 * made for no member is the backend's own and is not checked.
 */
export function requireActing(acting: Acting | null, organizationId: string, check: (caller: Acting) => void): void {
  if (!acting) return;
  if (acting.org.organization_id !== organizationId) throw new ApiError(403, 'unauthorized_action', 'The member the call is made for belongs to another organization.');
  check(acting);
}
