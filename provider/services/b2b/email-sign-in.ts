import type { ProviderContext, QueuedMessage } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { claimLink, redirectUrl, requirePkce } from '../email-tokens.ts';
import { mailB2BLink } from '../magic-link-mail.ts';
import { issueOtp, redeemB2BOtp } from '../otp.ts';
import type { ClientInfo } from '../sessions.ts';
import { limitSend, limitSendTo } from '../sends.ts';
import { withTx } from '../tx.ts';
import { normalizeEmail } from '../users.ts';
import { emailFactor, memberEmailId } from './discovery.ts';
import { memberAtAddress, waitingUpdate } from './member-emails.ts';
import { activateMember, createMember, loadMember, memberByEmail, memberDeleted, type MemberRow, type NewMember } from './members.ts';
import { authMethodAllowed, invitesAllowed, jitEligible, requireOrganization, type OrganizationRow } from './organizations.ts';
import { carriedFactors, completePrimaryAuth, type AuthAnswer } from './primary-auth.ts';
import { checkGrantableRoles } from './org-roles.ts';

/*
 * Organization-scoped sign-in by email (magic links, passcodes) and invitations, shared by the
 * browser SDK routes (`/sdk/v1/b2b`) and the server API (`/v1/b2b`). Send limits and redirect
 * checks stay with the routes, which know their caller.
 */

/** SPEC §9: a sign-in link lives 30 minutes unless asked otherwise; an invitation a week. */
export const LINK_MINUTES = 30;
export const INVITE_MINUTES = 7 * 24 * 60;

const notAdmitted = () => new ApiError(403, 'email_jit_provisioning_not_allowed', "This address is not a member of the organization, and the organization's email domains do not admit it.");

/** A B2B email passcode is keyed by address and scope, so a code for one organization signs in to no other. */
export function b2bOtpMethodId(organizationId: string | null, email: string): string {
  return `b2b-email:${organizationId ?? 'discovery'}:${email}`;
}

/**
 * The member an organization-scoped send goes to: the address's member, or a new pending one
 * when JIT provisioning admits its domain; the address is locked meanwhile. The organization
 * must accept the method (a break-glass member is exempt).
 */
async function sendTarget(ctx: ProviderContext, tx: Queryable, org: OrganizationRow, email: string, method: 'magic_link' | 'email_otp'): Promise<{ member: MemberRow; created: boolean }> {
  const member = await memberByEmail(tx, org.organization_id, email, true);
  if (!authMethodAllowed(org, method) && !member?.is_breakglass) {
    throw new ApiError(403, 'unauthorized_auth_method', `This organization does not allow sign-in by ${method === 'magic_link' ? 'email magic link' : 'email passcode'}.`);
  }
  if (member) return { member, created: false };
  if (!jitEligible(org, email)) throw notAdmitted();
  return { member: await createMember(tx, ctx.env, ctx.clock.now(), org.organization_id, { email, status: 'pending' }), created: true };
}

/** A login-or-signup link as both APIs ask for it (`magic_links/email/login_or_signup`). */
export interface LinkRequest {
  organization_id: string;
  email_address: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  pkce_code_challenge?: string;
  locale?: string;
}

/**
 * Mails an organization sign-in link (login, or signup for a member just provisioned) and
 * dispatches it: the redirect URLs and PKCE are checked, then the send limits (per address,
 * and per client for a browser's call; `client` is null for the server API's).
 */
export async function sendOrganizationLink(ctx: ProviderContext, r: LinkRequest, client: ClientInfo | null): Promise<{ org: OrganizationRow; member: MemberRow; created: boolean }> {
  const email = normalizeEmail(r.email_address);
  const loginUrl = redirectUrl(ctx, r.login_redirect_url);
  const signupUrl = redirectUrl(ctx, r.signup_redirect_url ?? r.login_redirect_url);
  requirePkce(ctx, 'emailMagicLinks', r.pkce_code_challenge);
  const org = await requireOrganization(ctx.db, r.organization_id);
  await (client ? limitSend(ctx, email, client) : limitSendTo(ctx, email));
  const sent = await withTx(ctx.db, async (tx) => {
    const { member, created } = await sendTarget(ctx, tx, org, email, 'magic_link');
    const queued = await mailB2BLink(ctx, tx, {
      kind: 'b2b_magic_link',
      subject: { email, organizationId: org.organization_id, memberId: member.member_id },
      url: created ? signupUrl : loginUrl,
      minutes: (created ? r.signup_expiration_minutes : r.login_expiration_minutes) ?? LINK_MINUTES,
      codeChallenge: r.pkce_code_challenge,
      purpose: created ? 'signup' : 'login',
      locale: r.locale,
    });
    return { member, created, queued };
  });
  await ctx.delivery.dispatch(ctx.db, sent.queued);
  return { org, member: sent.member, created: sent.created };
}

/** Sends an organization sign-in passcode; dispatch after. */
export async function sendOrganizationOtp(
  ctx: ProviderContext,
  org: OrganizationRow,
  email: string,
  o: { loginMinutes?: number; signupMinutes?: number; locale?: string },
): Promise<{ member: MemberRow; created: boolean; queued: QueuedMessage }> {
  return withTx(ctx.db, async (tx) => {
    const { member, created } = await sendTarget(ctx, tx, org, email, 'email_otp');
    const queued = await issueOtp(ctx, tx, 'email', b2bOtpMethodId(org.organization_id, email), null, email, (created ? o.signupMinutes : o.loginMinutes) ?? undefined, o.locale);
    return { member, created, queued };
  });
}

