import type { DiscoveredOrganization } from '../../client/b2b/types.ts';

type DirectLogin = { status: boolean; ignoreInvites?: boolean; ignoreJitProvisioning?: boolean } | undefined;

/**
 * `directLoginForSingleMembership`: the one organization to enter without showing Discovery,
 * when the address is an active member of exactly one and (unless ignored) has no invites and
 * no organizations it may join by JIT provisioning. Undefined: show Discovery.
 */
export function directLoginTarget(orgs: readonly DiscoveredOrganization[], option: DirectLogin): string | undefined {
  if (!option?.status) return undefined;
  const active = orgs.filter((d) => d.membership.type === 'active_member');
  if (active.length !== 1) return undefined;
  if (!option.ignoreInvites && orgs.some((d) => d.membership.type === 'invited_member')) return undefined;
  if (!option.ignoreJitProvisioning && orgs.some((d) => d.membership.type.startsWith('eligible_to_join'))) return undefined;
  return active[0]!.organization.organization_id;
}
