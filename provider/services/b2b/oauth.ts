import type { B2BOAuthProvider } from '../../../client/schemas/b2b-oauth-providers.ts';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import type { B2BFlow, OAuthProfile, OAuthState } from '../oauth-state.ts';
import { issueRedirectToken, spendToken, type TokenRow } from '../single-use-tokens.ts';
import type { ClientInfo, Factor } from '../sessions.ts';
import { withTx } from '../tx.ts';
import { normalizeEmail } from '../users.ts';
import { enterOrganization, memberEmailId, startDiscovery } from './discovery.ts';
import { requireOrganization } from './organizations.ts';
import { completePrimaryAuth, type AuthAnswer } from './primary-auth.ts';

/** How long an issued B2B OAuth token stays redeemable. */
const TOKEN_TTL_MS = 10 * 60_000;

/**
 * Ends a B2B flow at the provider's (or the consent page's) return: the proven address and
 * account are kept under a single-use token, and the app's URL carries it: `oauth` for an
 * organization's sign-in, `discovery_oauth` for discovery. Members are found or provisioned
 * when the token is redeemed, by the rules of the organization then.
 */
export async function completeB2BFlow(ctx: ProviderContext, tx: Queryable, state: OAuthState, flow: B2BFlow, profile: OAuthProfile, values: Record<string, unknown>): Promise<string> {
  // An organization admits people by address: only an address the provider verified counts.
  if (!profile.email || !profile.emailVerified) {
    throw new ApiError(400, 'oauth_email_not_verified', 'The provider did not vouch for a verified email address, which B2B sign-in needs.');
  }
  await tx.query('DELETE FROM b2b_oauth_tokens WHERE expires_at <= $1', [ctx.clock.now()]);
  return issueRedirectToken(ctx, tx, {
    table: 'b2b_oauth_tokens',
    columns: {
      kind: flow.kind,
      organization_id: flow.kind === 'organization' ? flow.organization_id : null,
      email_address: normalizeEmail(profile.email),
      provider_type: state.provider_type,
      provider_subject: profile.subject,
      provider_values: JSON.stringify(values),
    },
    codeChallenge: state.code_challenge,
    ttlMs: TOKEN_TTL_MS,
    url: state.login_redirect_url,
    tokenType: flow.kind === 'organization' ? 'oauth' : 'discovery_oauth',
  });
}

export interface RedeemedB2BOAuth {
  organizationId: string | null;
  email: string;
  providerType: B2BOAuthProvider;
  providerSubject: string;
  providerValues: Record<string, unknown>;
}

/** Redeems a B2B OAuth token of `kind` once (row lock), checking the PKCE verifier when the flow had a challenge. */
export async function redeemB2BOAuthToken(ctx: ProviderContext, tx: Queryable, kind: B2BFlow['kind'], token: string, verifier: string | undefined): Promise<RedeemedB2BOAuth> {
  const row = await spendToken<
    TokenRow & { kind: B2BFlow['kind']; organization_id: string | null; email_address: string; provider_type: B2BOAuthProvider; provider_subject: string; provider_values: Record<string, unknown> }
  >(ctx, tx, 'b2b_oauth_tokens', token, verifier, {
    accept: (r) => r.kind === kind,
    notFound: () => new ApiError(404, 'oauth_token_not_found', 'The OAuth token is incorrect, expired or already used.'),
    pkce: { missing: 'This OAuth flow was started with PKCE; pkce_code_verifier is required.', mismatch: 'The code verifier does not match the code challenge (pkce).' },
    forgetProviderValues: true,
  });
  return { organizationId: row.organization_id, email: row.email_address, providerType: row.provider_type, providerSubject: row.provider_subject, providerValues: row.provider_values };
}

/** The OAuth factor a member session records (B2B{Provider}OAuthFactor of the official types). */
export function b2bOAuthFactor(now: Date, r: RedeemedB2BOAuth, emailId: string): Record<string, unknown> & { type: string; delivery_method: string; last_authenticated_at: string } {
  return {
    type: 'oauth',
    delivery_method: `oauth_${r.providerType}`,
    last_authenticated_at: now.toISOString(),
    [`${r.providerType}_oauth_factor`]: { id: `${r.providerType}-${r.providerSubject}`, email_id: emailId, provider_subject: r.providerSubject },
    sequence_order: 'PRIMARY',
  };
}

/** What a B2B OAuth answer carries of the provider's account beside the sign-in. */
function providerExtras(r: RedeemedB2BOAuth): Record<string, unknown> {
  return {
    provider_type: r.providerType,
    provider_subject: r.providerSubject,
    provider_tenant_id: '',
    provider_values: { access_token: '', id_token: '', refresh_token: '', scopes: [], ...r.providerValues },
  };
}

/**
 * `oauth/authenticate`: the organization's token redeemed once, the member found by address (or
 * admitted just in time by the organization's email domains), and `completePrimaryAuth`.
 */
export function authenticateB2BOAuth(
  ctx: ProviderContext,
  token: string,
  verifier: string | undefined,
  e: { minutes: number; client: ClientInfo; current: { memberId: string | null; sessionId: string | null } },
): Promise<AuthAnswer> {
  return withTx(ctx.db, async (tx) => {
    const r = await redeemB2BOAuthToken(ctx, tx, 'organization', token, verifier);
    const org = await requireOrganization(tx, r.organizationId!);
    const member = await enterOrganization(tx, ctx.env, ctx.clock.now(), org, r.email);
    const factor = b2bOAuthFactor(ctx.clock.now(), r, memberEmailId(member)) as Factor;
    const done = await completePrimaryAuth(ctx, tx, {
      org,
      member,
      factor,
      method: `${r.providerType}_oauth`,
      minutes: e.minutes,
      client: e.client,
      currentSessionId: e.current.memberId === member.member_id ? e.current.sessionId : null,
    });
    return { ...done, ...providerExtras(r) };
  });
}

/** `oauth/discovery/authenticate`: the discovery token redeemed once and discovery started for its address. */
export function authenticateDiscoveryOAuth(ctx: ProviderContext, token: string, verifier: string | undefined): Promise<Record<string, unknown>> {
  return withTx(ctx.db, async (tx) => {
    const r = await redeemB2BOAuthToken(ctx, tx, 'discovery', token, verifier);
    const factor = b2bOAuthFactor(ctx.clock.now(), r, '') as Factor;
    return { ...(await startDiscovery(ctx, tx, r.email, factor)), ...providerExtras(r) };
  });
}
