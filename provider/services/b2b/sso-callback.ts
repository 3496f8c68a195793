import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { withTx } from '../tx.ts';
import { createMember, memberByEmail, type MemberRow } from './members.ts';
import { requireOrganization, type OrganizationRow } from './organizations.ts';
import { isActive, type ConnectionRow } from './sso-connections.ts';
import { externalById } from './sso-external.ts';
import { grantSsoRoles } from './sso-roles.ts';
import { consumeSsoState, issueSsoToken, samlProfile, ssoFactor, verifiedSaml, type SsoProfile, type SsoState } from './sso-flow.ts';

/*
 * The end of an SSO sign-in at our callback (routes/b2b/sso.ts): the member the IdP vouched
 * for, found or provisioned, the state spent, and the app's single-use token, in one transaction.
 */

/** The member the IdP vouched for: found by address, else created when the organization provisions by SSO (JIT) through `connectionId`. */
async function ssoMember(ctx: ProviderContext, tx: Queryable, org: OrganizationRow, connectionId: string, p: SsoProfile): Promise<{ member: MemberRow; created: boolean }> {
  if (!p.email) throw new ApiError(400, 'sso_email_missing', "The identity provider sent no email address for the account (check the connection's attribute mapping).");
  const existing = await memberByEmail(tx, org.organization_id, p.email, true);
  if (existing) return { member: existing, created: false };
  const jit = org.sso_jit_provisioning === 'ALL_ALLOWED' || (org.sso_jit_provisioning === 'RESTRICTED' && org.sso_jit_provisioning_allowed_connections.includes(connectionId));
  if (!jit) throw new ApiError(403, 'sso_jit_provisioning_not_allowed', 'This organization does not let SSO create new members through this connection; ask an admin for an invitation.');
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
  return { member: await createMember(tx, ctx.env, ctx.clock.now(), org.organization_id, { email: p.email, status: 'active', name, emailVerified: true }), created: true };
}

/** Both callbacks end alike: the member found or provisioned, the state spent, the app sent its token. */
async function finish(ctx: ProviderContext, tx: Queryable, row: ConnectionRow, state: SsoState, profile: SsoProfile): Promise<string> {
  await consumeSsoState(ctx, tx, state);
  // An admin may have taken the connection's configuration away since the sign-in started.
  if (!isActive(row)) throw new ApiError(400, 'sso_connection_not_active', 'The SSO connection is not fully configured yet.');
  // Through an external connection, the member is of the organization that owns it, by its JIT rule and role rules.
  const ext = state.external_connection_id ? await externalById(tx, state.external_connection_id, ' FOR SHARE') : null;
  if (state.external_connection_id && !ext) throw new ApiError(400, 'sso_state_not_found', 'This SSO sign-in has expired or was already completed; start again.');
  const connectionId = ext?.connection_id ?? row.connection_id;
  const org = await requireOrganization(tx, ext?.organization_id ?? row.organization_id);
  const { member, created } = await ssoMember(ctx, tx, org, connectionId, profile);
  if (row.protocol === 'saml') await grantSsoRoles(ctx, tx, member, connectionId, profile.groups, ext ? 'external' : 'saml');
  return issueSsoToken(ctx, tx, state, member.member_id, ssoFactor(ctx, row, profile.subject, connectionId), created);
}

/** A SAML callback: the response verified first, then its assertion spent in the transaction that ends the sign-in; the app's URL. */
export async function finishSamlSso(ctx: ProviderContext, base: string, row: ConnectionRow, state: SsoState, samlResponse: string): Promise<string> {
  const assertion = await verifiedSaml(base, row, samlResponse);
  return withTx(ctx.db, async (tx) => finish(ctx, tx, row, state, await samlProfile(tx, row, state, assertion)));
}

/** An OIDC callback whose profile the IdP's tokens gave; the app's URL. */
export function finishOidcSso(ctx: ProviderContext, row: ConnectionRow, state: SsoState, profile: SsoProfile): Promise<string> {
  return withTx(ctx.db, (tx) => finish(ctx, tx, row, state, profile));
}

/** A sign-in the IdP declined: its state is spent, so it cannot be finished later. */
export function abandonSso(ctx: ProviderContext, state: SsoState): Promise<void> {
  return withTx(ctx.db, (tx) => consumeSsoState(ctx, tx, state));
}
