import type { OAuthProvider } from '../../client/schemas/index.ts';
import type { B2BOAuthProvider } from '../../client/schemas/b2b-oauth-providers.ts';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { secretToken, sha256 } from './ids.ts';

/*
 * The store of started OAuth flows, B2C and B2B alike, kept
 * apart from what completes them so that each product line's completion may use it without
 * the two importing each other.
 */

/** What a B2B flow carries in the shared flow store (`oauth_states.b2b`). */
export type B2BFlow = { kind: 'organization'; organization_id: string } | { kind: 'discovery' };

/** How long a started OAuth flow and an issued OAuth token stay redeemable. */
export const OAUTH_TTL_MS = 10 * 60_000;

/** One started flow, as stored under the hash of its `state`. */
export interface OAuthState {
  provider_type: OAuthProvider | B2BOAuthProvider;
  code_challenge: string | null;
  login_redirect_url: string;
  signup_redirect_url: string;
  scopes: string;
  provider_params: Record<string, string>;
  upstream_verifier: string | null;
  upstream_nonce: string | null;
  /** Set for a B2B flow (an organization's sign-in or discovery); null for B2C. */
  b2b?: B2BFlow | null;
}

/** What the identity provider (simulated or real) vouched for. */
export interface OAuthProfile {
  subject: string;
  email: string;
  /** Only a verified email may join an existing user with that address. */
  emailVerified: boolean;
  name: string;
  pictureUrl?: string | undefined;
  locale?: string | undefined;
}

/** Stores a started flow; returns the raw state (the only copy). */
export async function saveState(ctx: ProviderContext, db: Queryable, s: OAuthState): Promise<string> {
  const state = secretToken(32);
  const now = ctx.clock.now();
  // Each start sweeps the states and tokens past their expiry, so abandoned flows don't pile up.
  await db.query('DELETE FROM oauth_states WHERE expires_at <= $1', [now]);
  await db.query('DELETE FROM oauth_tokens WHERE expires_at <= $1', [now]);
  await db.query(
    `INSERT INTO oauth_states (state_hash, provider_type, code_challenge, login_redirect_url, signup_redirect_url, scopes, provider_params, upstream_verifier, upstream_nonce, created_at, expires_at, b2b)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
    [
      sha256(state),
      s.provider_type,
      s.code_challenge,
      s.login_redirect_url,
      s.signup_redirect_url,
      s.scopes,
      JSON.stringify(s.provider_params),
      s.upstream_verifier,
      s.upstream_nonce,
      now,
      new Date(now.getTime() + OAUTH_TTL_MS),
      s.b2b ? JSON.stringify(s.b2b) : null,
    ],
  );
  return state;
}

/** A live, unused flow for `provider`, without consuming it (the consent page shows it). */
export async function peekState(ctx: ProviderContext, db: Queryable, provider: string, state: string): Promise<OAuthState | null> {
  const { rows } = await db.query<OAuthState>('SELECT * FROM oauth_states WHERE state_hash = $1 AND provider_type = $2 AND used_at IS NULL AND expires_at > $3', [
    sha256(state),
    provider,
    ctx.clock.now(),
  ]);
  return rows[0] ?? null;
}

/**
 * The flow `state` names, spent or expired alike (until swept): where its app is, so a refusal
 * of a late or repeated callback can still go back there.
 */
export async function flowOf(db: Queryable, provider: string, state: string): Promise<OAuthState | null> {
  const { rows } = await db.query<OAuthState>('SELECT * FROM oauth_states WHERE state_hash = $1 AND provider_type = $2', [sha256(state), provider]);
  return rows[0] ?? null;
}

/** Marks the flow used and returns it; a second caller with the same state gets null. */
export async function consumeState(ctx: ProviderContext, db: Queryable, provider: string, state: string): Promise<OAuthState | null> {
  const { rows } = await db.query<OAuthState>('UPDATE oauth_states SET used_at = $3 WHERE state_hash = $1 AND provider_type = $2 AND used_at IS NULL AND expires_at > $3 RETURNING *', [
    sha256(state),
    provider,
    ctx.clock.now(),
  ]);
  return rows[0] ?? null;
}
