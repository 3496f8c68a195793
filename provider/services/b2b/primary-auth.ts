import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import type { ClientInfo, Factor } from '../sessions.ts';
import { afterCommit } from '../tx.ts';
import { smsFactorStartsItself, startSmsFactor } from './mfa-sms.ts';
import { consumeIntermediateSession, createIntermediateSession, opensOrganization, readIntermediateSession } from './intermediate-sessions.ts';
import { withFactor } from '../session-family.ts';
import { findMemberSessionById, isMfaFactor, startMemberSession, type IssuedMemberSession } from './member-sessions.ts';
import { memberShape, type MemberRow } from './members.ts';
import { authMethodAllowed, organizationShape, type AuthMethod, type OrganizationRow } from './organizations.ts';

/*
 * The one place that decides what a proven factor earns a member. Every B2B authenticate
 * (magic link, email OTP, password, OAuth, SSO, discovery exchange, organization create) ends
 * in `completePrimaryAuth`; every second factor (TOTP, SMS OTP, recovery code) ends in
 * `completeMfa`. Neither can be reached around: a member session is only ever started here.
 */

/** What the authenticate answers carry besides per-method extras (B2BAuthenticateResponseWithMFA). */
export type AuthAnswer = Record<string, unknown> & {
  member_id: string;
  member_authenticated: boolean;
  intermediate_session_token: string;
};

/** The MFA options of the official MfaRequired type: null until the member has a phone or an authenticator. */
export function mfaRequiredShape(member: MemberRow): { member_options: { mfa_phone_number: string; totp_registration_id: string } | null; secondary_auth_initiated: 'sms_otp' | null } {
  const enrolled = member.mfa_phone_number_verified || member.totp_registration_id !== '';
  return {
    member_options: enrolled ? { mfa_phone_number: member.mfa_phone_number_verified ? member.mfa_phone_number : '', totp_registration_id: member.totp_registration_id } : null,
    secondary_auth_initiated: null,
  };
}

/** Whether the organization or the member asks for a second factor. */
export function mfaRequiredFor(org: OrganizationRow, member: MemberRow): boolean {
  return org.mfa_policy === 'REQUIRED_FOR_ALL' || member.mfa_enrolled;
}

/** The answer for a member session (member_authenticated: true). */
export function sessionAnswer(issued: IssuedMemberSession): AuthAnswer {
  return { ...issued, member_authenticated: true, intermediate_session_token: '', mfa_required: null, primary_required: null };
}

function intermediateAnswer(token: string, member: MemberRow, org: OrganizationRow, extra: { mfa_required: unknown; primary_required: unknown }): AuthAnswer {
  return {
    member_id: member.member_id,
    organization_id: org.organization_id,
    member_session: null,
    session_token: '',
    session_jwt: '',
    member: memberShape(member, org),
    organization: organizationShape(org),
    member_authenticated: false,
    intermediate_session_token: token,
    ...extra,
  };
}

export interface PrimaryAuth {
  org: OrganizationRow;
  /** The member the factor proved, already activated (its address is proven). */
  member: MemberRow;
  /** The primary factor just proven. */
  factor: Factor;
  /** Which of the organization's allowed auth methods the factor is. */
  method: AuthMethod;
  minutes: number;
  client: ClientInfo;
  /** The caller's member session, when it presented one: its factors count, and it is extended. */
  currentSessionId: string | null;
  /** Factors proven earlier in this sign-in (an intermediate session the caller presented). */
  priorFactors?: Factor[];
  /** The sign-in came through discovery: an intermediate session it ends in may still enter another discovered organization. */
  fromDiscovery?: boolean;
  /** The factor proves nothing in this organization (a discovery password of other memberships): answered as a method it does not accept. */
  refused?: boolean;
  /** A discovery password's organizations, kept with any intermediate session this ends in. */
  passwordOrganizations?: string[] | null;
}

/**
 * Primary authentication succeeded: answers either a member session, or, when the
 * organization requires MFA (or the member enrolled) and no second factor is proven yet, an
 * intermediate session with the member's MFA options; or, when the organization does not
 * accept this method, an intermediate session naming the methods it does. A member whose
 * second factor is SMS is sent the code here (secondary_auth_initiated: 'sms_otp'), within the
 * SMS send limits; once they are reached the answer says null and nothing is sent.
 */
