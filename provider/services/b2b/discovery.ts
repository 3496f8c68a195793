import { randomBytes } from 'node:crypto';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import type { ClientInfo, Factor } from '../sessions.ts';
import { withTx } from '../tx.ts';
import { consumeIntermediateSession, createIntermediateSession, opensOrganization } from './intermediate-sessions.ts';
import { isMfaFactor, sessionFactors } from './member-sessions.ts';
import { activateMember, ADMIN_ROLE, createMember, memberByEmail, memberShape, membershipsOf, type MemberRow } from './members.ts';
import {
  authMethodAllowed,
  createOrganization,
  emailDomain,
  jitEligible,
  jitOrganizationsFor,
  organizationBySlug,
  organizationShape,
  requireOrganization,
  slugFromName,
  type AuthMethod,
  type OrganizationRow,
  type OrganizationSettings,
} from './organizations.ts';
import { completePrimaryAuth, mfaRequiredFor, mfaRequiredShape, type AuthAnswer } from './primary-auth.ts';

/** A primary email factor in the official B2BEmailFactor shape. */
export function emailFactor(type: 'magic_link' | 'otp', email: string, emailId: string, now: Date): Factor {
  return { type, delivery_method: 'email', last_authenticated_at: now.toISOString(), email_factor: { email_id: emailId, email_address: email }, sequence_order: 'PRIMARY' };
}

/** A member's address has no row of its own; its id is derived from the member's, stably. */
export function memberEmailId(member: Pick<MemberRow, 'member_id'>): string {
  return member.member_id.replace(/^member-/, 'member-email-');
}

/** Whether a password factor names `member`'s password (its email factor is the member's address id). */
function provesPasswordOf(factor: Factor, member: MemberRow): boolean {
  const named = factor.email_factor as { email_id?: unknown } | undefined;
  return named?.email_id === memberEmailId(member);
}

/** Which allowed-auth-method a proven factor is (the organization's restriction is checked against it). */
export function authMethodOf(factor: Factor): AuthMethod {
  if (factor.type === 'otp' && factor.delivery_method === 'email') return 'email_otp';
  if (factor.type === 'magic_link') return 'magic_link';
  if (factor.type === 'password') return 'password';
  if (factor.type === 'sso') return 'sso';
  if (factor.type === 'oauth') return `${String(factor.delivery_method).replace(/^oauth_/, '')}_oauth` as AuthMethod;
  throw new ApiError(400, 'invalid_factor', `${factor.type} is not a primary factor.`);
}

const STATUS_TYPES = { active: 'active_member', invited: 'invited_member', pending: 'pending_member' } as const;

/**
 * The organizations an address may enter (DiscoveredOrganization of the official types): its
 * memberships, then the organizations whose email JIT provisioning admits its domain.
 * `factor` is the primary factor proven for it: an organization that does not accept that
 * method, or (a discovery password) is not among `passwordOrganizations`, answers primary_required.
 */
export async function discoverOrganizations(db: Queryable, email: string, factor: Factor | null, passwordOrganizations: string[] | null = null): Promise<Array<Record<string, unknown>>> {
  const opens = (org: OrganizationRow) => opensOrganization({ passwordOrganizations }, org.organization_id);
  const members = await membershipsOf(db, email);
  const out: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  for (const m of members) {
    const org = await requireOrganization(db, m.organization_id);
    seen.add(org.organization_id);
    out.push({
      organization: organizationShape(org),
      membership: { type: STATUS_TYPES[m.status], details: null, member: memberShape(m, org) },
      ...requirements(org, m, factor, opens(org)),
    });
  }
  for (const org of await jitOrganizationsFor(db, email)) {
    if (seen.has(org.organization_id)) continue;
    out.push({
      organization: organizationShape(org),
      membership: { type: 'eligible_to_join_by_email_domain', details: { domain: emailDomain(email) }, member: null },
      ...requirements(org, null, factor, opens(org)),
    });
  }
  return out;
}

