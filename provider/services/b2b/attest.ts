import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { attestToken, type AttestedToken } from '../trusted-auth-tokens.ts';
import type { SignInContext } from './email-sign-in.ts';
import { startMemberSession, type IssuedMemberSession } from './member-sessions.ts';
import { createMember, MEMBER_COLUMNS, memberByEmail, memberDeleted, type MemberRow } from './members.ts';
import { requireOrganization, type OrganizationRow } from './organizations.ts';

/*
 * B2B trusted auth tokens (`b2b/sessions/attest`): the token's email names a member of one
 * organization, the one its mapped organization claim names, else the one the request names
 * (the official rule: the request's `organization_id` is needed only when the token has none;
 * when both are there they must agree). A member is created only when the profile may
 * provision and the organization came from the token itself: a caller may not choose which
 * organization an outside system's token makes members in.
 */

/** The member the token names in its organization, locked for the sign-in; created (active, its address unverified) where the profile may provision. */
export async function attestedMember(ctx: ProviderContext, tx: Queryable, t: AttestedToken, requestedOrganizationId: string | undefined): Promise<{ member: MemberRow; org: OrganizationRow }> {
  if (t.organizationId !== null && requestedOrganizationId !== undefined && t.organizationId !== requestedOrganizationId)
    throw new ApiError(401, 'jwt_invalid_claims', "The trusted auth token was refused: its organization claim names another organization than the request's organization_id.");
  const organizationId = t.organizationId ?? requestedOrganizationId;
  if (organizationId === undefined)
    throw new ApiError(401, 'jwt_invalid_claims', "The trusted auth token was refused: it names no organization (the profile's organization_id claim), and the request passes no organization_id.");
  const org = await requireOrganization(tx, organizationId);
  const found = await memberByEmail(tx, org.organization_id, t.email, true);
  if (found?.status === 'deleted') throw memberDeleted();
  if (found?.status === 'active') return { member: found, org };
  if (found) {
    // Invited or pending: the outside system vouches for the person, not for the address.
    const { rows } = await tx.query<MemberRow>(`UPDATE b2b_members SET status = 'active', updated_at = $2 WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`, [found.member_id, ctx.clock.now()]);
    return { member: rows[0]!, org };
  }
  if (!t.profile.can_jit_provision || t.organizationId === null)
    throw new ApiError(
      404,
      'member_not_found',
      "No member of the organization has the token's email, and the profile may not create one here (can_jit_provision, with the organization named by the token).",
    );
  return { member: await createMember(tx, ctx.env, ctx.clock.now(), org.organization_id, { email: t.email, status: 'active', emailVerified: false }), org };
}

/** A trusted auth token's member session (both routes): the factor added to `s.currentSessionId`'s session when it is that member's, else a new session. */
export function attestMemberSession(ctx: ProviderContext, req: { profile_id: string; token: string; organization_id?: string | undefined }, s: SignInContext): Promise<IssuedMemberSession> {
  return attestToken(ctx, req.profile_id, req.token, async (tx, t, factor) => {
    const { member, org } = await attestedMember(ctx, tx, t, req.organization_id);
    return startMemberSession(ctx, tx, member, org, [factor], s.minutes, s.client, s.currentSessionId);
  });
}
