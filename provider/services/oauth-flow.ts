import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
import { OAUTH_TTL_MS, type OAuthProfile, type OAuthState } from './oauth-state.ts';
import { sessionToExtend, startOrExtend, type Issued, type SessionCaller } from './sessions.ts';
import { issueRedirectToken, spendToken, type TokenRow } from './single-use-tokens.ts';
import { withTx } from './tx.ts';
import { createUser, emailIdentity, normalizeEmail } from './users.ts';

/**
 * A B2C flow's end: finds or creates the user behind a provider account, keyed by (provider,
 * subject): the account's user; else the user owning the (verified) email, linked; else a new
 * user. Issues the single-use token and returns the redirect URL that carries it. Flows are
 * finished through `completeFlow` (http/redirect-flow.ts), which sends B2B ones elsewhere.
 */
export async function completeUserFlow(ctx: ProviderContext, tx: Queryable, state: OAuthState, profile: OAuthProfile, providerValues: Record<string, unknown>): Promise<string> {
  const now = ctx.clock.now();
  const provider = state.provider_type;
  const email = profile.email ? normalizeEmail(profile.email) : '';
  const existing = await tx.query<{ oauth_user_registration_id: string; user_id: string }>(
    'SELECT oauth_user_registration_id, user_id FROM oauth_accounts WHERE provider_type = $1 AND provider_subject = $2 FOR UPDATE',
    [provider, profile.subject],
  );
  let accountId = existing.rows[0]?.oauth_user_registration_id;
  let userId = existing.rows[0]?.user_id;
  let created = false;
  if (!accountId || !userId) {
    if (email && profile.emailVerified) {
      const identity = (await emailIdentity(tx, email, ctx.env, now))!;
      userId = identity.userId;
      created = identity.created;
      await tx.query('UPDATE user_emails SET verified = true WHERE email_id = $1', [identity.methodId]);
    } else {
      userId = await createUser(tx, ctx.env, now, 'active');
      created = true;
    }
    if (created && profile.name) {
      const [first, ...rest] = profile.name.trim().split(/\s+/);
      await tx.query('UPDATE users SET first_name = $2, last_name = $3 WHERE user_id = $1', [userId, first ?? '', rest.join(' ')]);
    }
    accountId = newId('oauth-user-registration', ctx.env);
    await tx.query(
      'INSERT INTO oauth_accounts (oauth_user_registration_id, user_id, provider_type, provider_subject, email, profile_picture_url, locale, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)',
      [accountId, userId, provider, profile.subject, email, profile.pictureUrl ?? '', profile.locale ?? '', now],
    );
  }
  return issueRedirectToken(ctx, tx, {
    table: 'oauth_tokens',
    columns: { oauth_user_registration_id: accountId, user_id: userId, provider_values: JSON.stringify(providerValues) },
    codeChallenge: state.code_challenge,
    ttlMs: OAUTH_TTL_MS,
    url: created ? state.signup_redirect_url : state.login_redirect_url,
    tokenType: 'oauth',
  });
}

/** The redeemed token: who signed in, through which account. */
export interface RedeemedOAuth {
  userId: string;
  accountId: string;
  providerType: string;
  providerSubject: string;
  emailId: string | null;
  providerValues: Record<string, unknown>;
}

/**
 * Redeems an OAuth token once, under a row lock, checking the PKCE verifier when the flow
 * was started with a challenge.
 */
export async function redeemOAuthToken(ctx: ProviderContext, tx: Queryable, token: string, verifier: string | undefined): Promise<RedeemedOAuth> {
  const row = await spendToken<TokenRow & { user_id: string; provider_values: Record<string, unknown>; oauth_user_registration_id: string }>(ctx, tx, 'oauth_tokens', token, verifier, {
    notFound: () => new ApiError(404, 'oauth_token_not_found', 'The OAuth token is incorrect, expired or already used.'),
    pkce: { missing: 'This OAuth flow was started with PKCE; code_verifier is required.', mismatch: 'The code_verifier does not match the code_challenge (pkce).' },
    forgetProviderValues: true,
  });
  const account = (
    await tx.query<{ provider_type: string; provider_subject: string; email: string }>('SELECT provider_type, provider_subject, email FROM oauth_accounts WHERE oauth_user_registration_id = $1', [
      row.oauth_user_registration_id,
    ])
  ).rows[0]!;
  const email = account.email ? await tx.query<{ email_id: string }>('SELECT email_id FROM user_emails WHERE email = $1 AND user_id = $2', [account.email, row.user_id]) : { rows: [] };
  return {
    userId: row.user_id,
    accountId: row.oauth_user_registration_id,
    providerType: account.provider_type,
    providerSubject: account.provider_subject,
    emailId: email.rows[0]?.email_id ?? null,
    providerValues: row.provider_values,
  };
}

/**
 * `oauth/authenticate`: the token redeemed once and the user's session started or extended
 * with the provider's factor.
 */
export function authenticateOAuth(ctx: ProviderContext, token: string, verifier: string | undefined, minutes: number, caller: SessionCaller): Promise<{ issued: Issued; r: RedeemedOAuth }> {
  return withTx(ctx.db, async (tx) => {
    const r = await redeemOAuthToken(ctx, tx, token, verifier);
    const factor = {
      type: 'oauth',
      delivery_method: `oauth_${r.providerType}`,
      last_authenticated_at: ctx.clock.now().toISOString(),
      [`${r.providerType}_oauth_factor`]: { id: r.accountId, provider_subject: r.providerSubject, ...(r.emailId ? { email_id: r.emailId } : {}) },
    };
    const issued = await startOrExtend(ctx, tx, r.userId, factor, minutes, caller.client, sessionToExtend(caller, r.userId));
    return { issued, r };
  });
}