/**
 * Invites an address to the organization: a new member `invited` (or the one already
 * invited or pending), and a week-long sign-in link; an active member is not invited again.
 */
export async function inviteMember(
  ctx: ProviderContext,
  org: OrganizationRow,
  email: string,
  o: { url: string; minutes?: number; locale?: string; member: Omit<NewMember, 'email' | 'status'> },
): Promise<{ member: MemberRow; queued: QueuedMessage }> {
  if (!invitesAllowed(org, email)) throw new ApiError(403, 'email_invites_not_allowed', "This organization's invitation settings do not admit this address.");
  return withTx(ctx.db, async (tx) => {
    await checkGrantableRoles(ctx, tx, org.organization_id, o.member.roles);
    let member = await memberByEmail(tx, org.organization_id, email, true);
    if (member?.status === 'active') throw new ApiError(409, 'member_already_active', 'This address is already an active member of the organization.');
    if (member?.status === 'deleted') throw memberDeleted();
    member ??= await createMember(tx, ctx.env, ctx.clock.now(), org.organization_id, { ...o.member, email, status: 'invited' });
    const queued = await mailB2BLink(ctx, tx, {
      kind: 'b2b_magic_link',
      subject: { email, organizationId: org.organization_id, memberId: member.member_id },
      url: o.url,
      minutes: o.minutes ?? INVITE_MINUTES,
      purpose: 'invite',
      locale: o.locale,
    });
    return { member, queued };
  });
}

/** What an organization-scoped authenticate knows of its caller. */
export interface SignInContext {
  minutes: number;
  client: ClientInfo;
  currentSessionId: string | null;
  intermediateSessionToken?: string;
}

async function proven(tx: Queryable, member: MemberRow, ctx: ProviderContext): Promise<MemberRow> {
  return member.status === 'active' && member.email_address_verified ? member : activateMember(tx, member.member_id, ctx.clock.now());
}

/** Redeems an organization sign-in link (or invitation) and completes the primary authentication. */
export async function authenticateOrganizationLink(ctx: ProviderContext, token: string, verifier: string | undefined, s: SignInContext): Promise<AuthAnswer> {
  return withTx(ctx.db, async (tx) => {
    const link = await claimLink(ctx, tx, token, ['b2b_magic_link'], verifier);
    const org = await requireOrganization(tx, link.organizationId!);
    const loaded = await loadMember(tx, link.memberId!, true);
    if (!loaded) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
    // The link's address is the member's, or the one its self-serve update waits on; a retired one proves nothing.
    const found = await memberAtAddress(ctx, tx, loaded, link.email, true, () => new ApiError(404, 'unable_to_auth_magic_link', 'The link is incorrect, expired or already used.'));
    const member = await proven(tx, found, ctx);
    const factor = emailFactor('magic_link', member.email_address, memberEmailId(member), ctx.clock.now());
    const priorFactors = await carriedFactors(ctx, tx, s.intermediateSessionToken, org, member);
    const out = await completePrimaryAuth(ctx, tx, { org, member, factor, method: 'magic_link', minutes: s.minutes, client: s.client, currentSessionId: s.currentSessionId, priorFactors });
    return { ...out, method_id: memberEmailId(member), reset_sessions: false };
  });
}

/** The member whose self-serve update waits on `email`, moved to it (a passcode sent there proved it); null when none. */
async function updatingTo(ctx: ProviderContext, tx: Queryable, org: OrganizationRow, email: string): Promise<MemberRow | null> {
  const memberId = await waitingUpdate(ctx, tx, org.organization_id, email);
  const member = memberId ? await loadMember(tx, memberId, true) : null;
  return member ? memberAtAddress(ctx, tx, member, email, true, () => new ApiError(404, 'member_not_found', 'Member could not be found.')) : null;
}

/**
 * Redeems an organization sign-in passcode and completes the primary authentication; null for
 * a wrong, expired or spent code (the wrong guess is committed, counted).
 */
export async function authenticateOrganizationOtp(ctx: ProviderContext, org: OrganizationRow, email: string, code: string, s: SignInContext): Promise<AuthAnswer | null> {
  return withTx(ctx.db, async (tx) => {
    if (!(await redeemB2BOtp(ctx, tx, b2bOtpMethodId(org.organization_id, email), code))) return null;
    const found = (await memberByEmail(tx, org.organization_id, email, true)) ?? (await updatingTo(ctx, tx, org, email));
    if (!found) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
    const member = await proven(tx, found, ctx);
    const factor = emailFactor('otp', email, memberEmailId(member), ctx.clock.now());
    const priorFactors = await carriedFactors(ctx, tx, s.intermediateSessionToken, org, member);
    const out = await completePrimaryAuth(ctx, tx, { org, member, factor, method: 'email_otp', minutes: s.minutes, client: s.client, currentSessionId: s.currentSessionId, priorFactors });
    return { ...out, method_id: memberEmailId(member) };
  });
}
