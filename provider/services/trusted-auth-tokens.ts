import { createPublicKey } from 'node:crypto';
import { errors as joseErrors, type JSONWebKeySet, type JWK, type JWTPayload } from 'jose';
import { EMAIL_PATTERN } from '../../client/schemas/index.ts';
import type { ProjectConfig } from '../config.ts';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { OutboundError } from './outbound.ts';
import { remoteKeySet, verifyWithKeySet } from './remote-keys.ts';
import type { Factor } from './sessions.ts';
import { withTx } from './tx.ts';
import { activatePending, emailIdentity, normalizeEmail } from './users.ts';

/*
 * Trusted auth tokens (`sessions/attest`, both lines): a JWT that another system signed, for a
 * profile the project configured (config `trustedAuthTokenProfiles`). The token is verified by
 * jose, never by hand: its signature with the profile's keys, its algorithm among the
 * profile's (asymmetric only), its `iss` and `aud`, its `exp` (required) and `nbf` on the
 * provider's clock. Its claims then name the person (`attribute_mapping`). A profile that maps
 * a token id lets each id be attested once: the id is recorded, in the transaction that makes
 * the session, until the token expires.
 */

export type TrustedAuthTokenProfile = ProjectConfig['trustedAuthTokenProfiles'][number];

/** A verified token: what its claims say under the profile's mapping. */
export interface AttestedToken {
  profile: TrustedAuthTokenProfile;
  email: string;
  /** The mapped token id; null when the profile maps none (the token may then be attested again until it expires). */
  tokenId: string | null;
  /** B2B: the mapped organization claim, when the profile maps one and the token carries it. */
  organizationId: string | null;
  expiresAt: Date;
}

const refused = (errorType: string, why: string) => new ApiError(401, errorType, `The trusted auth token was refused: ${why}`);

/** The project's profile by id; the official 404 when there is none. */
export function trustedProfile(ctx: ProviderContext, profileId: string): TrustedAuthTokenProfile {
  const profile = ctx.config.trustedAuthTokenProfiles.find((p) => p.profile_id === profileId);
  if (!profile) throw new ApiError(404, 'trusted_token_profile_not_found', `No trusted auth token profile has the id ${profileId}.`);
  return profile;
}

/** The profile's PEM public keys as a key set, so that one verification path serves both kinds of profile. */
function pemKeySet(pems: readonly string[]): JSONWebKeySet {
  return { keys: pems.map((pem) => createPublicKey(pem).export({ format: 'jwk' }) as JWK) };
}

function keysOf(ctx: ProviderContext, profile: TrustedAuthTokenProfile): (maxAgeMs?: number) => Promise<JSONWebKeySet> {
  const url = profile.jwks_url;
  if (url === undefined) {
    const set = pemKeySet(profile.pem_files ?? []);
    return async () => set;
  }
  return (maxAgeMs) =>
    remoteKeySet(ctx.outbound, ctx.outsideCache, url, (status) => new ApiError(400, 'invalid_jwks_url', `The profile's JWKS URL answered HTTP ${status}.`), maxAgeMs).catch((e: unknown) => {
      if (e instanceof ApiError) throw e;
      // The outbound guard's one message (or "not a key set"): the caller learns no more about the network.
      const why = e instanceof OutboundError ? e.message : 'it is not a JSON Web Key Set.';
      throw new ApiError(400, 'invalid_jwks_url', `The profile's JWKS could not be read: ${why}`);
    });
}

/** jose's refusal in the official error types: the issuer and the audience have their own, the rest is an invalid token. */
function named(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof joseErrors.JWTExpired) return refused('invalid_trusted_auth_token', 'it has expired.');
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    if (e.claim === 'iss') return refused('jwt_invalid_issuer', "its issuer (iss) is not the profile's.");
    if (e.claim === 'aud') return refused('jwt_invalid_audience', "its audience (aud) is not the profile's.");
    if (e.claim === 'nbf') return refused('invalid_trusted_auth_token', 'it is not valid yet (nbf).');
    return refused('jwt_invalid_claims', `its ${e.claim} claim is missing or invalid.`);
  }
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return refused('invalid_trusted_auth_token', 'it is signed with an algorithm the profile does not allow.');
  if (e instanceof joseErrors.JWSSignatureVerificationFailed || e instanceof joseErrors.JWKSNoMatchingKey)
    return refused('invalid_trusted_auth_token', "its signature does not verify with the profile's keys.");
  return refused('invalid_trusted_auth_token', 'it is not a well-formed signed JWT.');
}