function requirements(org: OrganizationRow, member: MemberRow | null, factor: Factor | null, opens: boolean): Record<string, unknown> {
  const primaryOk = factor === null || (opens && (authMethodAllowed(org, authMethodOf(factor)) || member?.is_breakglass === true));
  const mfa = member ? mfaRequiredFor(org, member) : org.mfa_policy === 'REQUIRED_FOR_ALL';
  return {
    member_authenticated: false,
    primary_required: primaryOk ? null : { allowed_auth_methods: org.allowed_auth_methods },
    mfa_required: mfa ? (member ? mfaRequiredShape(member) : { member_options: null, secondary_auth_initiated: null }) : null,
  };
}

/**
 * The member a proven address enters the organization as: its membership (an invited or
 * pending one becomes active, its address verified), or a new active member when the
 * organization's email JIT provisioning admits the domain. The address is locked in the
 * organization meanwhile, so parallel joins make one member. Anyone else is refused.
 */
export async function enterOrganization(tx: Queryable, env: 'test' | 'live', now: Date, org: OrganizationRow, email: string): Promise<MemberRow> {
  const member = await memberByEmail(tx, org.organization_id, email, true);
  if (member) return member.status === 'active' && member.email_address_verified ? member : activateMember(tx, member.member_id, now);
  if (!jitEligible(org, email)) {
    throw new ApiError(403, 'email_jit_provisioning_not_allowed', "This address is not a member of the organization, and the organization's email domains do not admit it.");
  }
  return createMember(tx, env, now, org.organization_id, { email, status: 'active', emailVerified: true });
}

/** A discovery sign-in's answer: a fresh intermediate session for the address, and where it may go. */
export async function startDiscovery(ctx: ProviderContext, tx: Queryable, email: string, factor: Factor, passwordOrganizations: string[] | null = null): Promise<Record<string, unknown>> {
  const token = await createIntermediateSession(ctx, tx, { email, organizationId: null, memberId: null, factors: [factor], passwordOrganizations });
  return { intermediate_session_token: token, email_address: email, discovered_organizations: await discoverOrganizations(tx, email, factor, passwordOrganizations) };
}

/** The context of a call that may end in a member session. */
export interface EntryContext {
  minutes: number;
  client: ClientInfo;
  currentSessionId: string | null;
}

/**
 * Spends an intermediate session to enter an organization (membership or JIT). One of an
 * organization (a sign-in awaiting MFA or another primary factor) enters only that one, unless
 * discovery led to it: then it proves what the discovery session did (the address and its
 * primary factor) and may enter another discovered organization instead, whose own rules apply.
 */
export async function exchangeIntermediateSession(ctx: ProviderContext, token: string, organizationId: string, e: EntryContext): Promise<AuthAnswer> {
  return withTx(ctx.db, async (tx) => {
    const ist = await consumeIntermediateSession(ctx, tx, token);
    const discovery = ist.organizationId === null || ist.fromDiscovery === true;
    if (ist.organizationId !== null && ist.organizationId !== organizationId && !discovery) {
      throw new ApiError(403, 'intermediate_session_organization_mismatch', 'The intermediate session belongs to another organization.');
    }
    const org = await requireOrganization(tx, organizationId);
    const member = await enterOrganization(tx, ctx.env, ctx.clock.now(), org, ist.email);
    // The factors of another organization's session are its primary ones (MFA is proven per member).
    const prior = ist.organizationId !== null && ist.organizationId !== organizationId ? ist.factors.filter((f) => !isMfaFactor(f)) : ist.factors;
    return completeIntermediate(ctx, tx, org, member, ist.factors, prior, { ...e, fromDiscovery: discovery, passwordOrganizations: ist.passwordOrganizations ?? null });
  });
}

/**
 * Completes the sign-in an intermediate session proved in `org`: its last factor is the primary
 * one that signs the member in, `prior` the factors that come along.
 */
