import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { readIntermediateSession } from './intermediate-sessions.ts';
import { requireMember, type MemberRow } from './members.ts';
import { verifiedTotpId } from './mfa-totp.ts';
import { mfaMethodsAllowed, requireOrganization, type MfaMethod, type OrganizationRow } from './organizations.ts';

/*
 * Who may call MFA for a member (routes/b2b/mfa.ts): the member's own session, or the
 * intermediate session the member's primary factor earned in that organization; and what a
 * primary factor alone may enrol. Every MFA route asks here before it acts.
 */

/** Who an MFA call acts on, and how the caller proved the right to: its member session or an intermediate session. */
export interface MfaSubject {
  org: OrganizationRow;
  member: MemberRow;
  via: 'session' | 'intermediate';
}

/** The member a call names, and the intermediate session it may present for them. */
export interface MemberRef {
  organization_id: string;
  member_id: string;
  intermediate_session_token?: string | undefined;
}

/** The caller as MFA sees it: the member whose session it presented, if any, and that session. */
export interface MfaCaller {
  member: Pick<MemberRow, 'member_id'> | null;
  memberSessionId: string | null;
}

/**
 * The caller may act on the member only with that member's own session, or with an
 * intermediate session that member's primary factor earned in that organization. Another
 * organization's member is not found, as if it did not exist.
 */
export async function mfaSubject(ctx: ProviderContext, db: Queryable, caller: MfaCaller, req: MemberRef, method: MfaMethod): Promise<MfaSubject> {
  const org = await requireOrganization(db, req.organization_id);
  const member = await requireMember(db, org.organization_id, req.member_id);
  if (!mfaMethodsAllowed(org).includes(method)) {
    throw new ApiError(403, 'mfa_method_not_allowed', `The organization does not allow ${method} for MFA.`);
  }
  if (caller.member?.member_id === member.member_id) return { org, member, via: 'session' };
  if (req.intermediate_session_token) {
    const ist = await readIntermediateSession(ctx, db, req.intermediate_session_token);
    if (ist.organizationId !== org.organization_id || ist.memberId !== member.member_id) {
      throw new ApiError(401, 'intermediate_session_not_for_member', 'The intermediate session belongs to another member or organization.');
    }
    return { org, member, via: 'intermediate' };
  }
  throw new ApiError(401, 'unauthorized_credentials', "This call needs the member's session or the intermediate session of their sign-in.");
}

/**
 * With only a primary factor (an intermediate session) a member may enrol a first MFA
 * factor, never a new one beside an existing one: otherwise whoever had the password could
 * enrol their own authenticator and skip the member's MFA.
 */
export async function refuseSecondEnrolment(db: Queryable, s: MfaSubject): Promise<void> {
  if (s.via !== 'intermediate') return;
  if (s.member.mfa_phone_number_verified || (await verifiedTotpId(db, s.member.member_id))) {
    throw new ApiError(403, 'mfa_already_enrolled', 'The member already has an MFA factor; authenticate with it before enrolling another.');
  }
}

/**
 * Where a proven second factor lands, by how the caller was let in: the intermediate session
 * it presented is spent, or the member session it came with is extended.
 */
export function mfaSessions(s: MfaSubject, caller: MfaCaller, req: MemberRef): { intermediateSessionToken?: string; currentSessionId: string | null } {
  return {
    ...(s.via === 'intermediate' && req.intermediate_session_token ? { intermediateSessionToken: req.intermediate_session_token } : {}),
    currentSessionId: s.via === 'session' ? caller.memberSessionId : null,
  };
}
