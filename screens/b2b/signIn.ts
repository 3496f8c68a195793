import type { DiscoveredOrganization } from '../../client/b2b/types.ts';
import type { B2BAuthenticateResponse } from '../../client/b2b/types.ts';

/**
 * After an exchange or a create: a member session goes to Logged In. An answer that still needs
 * a second factor has no member session; the MFA screens are not built yet, so it is an error.
 */
export function signedInFrom(r: B2BAuthenticateResponse): { member: B2BAuthenticateResponse['member']; organization: B2BAuthenticateResponse['organization'] } {
  if (!r.member_session) throw new Error('This organization requires multi-factor authentication, which this widget does not offer yet.');
  return { member: r.member, organization: r.organization };
}

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