/** A mapped claim's value as text: strings as they are, numbers written out; anything else is absent. */
function claimText(claims: JWTPayload, name: string | undefined): string | null {
  if (name === undefined) return null;
  const value = claims[name];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Verifies `token` for `profile` on the provider's clock and reads the mapped claims. */
export async function verifyTrustedToken(ctx: ProviderContext, profile: TrustedAuthTokenProfile, token: string): Promise<AttestedToken> {
  let claims: JWTPayload;
  try {
    claims = await verifyWithKeySet(
      token,
      keysOf(ctx, profile),
      {
        issuer: profile.issuer,
        audience: profile.audience,
        algorithms: profile.algorithms,
        currentDate: ctx.clock.now(),
        requiredClaims: ['exp'],
      },
      profile.jwks_url === undefined,
    );
  } catch (e) {
    throw named(e);
  }
  const map = profile.attribute_mapping;
  const email = claimText(claims, map.email);
  if (email === null || !EMAIL_PATTERN.test(email)) throw refused('jwt_invalid_claims', `its ${map.email} claim (the profile's email) is not an email address.`);
  const tokenId = claimText(claims, map.token_id);
  if (map.token_id !== undefined && tokenId === null) throw refused('jwt_invalid_claims', `its ${map.token_id} claim (the profile's token id) is missing.`);
  return { profile, email: normalizeEmail(email), tokenId, organizationId: claimText(claims, map.organization_id), expiresAt: new Date(claims.exp! * 1000) };
}

/** The session factor a trusted token proves (the official `trusted_auth_token` factor). */
export function trustedTokenFactor(ctx: ProviderContext, t: AttestedToken): Factor {
  return {
    type: 'trusted_auth_token',
    delivery_method: 'trusted_token_exchange',
    last_authenticated_at: ctx.clock.now().toISOString(),
    trusted_auth_token_factor: { token_id: t.tokenId ?? '' },
  };
}

/**
 * Verifies the token (outside any transaction: a JWKS fetch may take the outbound deadline),
 * then, in one transaction, records its token id (a second attest of that id is refused,
 * however many race) and lets `finish` find the person and make the session.
 */
export async function attestToken<T>(ctx: ProviderContext, profileId: string, token: string, finish: (tx: Queryable, t: AttestedToken, factor: Factor) => Promise<T>): Promise<T> {
  const t = await verifyTrustedToken(ctx, trustedProfile(ctx, profileId), token);
  if (t.tokenId !== null) await ctx.db.query('DELETE FROM trusted_auth_tokens_attested WHERE expires_at <= $1', [ctx.clock.now()]);
  return withTx(ctx.db, async (tx) => {
    if (t.tokenId !== null) {
      const fresh = await tx.query('INSERT INTO trusted_auth_tokens_attested (profile_id, token_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING token_id', [
        t.profile.profile_id,
        t.tokenId,
        t.expiresAt,
      ]);
      if (!fresh.rows[0]) throw refused('invalid_trusted_auth_token', 'a token with this token id was already attested.');
    }
    return finish(tx, t, trustedTokenFactor(ctx, t));
  });
}

/** B2C: the user the token's email names, created when the profile may provision; a pending user becomes active. */
export async function attestedUser(ctx: ProviderContext, tx: Queryable, t: AttestedToken): Promise<string> {
  const found = await emailIdentity(tx, t.email, ctx.env, ctx.clock.now(), t.profile.can_jit_provision);
  if (!found) throw new ApiError(404, 'user_not_found', "No user has the token's email, and the profile may not create one (can_jit_provision).");
  await activatePending(tx, found.userId);
  return found.userId;
}
