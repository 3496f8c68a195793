import { createHash } from 'node:crypto';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { safeEqual, secretToken, sha256 } from './ids.ts';
import { verifyEmailByPasswordless } from './dedupe.ts';

export type TokenKind = 'magic_link' | 'password_reset';

/** The redirect URL must be on the project's allow-list, compared exactly; default is the first entry. */
export function redirectUrl(ctx: ProviderContext, asked: string | undefined): string {
  const allowed = ctx.config.redirectUrls;
  if (asked === undefined) {
    if (!allowed[0]) throw new ApiError(400, 'no_login_redirect_urls_set', 'No redirect URL was given and the project has none configured.');
    return allowed[0];
  }
  if (!allowed.includes(asked)) throw new ApiError(400, 'invalid_redirect_url', 'The redirect URL is not in the project\'s allow-list.');
  return asked;
}

/** The flows whose PKCE requirement a project can switch on (bootstrap reports each). */
export type PkceFlow = 'emailMagicLinks' | 'passwordResets' | 'oauth' | 'sso';

/**
 * Refuses a start without a code_challenge when the project requires PKCE for the flow. It
 * runs before any lookup, so the answer is the same whether or not the address exists.
 */
export function requirePkce(ctx: ProviderContext, flow: PkceFlow, codeChallenge: string | undefined): void {
  if (ctx.config.pkceRequired[flow] && !codeChallenge) {
    throw new ApiError(400, 'pkce_required', 'This project requires PKCE: send a code_challenge (pkce).');
  }
}

/** Creates a 256-bit single-use token and returns the link to `url` that carries it. */
export async function issueEmailToken(
  ctx: ProviderContext,
  tx: Queryable,
  kind: TokenKind,
  userId: string,
  emailId: string,
  url: string,
  minutes: number,
  codeChallenge: string | undefined,
): Promise<string> {
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 7 * 24 * 60) {
    throw new ApiError(400, 'invalid_expiration', 'Expiration minutes must be an integer from 5 to 10080.');
  }
  const now = ctx.clock.now();
  const token = secretToken(32);
  await tx.query(
    'INSERT INTO email_tokens (token_hash, kind, user_id, email_id, code_challenge, created_at, expires_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
    [sha256(token), kind, userId, emailId, codeChallenge ?? null, now, new Date(now.getTime() + minutes * 60_000)],
  );
  const link = new URL(url);
  link.searchParams.set('stytch_token_type', kind === 'magic_link' ? 'magic_links' : 'reset_password');
  link.searchParams.set('token', token);
  return link.toString();
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * Redeems a token of one of `kinds` under a row lock: single use holds under races. PKCE is
 * enforced when the token was issued with a challenge.
 */
export async function redeemEmailToken(ctx: ProviderContext, tx: Queryable, token: string, kinds: TokenKind[], verifier: string | undefined): Promise<{ userId: string; emailId: string; kind: TokenKind }> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<{ token_hash: string; kind: TokenKind; user_id: string; email_id: string; code_challenge: string | null; expires_at: Date; used_at: Date | null }>(
    'SELECT * FROM email_tokens WHERE token_hash = $1 FOR UPDATE',
    [sha256(token)],
  );
  const row = rows[0];
  if (!row || !kinds.includes(row.kind) || row.used_at || new Date(row.expires_at) <= now) {
    throw new ApiError(404, 'unable_to_auth_magic_link', 'The link is incorrect, expired or already used.');
  }
  if (row.code_challenge !== null) {
    if (!verifier) throw new ApiError(400, 'missing_pkce', 'This link was requested with PKCE; code_verifier is required.');
    if (!safeEqual(s256(verifier), row.code_challenge)) throw new ApiError(400, 'pkce_mismatch', 'The code_verifier does not match the code_challenge (pkce).');
  } else if (verifier) {
    throw new ApiError(400, 'pkce_mismatch', 'A code_verifier was sent but the link was requested without PKCE (pkce).');
  }
  await tx.query('UPDATE email_tokens SET used_at = $2 WHERE token_hash = $1', [row.token_hash, now]);
  await verifyEmailByPasswordless(tx, row.email_id);
  await tx.query("UPDATE users SET status = 'active' WHERE user_id = $1", [row.user_id]);
  return { userId: row.user_id, emailId: row.email_id, kind: row.kind };
}