function completeIntermediate(
  ctx: ProviderContext,
  tx: Queryable,
  org: OrganizationRow,
  member: MemberRow,
  proven: Factor[],
  prior: Factor[],
  e: EntryContext & { fromDiscovery: boolean; passwordOrganizations?: string[] | null },
): Promise<AuthAnswer> {
  const factor = proven.at(-1);
  if (!factor) throw new ApiError(401, 'primary_factor_required', 'The intermediate session proves no primary factor.');
  const passwordOrganizations = e.passwordOrganizations ?? null;
  // A discovery password outside the organizations whose membership it is proves nothing
  // here: the organization asks for another primary factor, and the password goes no further.
  const opens = opensOrganization({ passwordOrganizations }, org.organization_id);
  // Entered with it, the password factor names this membership's password, which it proved too.
  const named = opens && passwordOrganizations ? { ...factor, email_factor: { email_id: memberEmailId(member), email_address: member.email_address } } : factor;
  return completePrimaryAuth(ctx, tx, {
    org,
    member,
    factor: named,
    method: authMethodOf(factor),
    minutes: e.minutes,
    client: e.client,
    currentSessionId: e.currentSessionId,
    priorFactors: opens ? prior : prior.filter((f) => f.type !== 'password'),
    fromDiscovery: e.fromDiscovery,
    refused: !opens,
    passwordOrganizations,
  });
}

/**
 * Spends a discovery intermediate session to create an organization whose first member, an
 * admin, is the address it proves (when the project allows creation).
 */
export async function createOrganizationFromDiscovery(ctx: ProviderContext, token: string, settings: OrganizationSettings, e: EntryContext): Promise<AuthAnswer> {
  if (!ctx.config.b2b.createOrganizationEnabled) {
    throw new ApiError(403, 'organization_creation_not_allowed', 'This project does not allow organizations to be created from discovery.');
  }
  return withTx(ctx.db, async (tx) => {
    const ist = await consumeIntermediateSession(ctx, tx, token);
    if (ist.organizationId !== null) throw new ApiError(403, 'intermediate_session_organization_mismatch', 'Only a discovery intermediate session creates an organization.');
    const now = ctx.clock.now();
    const name = settings.organization_name?.trim() || `${ist.email.split('@')[0]}'s organization`;
    let slug = settings.organization_slug;
    if (slug === undefined) {
      // A slug derived from a name may be taken already; a short suffix keeps it readable.
      slug = slugFromName(name);
      if (await organizationBySlug(tx, slug)) slug = `${slug.slice(0, 120)}-${randomBytes(4).toString('hex')}`;
    }
    const org = await createOrganization(tx, ctx.env, now, { ...settings, organization_name: name, organization_slug: slug });
    const member = await createMember(tx, ctx.env, now, org.organization_id, { email: ist.email, status: 'active', emailVerified: true, roles: [ADMIN_ROLE] });
    return completeIntermediate(ctx, tx, org, member, ist.factors, ist.factors, { ...e, currentSessionId: null, fromDiscovery: true });
  });
}

/**
 * Exchanges a member session for one in another organization of the same address. Only its
 * primary factors travel: MFA is proven per member, so the other organization asks its own.
 */
export async function exchangeMemberSession(ctx: ProviderContext, memberSessionId: string, email: string, organizationId: string, e: Omit<EntryContext, 'currentSessionId'>): Promise<AuthAnswer> {
  return withTx(ctx.db, async (tx) => {
    const primary = (await sessionFactors(ctx, tx, memberSessionId)).filter((f) => !isMfaFactor(f));
    const factor = primary.at(-1);
    if (!factor) throw new ApiError(400, 'session_has_no_primary_factor', 'The session has no primary factor to carry to another organization.');
    const org = await requireOrganization(tx, organizationId);
    const member = await enterOrganization(tx, ctx.env, ctx.clock.now(), org, email);
    // A password proves one membership's (its factor names that member): it opens no other organization.
    const refused = factor.type === 'password' && !provesPasswordOf(factor, member);
    return completePrimaryAuth(ctx, tx, {
      org,
      member,
      factor,
      method: authMethodOf(factor),
      minutes: e.minutes,
      client: e.client,
      currentSessionId: null,
      priorFactors: refused ? primary.filter((f) => f.type !== 'password') : primary,
      refused,
    });
  });
}
