import type { ProviderContext, QueuedMessage } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { claimLink, issueLink } from '../email-tokens.ts';
import { hashPassword } from '../hashing.ts';
import { resolveLocale } from '../messages/locale.ts';
import { resetMessage } from '../messages/templates.ts';
import { requireStrong } from '../passwords.ts';
import { withTx } from '../tx.ts';
import { memberEmailId, startDiscovery } from './discovery.ts';
import type { SignInContext } from './email-sign-in.ts';
import { memberAtAddress } from './member-emails.ts';
import { checkDiscoveryPassword, checkMemberPassword, passwordFactor, setMemberPassword } from './member-passwords.ts';
import { activateMember, loadMember, memberByEmail, membershipsOf, type MemberRow } from './members.ts';
import { authMethodAllowed, loadOrganization, requireOrganization, type OrganizationRow } from './organizations.ts';
import { carriedFactors, completePrimaryAuth, type AuthAnswer, type PrimaryAuth } from './primary-auth.ts';
import type { Queryable } from '../../db/index.ts';

/*
 * The B2B password flows, called by the SDK routes (`/sdk/v1/b2b/passwords`) and the server
 * API (`/v1/b2b/passwords`). Each proven password ends in `completePrimaryAuth`, so an
 * organization that requires MFA (or a member who enrolled) gets an intermediate session,
 * never a member session, from a password alone.
 */

/** How long a reset link lives unless the caller asks otherwise (as B2C). */
export const RESET_MINUTES = 30;

/**
 * A password is only set in an organization that accepts password sign-in (or for its
 * break-glass members): a reset must not change a credential the organization will not take.
 */
function passwordsAllowed(org: OrganizationRow, member: Pick<MemberRow, 'is_breakglass'> | null): boolean {
  return authMethodAllowed(org, 'password') || member?.is_breakglass === true;
}

function requirePasswordsAllowed(org: OrganizationRow, member: Pick<MemberRow, 'is_breakglass'> | null): void {
  if (!passwordsAllowed(org, member)) {
    throw new ApiError(403, 'unauthorized_auth_method', 'This organization does not allow sign-in by password.');
  }
}

/** Completes the sign-in a proven password earns, in `currentSessionId` when one is kept. */
function completePasswordAuth(
  ctx: ProviderContext,
  tx: Queryable,
  org: OrganizationRow,
  member: MemberRow,
  s: Pick<SignInContext, 'minutes' | 'client'>,
  currentSessionId: string | null,
  priorFactors?: PrimaryAuth['priorFactors'],
): Promise<AuthAnswer> {
  return completePrimaryAuth(ctx, tx, { org, member, factor: passwordFactor(member, ctx.clock.now()), method: 'password', minutes: s.minutes, client: s.client, currentSessionId, priorFactors });
}

/**
 * The end of every member password reset: the new hash set (signing out every session but
 * `keptSessionId`, the one making the change when there is one) and the sign-in it earns, in
 * that kept session or a new one. `prior` names the factors an intermediate session carries.
 */
async function setPasswordAndSignIn(
  ctx: ProviderContext,
  tx: Queryable,
  org: OrganizationRow,
  memberId: string,
  hash: string,
  keptSessionId: string | null,
  s: Pick<SignInContext, 'minutes' | 'client'>,
  prior?: (member: MemberRow) => Promise<PrimaryAuth['priorFactors']>,
): Promise<AuthAnswer> {
  const member = await setMemberPassword(ctx, tx, memberId, hash, keptSessionId);
  return completePasswordAuth(ctx, tx, org, member, s, keptSessionId, prior ? await prior(member) : undefined);
}

/** Email and password for one organization; `clientIp` is absent for the server API (limited per secret). */
export async function authenticateMemberPassword(ctx: ProviderContext, org: OrganizationRow, email: string, password: string, clientIp: string | undefined, s: SignInContext): Promise<AuthAnswer> {
  const checked = await checkMemberPassword(ctx, org, email, password, clientIp);
  return withTx(ctx.db, async (tx) => {
    const member = await loadMember(tx, checked.member_id, true);
    if (!member) throw new ApiError(401, 'unauthorized_credentials', 'The email or password is incorrect.');
    return completePasswordAuth(ctx, tx, org, member, s, s.currentSessionId, await carriedFactors(ctx, tx, s.intermediateSessionToken, org, member));
  });
}

/**
 * Email and password without an organization (`passwords/discovery/authenticate`): the password
 * of one of the address's memberships proves the address, and the answer lists where it may go
 * (an intermediate session, as a discovery code or link), each organization checking the
 * password method against its own policy on entry.
 */
export async function authenticateDiscoveryPassword(ctx: ProviderContext, email: string, password: string, clientIp: string | undefined): Promise<Record<string, unknown>> {
  const { member, organizations } = await checkDiscoveryPassword(ctx, email, password, clientIp);
  return withTx(ctx.db, (tx) => startDiscovery(ctx, tx, email, passwordFactor(member, ctx.clock.now()), organizations));
}

/**
 * Starts a member's password reset: the link and its mail are recorded and sent after the
 * caller has answered (`queueLater`), so a member and a stranger (who gets no mail: nothing to
 * enumerate) are answered after the same work.
 */
