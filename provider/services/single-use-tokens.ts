import { createHash } from 'node:crypto';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { safeEqual, secretToken, sha256 } from './ids.ts';

/*
 * The single-use tokens a flow hands to the app (email links, OAuth of both lines, SSO): kept
 * only as a hash, bound to the PKCE challenge the flow started with, spent once under a row
 * lock. Each flow keeps its own table, columns and words; the rules are these, once.
 */

/** The tables of the tokens a redirect flow (B2C OAuth, B2B OAuth, SSO) hands to the app's URL. */
export type RedirectTokenTable = 'oauth_tokens' | 'b2b_oauth_tokens' | 'b2b_sso_tokens';

/** Every table of single-use tokens: the redirect flows' and the email links'. */
export type TokenTable = RedirectTokenTable | 'email_tokens';

/** PKCE's S256 challenge of a verifier: base64url of its SHA-256 (RFC 7636 §4.2). */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * Whether `verifier` answers an S256 `challenge` (RFC 7636 §4.6): the one PKCE check, for the
 * redirect flows' tokens below and the authorization server's codes (services/idp-tokens.ts).
 */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return safeEqual(s256(verifier), challenge);
}

/** A token to issue: its row beside the hash, challenge and times, and the URL that carries it. */
export interface RedirectToken {
  table: RedirectTokenTable;
  /** The flow's own columns; their names come from the flow's code, never from a request. */
  columns: Record<string, unknown>;
  codeChallenge: string | null;
  ttlMs: number;
  /** The app's URL the token is appended to, and the `stytch_token_type` the clients read it as. */
  url: string;
  tokenType: string;
}

/** Issues a 256-bit single-use token (stored only as its hash) and returns the app's URL carrying it. */
export async function issueRedirectToken(ctx: ProviderContext, tx: Queryable, t: RedirectToken): Promise<string> {
  const now = ctx.clock.now();
  const token = secretToken(32);
  const names = ['token_hash', ...Object.keys(t.columns), 'code_challenge', 'created_at', 'expires_at'];
  const values = [sha256(token), ...Object.values(t.columns), t.codeChallenge, now, new Date(now.getTime() + t.ttlMs)];
  await tx.query(`INSERT INTO ${t.table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(',')})`, values);
  const url = new URL(t.url);
  url.searchParams.set('stytch_token_type', t.tokenType);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The columns every single-use token's row has. */
export interface TokenRow {
  token_hash: string;
  code_challenge: string | null;
  expires_at: Date;
  used_at: Date | null;
}

/** What the callers of PKCE refusals read, in the flow's own words (each names its own field). */
export interface PkceWords {
  /** The flow had a challenge and no verifier came. */
  missing: string;
  mismatch: string;
  /** When set, a verifier for a flow started without a challenge is refused with this. */
  unasked?: string;
}

/** How one flow spends its tokens. */
export interface SpendRules<R> {
  /** A row refused here is answered as an unknown token: a token of another kind never passes for this one. */
  accept?: (row: R) => boolean;
  notFound: () => ApiError;
  /** The PKCE check, or `false` where the caller proves the browser otherwise (a cross-device confirmation). */
  pkce: PkceWords | false;
  /** The upstream's tokens are handed over once: spending the token clears them. */
  forgetProviderValues?: boolean;
}

/** Refuses a verifier that does not answer the flow's challenge (and one the flow never asked for, when `words.unasked`). */
function checkPkce(challenge: string | null, verifier: string | undefined, words: PkceWords): void {
  if (challenge !== null) {
    if (!verifier) throw new ApiError(400, 'missing_pkce', words.missing);
    if (!verifierMatches(verifier, challenge)) throw new ApiError(400, 'pkce_mismatch', words.mismatch);
  } else if (verifier && words.unasked !== undefined) {
    throw new ApiError(400, 'pkce_mismatch', words.unasked);
  }
}

/**
 * Spends a token once: its row locked (so of two racing redemptions one wins), refused as
 * unknown when absent, of another kind, used or expired, then PKCE, then marked used.
 */
export async function spendToken<R extends TokenRow>(ctx: ProviderContext, tx: Queryable, table: TokenTable, token: string, verifier: string | undefined, rules: SpendRules<R>): Promise<R> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<R>(`SELECT * FROM ${table} WHERE token_hash = $1 FOR UPDATE`, [sha256(token)]);
  const row = rows[0];
  if (!row || (rules.accept !== undefined && !rules.accept(row)) || row.used_at || new Date(row.expires_at) <= now) throw rules.notFound();
  if (rules.pkce !== false) checkPkce(row.code_challenge, verifier, rules.pkce);
  await tx.query(`UPDATE ${table} SET used_at = $2${rules.forgetProviderValues === true ? ", provider_values = '{}'" : ''} WHERE token_hash = $1`, [row.token_hash, now]);
  return row;
}