export async function completePrimaryAuth(ctx: ProviderContext, tx: Queryable, p: PrimaryAuth): Promise<AuthAnswer> {
  const { org, member } = p;
  const current = p.currentSessionId ? await findMemberSessionById(ctx, tx, p.currentSessionId) : null;
  const sameMember = current !== null && current.member_id === member.member_id;
  const factors = withFactor(p.priorFactors ?? [], p.factor);
  const email = member.email_address;
  const passwordOrganizations = p.passwordOrganizations ?? null;
  if (p.refused === true || (!authMethodAllowed(org, p.method) && !member.is_breakglass)) {
    const token = await createIntermediateSession(ctx, tx, {
      email,
      organizationId: org.organization_id,
      memberId: member.member_id,
      factors: p.priorFactors ?? [],
      fromDiscovery: p.fromDiscovery,
      passwordOrganizations,
    });
    return intermediateAnswer(token, member, org, { mfa_required: null, primary_required: { allowed_auth_methods: org.allowed_auth_methods } });
  }
  const proven = [...factors, ...(sameMember ? current.factors : [])];
  if (mfaRequiredFor(org, member) && !proven.some(isMfaFactor)) {
    const token = await createIntermediateSession(ctx, tx, { email, organizationId: org.organization_id, memberId: member.member_id, factors, fromDiscovery: p.fromDiscovery, passwordOrganizations });
    const mfa = mfaRequiredShape(member);
    // An SMS member gets their code at once, as from the hosted provider; the message leaves after commit.
    const queued = smsFactorStartsItself(org, member) ? await startSmsFactor(ctx, tx, member, p.client) : null;
    if (queued) {
      afterCommit(tx, () => ctx.delivery.dispatch(ctx.db, queued, { quiet: true }));
      mfa.secondary_auth_initiated = 'sms_otp';
    }
    return intermediateAnswer(token, member, org, { mfa_required: mfa, primary_required: null });
  }
  const issued = await startMemberSession(ctx, tx, member, org, factors, p.minutes, p.client, sameMember ? current.member_session_id : null);
  return sessionAnswer(issued);
}

export interface SecondFactor {
  org: OrganizationRow;
  member: MemberRow;
  /** The second factor just proven (isMfaFactor holds for it). */
  factor: Factor;
  minutes: number;
  client: ClientInfo;
  /** The intermediate session the caller presented, if any: spent here. */
  intermediateSessionToken?: string;
  currentSessionId: string | null;
}

/**
 * A second factor succeeded: it completes the member session only together with a primary
 * factor of the same member in the same organization, from the intermediate session (spent
 * here, once) or from the caller's member session. An MFA code alone signs no one in, and an
 * intermediate session of another member or organization is refused.
 */
export async function completeMfa(ctx: ProviderContext, tx: Queryable, p: SecondFactor): Promise<AuthAnswer> {
  const { org, member } = p;
  if (!isMfaFactor(p.factor)) throw new Error('completeMfa takes a second factor');
  let prior: Factor[];
  let sessionId: string | null = null;
  if (p.intermediateSessionToken) {
    const ist = await consumeIntermediateSession(ctx, tx, p.intermediateSessionToken);
    if (ist.organizationId !== org.organization_id || ist.memberId !== member.member_id) {
      throw new ApiError(401, 'intermediate_session_not_for_member', 'The intermediate session belongs to another member or organization.');
    }
    prior = ist.factors;
  } else {
    const current = p.currentSessionId ? await findMemberSessionById(ctx, tx, p.currentSessionId) : null;
    if (!current || current.member_id !== member.member_id) {
      throw new ApiError(401, 'unauthorized_credentials', 'A second factor needs an intermediate session or a member session of this member.');
    }
    prior = current.factors;
    sessionId = current.member_session_id;
  }
  if (!prior.some((f) => !isMfaFactor(f))) throw new ApiError(401, 'primary_factor_required', 'A primary factor must be proven before MFA.');
  const issued = await startMemberSession(ctx, tx, member, org, withFactor(prior, p.factor), p.minutes, p.client, sessionId);
  return sessionAnswer(issued);
}

/**
 * The factors an intermediate session the caller presented with a primary authenticate adds
 * (the official clients send their intermediate session cookie along): spent and counted only
 * when it is live and proves the same address in the same organization (or no organization);
 * any other is left alone and adds nothing. It never holds a second factor, so it can only
 * add primary factors, never skip MFA.
 */
export async function carriedFactors(ctx: ProviderContext, tx: Queryable, token: string | undefined, org: OrganizationRow, member: MemberRow): Promise<Factor[]> {
  if (!token) return [];
  const ist = await readIntermediateSession(ctx, tx, token).catch(() => null);
  if (!ist || ist.email !== member.email_address) return [];
  if (ist.organizationId !== null && (ist.organizationId !== org.organization_id || ist.memberId !== member.member_id)) return [];
  const spent = await consumeIntermediateSession(ctx, tx, token).catch(() => null);
  if (!spent) return [];
  // A discovery password of other memberships proves nothing in this organization.
  const opens = opensOrganization(spent, org.organization_id);
  return spent.factors.filter((f) => !isMfaFactor(f) && (opens || f.type !== 'password'));
}