export function startMemberPasswordReset(ctx: ProviderContext, org: OrganizationRow, email: string, o: { url: string; minutes?: number; codeChallenge?: string; locale?: string }): void {
  const minutes = o.minutes ?? RESET_MINUTES;
  ctx.delivery.queueLater(ctx.db, async (tx) => {
    const member = await memberByEmail(tx, org.organization_id, email);
    // A member the organization's policy keeps from passwords gets what a stranger gets (an
    // answer, no mail): refusing here would tell the caller the address is a member.
    if (!member || !passwordsAllowed(org, member)) return undefined;
    const link = await issueLink(ctx, tx, 'b2b_password_reset', { email, organizationId: org.organization_id, memberId: member.member_id }, o.url, minutes, o.codeChallenge);
    return ctx.delivery.send(tx, resetMessage(ctx.config, resolveLocale(o.locale), email, link, minutes));
  });
}

/** Sets a new password from an emailed reset link (spent under a row lock: one password per link, races included). */
export async function resetMemberPasswordByEmail(
  ctx: ProviderContext,
  token: string,
  password: string,
  codeVerifier: string | undefined,
  s: Omit<SignInContext, 'currentSessionId'>,
): Promise<AuthAnswer> {
  requireStrong(ctx, password);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    const link = await claimLink(ctx, tx, token, ['b2b_password_reset'], codeVerifier);
    const org = await requireOrganization(tx, link.organizationId!);
    const loaded = await loadMember(tx, link.memberId!, true);
    if (!loaded) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
    // A reset sent to an address the member has since left (retired) resets nothing.
    const found = await memberAtAddress(ctx, tx, loaded, link.email, false, () => new ApiError(404, 'unable_to_auth_magic_link', 'The link is incorrect, expired or already used.'));
    requirePasswordsAllowed(org, found);
    // The link proved the address: an invited or pending member becomes active.
    if (found.status !== 'active' || !found.email_address_verified) await activateMember(tx, found.member_id, ctx.clock.now());
    const out = await setPasswordAndSignIn(ctx, tx, org, found.member_id, hash, null, s, (member) => carriedFactors(ctx, tx, s.intermediateSessionToken, org, member));
    return { ...out, member_email_id: memberEmailId(found) };
  });
}

/** Replaces a known password (the old one is checked under the password lock). */
export async function resetMemberPasswordByExisting(
  ctx: ProviderContext,
  org: OrganizationRow,
  email: string,
  existing: string,
  next: string,
  clientIp: string | undefined,
  s: Omit<SignInContext, 'currentSessionId' | 'intermediateSessionToken'>,
): Promise<AuthAnswer> {
  requireStrong(ctx, next, email);
  const checked = await checkMemberPassword(ctx, org, email, existing, clientIp);
  requirePasswordsAllowed(org, checked);
  const hash = await hashPassword(next);
  return withTx(ctx.db, (tx) => setPasswordAndSignIn(ctx, tx, org, checked.member_id, hash, null, s));
}

/** Sets the password of a signed-in member; the session making the change is kept and extended. */
export async function resetMemberPasswordBySession(
  ctx: ProviderContext,
  org: OrganizationRow,
  signedIn: MemberRow,
  memberSessionId: string,
  password: string,
  s: Omit<SignInContext, 'currentSessionId' | 'intermediateSessionToken'>,
): Promise<AuthAnswer> {
  requirePasswordsAllowed(org, signedIn);
  requireStrong(ctx, password, signedIn.email_address);
  const hash = await hashPassword(password);
  // The session already passed the organization's MFA; it is extended with the password.
  return withTx(ctx.db, (tx) => setPasswordAndSignIn(ctx, tx, org, signedIn.member_id, hash, memberSessionId, s));
}

/**
 * Queues a discovery reset link (`passwords/discovery/reset/start`): it names the address, not
 * an organization, so any address gets one (it may then join or create an organization), as a
 * discovery link does; the caller dispatches it quietly after commit.
 */
export async function startDiscoveryPasswordReset(
  ctx: ProviderContext,
  email: string,
  o: { url: string; minutes?: number; codeChallenge?: string; locale?: string },
): Promise<QueuedMessage | undefined> {
  const minutes = o.minutes ?? RESET_MINUTES;
  return withTx(ctx.db, async (tx) => {
    const link = await issueLink(ctx, tx, 'b2b_discovery_password_reset', { email }, o.url, minutes, o.codeChallenge);
    return ctx.delivery.send(tx, resetMessage(ctx.config, resolveLocale(o.locale), email, link, minutes));
  });
}

/**
 * Sets the address's password from a discovery reset link (spent under a row lock: one password
 * per link): in each of its memberships whose organization takes passwords (or that is
 * break-glass), signing out whoever knew the old one. The link proved the address: the answer
 * lists where it may go, as a discovery link's does.
 */
export async function resetDiscoveryPasswordByEmail(ctx: ProviderContext, token: string, password: string, codeVerifier: string | undefined): Promise<Record<string, unknown>> {
  requireStrong(ctx, password);
  const hash = await hashPassword(password);
  return withTx(ctx.db, async (tx) => {
    const link = await claimLink(ctx, tx, token, ['b2b_discovery_password_reset'], codeVerifier);
    const email = link.email!;
    let proven: MemberRow | undefined;
    for (const found of await membershipsOf(tx, email)) {
      const org = await loadOrganization(tx, found.organization_id);
      if (!org || (!authMethodAllowed(org, 'password') && !found.is_breakglass)) continue;
      const member = await setMemberPassword(ctx, tx, found.member_id, hash, null);
      proven ??= member;
    }
    const factor = proven
      ? passwordFactor(proven, ctx.clock.now())
      : {
          type: 'password',
          delivery_method: 'knowledge',
          last_authenticated_at: ctx.clock.now().toISOString(),
          email_factor: { email_id: '', email_address: email },
          sequence_order: 'PRIMARY' as const,
        };
    return startDiscovery(ctx, tx, email, factor);
  });
}
