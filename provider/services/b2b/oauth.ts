import { createHash } from 'node:crypto';
import type { B2BOAuthProvider } from '../../../client/schemas/b2b-oauth-providers.ts';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { safeEqual, secretToken, sha256 } from '../ids.ts';
import type { B2BFlow, OAuthProfile, OAuthState } from '../oauth-state.ts';
import { normalizeEmail } from '../users.ts';

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
  const now = ctx.clock.now();
  const token = secretToken(32);
  await tx.query('DELETE FROM b2b_oauth_tokens WHERE expires_at <= $1', [now]);
  await tx.query(
    `INSERT INTO b2b_oauth_tokens (token_hash, kind, organization_id, email_address, provider_type, provider_subject, code_challenge, provider_values, created_at, expires_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
    [
      sha256(token),
      flow.kind,
      flow.kind === 'organization' ? flow.organization_id : null,
      normalizeEmail(profile.email),
      state.provider_type,
      profile.subject,
      state.code_challenge,
      JSON.stringify(values),
      now,
      new Date(now.getTime() + TOKEN_TTL_MS),
    ],
  );
  const url = new URL(state.login_redirect_url);
  url.searchParams.set('stytch_token_type', flow.kind === 'organization' ? 'oauth' : 'discovery_oauth');
  url.searchParams.set('token', token);
  return url.toString();
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
  const { rows } = await tx.query<{
    token_hash: string;
    organization_id: string | null;
    email_address: string;
    provider_type: B2BOAuthProvider;
    provider_subject: string;
    code_challenge: string | null;
    provider_values: Record<string, unknown>;
    expires_at: Date;
    used_at: Date | null;
  }>('SELECT * FROM b2b_oauth_tokens WHERE token_hash = $1 AND kind = $2 FOR UPDATE', [sha256(token), kind]);
  const row = rows[0];
  const now = ctx.clock.now();
  if (!row || row.used_at || new Date(row.expires_at) <= now) throw new ApiError(404, 'oauth_token_not_found', 'The OAuth token is incorrect, expired or already used.');
  if (row.code_challenge !== null) {
    if (!verifier) throw new ApiError(400, 'missing_pkce', 'This OAuth flow was started with PKCE; pkce_code_verifier is required.');
    if (!safeEqual(createHash('sha256').update(verifier).digest('base64url'), row.code_challenge))
      throw new ApiError(400, 'pkce_mismatch', 'The code verifier does not match the code challenge (pkce).');
  }
  // The upstream's tokens are handed over once and not kept.
  await tx.query("UPDATE b2b_oauth_tokens SET used_at = $2, provider_values = '{}' WHERE token_hash = $1", [row.token_hash, now]);
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
