import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { secretToken, sha256 } from './ids.ts';
import { verifyEmailByPasswordless } from './dedupe.ts';
import { settleDirectRedemption } from './link-request-binding.ts';
import { spendToken, type TokenRow } from './single-use-tokens.ts';

/** The redirect URL must be on the project's allow-list, compared exactly; default is the first entry. */
export function redirectUrl(ctx: ProviderContext, asked: string | undefined): string {
  const allowed = ctx.config.redirectUrls;
  if (asked === undefined) {
    if (!allowed[0]) throw new ApiError(400, 'no_login_redirect_urls_set', 'No redirect URL was given and the project has none configured.');
    return allowed[0];
  }
  if (!allowed.includes(asked)) throw new ApiError(400, 'invalid_redirect_url', "The redirect URL is not in the project's allow-list.");
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

/** Kinds of B2C links; B2B kinds name an address instead of a user (services/b2b/email-links.ts). */
export type TokenKind = 'magic_link' | 'password_reset';
export type B2BTokenKind = 'b2b_discovery' | 'b2b_magic_link' | 'b2b_password_reset' | 'b2b_discovery_password_reset';

/** Who a link signs in: a B2C user's address, or (B2B) an address with its organization and member. */
export type TokenSubject = { userId: string; emailId: string } | { email: string; organizationId?: string; memberId?: string };

/** The `stytch_token_type` each kind's link carries, as the official clients read it. */
const TOKEN_TYPES: Record<TokenKind | B2BTokenKind, string> = {
  magic_link: 'magic_links',
  password_reset: 'reset_password',
  b2b_discovery: 'discovery',
  b2b_magic_link: 'multi_tenant_magic_links',
  b2b_password_reset: 'multi_tenant_passwords',
  // The official type of a discovery reset link; `stytch_redirect_type=reset_password` tells it from a discovery login link.
  b2b_discovery_password_reset: 'discovery',
};

/**
 * What a B2B link is for, as the hosted provider names it in `stytch_redirect_type` (the
 * redirect URL's type: `login`, `signup`, `invite`; every reset link `reset_password`, which the
 * official B2B UI reads to open its reset form whatever its configured flow). B2C links carry none.
 */
export type RedirectType = 'login' | 'signup' | 'invite' | 'reset_password';

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
  return issueLink(ctx, tx, kind, { userId, emailId }, url, minutes, codeChallenge);
}

/** `issueEmailToken` for any kind and subject (B2B links name an address, not a user). */
export async function issueLink(
  ctx: ProviderContext,
  tx: Queryable,
  kind: TokenKind | B2BTokenKind,
  subject: TokenSubject,
  url: string,
  minutes: number,
  codeChallenge: string | undefined,
  redirectType?: RedirectType,
): Promise<string> {
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 7 * 24 * 60) {
    throw new ApiError(400, 'invalid_expiration', 'Expiration minutes must be an integer from 5 to 10080.');
  }
  const now = ctx.clock.now();
  const token = secretToken(32);
  const b2b = 'email' in subject ? subject : undefined;
  const user = 'userId' in subject ? subject : undefined;
  await tx.query(
    `INSERT INTO email_tokens (token_hash, kind, user_id, email_id, email_address, organization_id, member_id, code_challenge, created_at, expires_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
    [
      sha256(token),
      kind,
      user?.userId ?? null,
      user?.emailId ?? null,
      b2b?.email ?? null,
      b2b?.organizationId ?? null,
      b2b?.memberId ?? null,
      codeChallenge ?? null,
      now,
      new Date(now.getTime() + minutes * 60_000),
    ],
  );
  const link = new URL(url);
  const redirect = kind === 'b2b_password_reset' || kind === 'b2b_discovery_password_reset' ? 'reset_password' : redirectType;
  if (redirect) link.searchParams.set('stytch_redirect_type', redirect);
  link.searchParams.set('stytch_token_type', TOKEN_TYPES[kind]);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The session factor a B2C magic link adds. */
export function emailLinkFactor(now: Date, emailId: string) {
  return { type: 'magic_link', delivery_method: 'email', last_authenticated_at: now.toISOString(), email_factor: { email_id: emailId } };
}

/** A claimed link's row: who it names. */
export interface ClaimedLink {
  tokenHash: string;
  kind: TokenKind | B2BTokenKind;
  userId: string | null;
  emailId: string | null;
  email: string | null;
  organizationId: string | null;
  memberId: string | null;
}

/**
 * Spends a token of one of `kinds` under a row lock, so single use holds under races; PKCE is
 * enforced when the token was issued with a challenge. A token of another kind is answered as
 * an unknown one (a B2B link never signs in a B2C user, nor the reverse). `pkce: false` is
 * for a cross-device confirmation: the asking tab's request secret proves the tab instead.
 */
export async function claimLink(
  ctx: ProviderContext,
  tx: Queryable,
  token: string,
  kinds: Array<TokenKind | B2BTokenKind>,
  verifier: string | undefined,
  opts: { pkce?: boolean } = {},
): Promise<ClaimedLink> {
  const row = await spendToken<
    TokenRow & { kind: TokenKind | B2BTokenKind; user_id: string | null; email_id: string | null; email_address: string | null; organization_id: string | null; member_id: string | null }
  >(ctx, tx, 'email_tokens', token, verifier, {
    accept: (r) => kinds.includes(r.kind),
    notFound: () => new ApiError(404, 'unable_to_auth_magic_link', 'The link is incorrect, expired or already used.'),
    // The confirmation page has no verifier; the session lands only where the request secret is.
    pkce:
      opts.pkce === false
        ? false
        : {
            missing: 'This link was requested with PKCE; code_verifier is required.',
            mismatch: 'The code_verifier does not match the code_challenge (pkce).',
            unasked: 'A code_verifier was sent but the link was requested without PKCE (pkce).',
          },
  });
  return { tokenHash: row.token_hash, kind: row.kind, userId: row.user_id, emailId: row.email_id, email: row.email_address, organizationId: row.organization_id, memberId: row.member_id };
}

/**
 * Redeems a B2C token of one of `kinds` (single use, PKCE as `claimLink`) and marks its
 * address proven and its user active. A token a cross-device request waits on is settled
 * here too (services/link-request-binding.ts), unless `viaRequest` (the request's own
 * confirmation, which skips PKCE as `claimLink` explains) is spending it.
 */
export async function redeemEmailToken(
  ctx: ProviderContext,
  tx: Queryable,
  token: string,
  kinds: TokenKind[],
  verifier: string | undefined,
  opts: { viaRequest?: boolean } = {},
): Promise<{ userId: string; emailId: string; kind: TokenKind; tokenHash: string }> {
  const row = await claimLink(ctx, tx, token, kinds, verifier, opts.viaRequest ? { pkce: false } : {});
  if (!opts.viaRequest && row.kind === 'magic_link') await settleDirectRedemption(ctx, tx, row.tokenHash);
  const userId = row.userId!;
  const emailId = row.emailId!;
  await verifyEmailByPasswordless(tx, emailId);
  await tx.query("UPDATE users SET status = 'active' WHERE user_id = $1", [userId]);
  return { userId, emailId, kind: row.kind as TokenKind, tokenHash: row.tokenHash };
}
