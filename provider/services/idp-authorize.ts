import type { InferOutput } from 'valibot';
import type { IdpAuthorizeStart, IdpAuthorizeSubmit } from '../../client/schemas/requests.ts';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { requireAppAllowed } from './b2b-connected-apps-policy.ts';
import { isMetadataUrl, metadataClient, prepareClient } from './cimd.ts';
import { findClient, isFirstParty, isLoopbackRedirect, isPublicClient, type ClientRow } from './connected-apps.ts';
import { secretToken, sha256 } from './ids.ts';
import { withTx } from './tx.ts';

/*
 * The authorization request of the provider as an OAuth 2.1 / OpenID Connect server: the
 * consent element's start and submit (and the server API's twins for sites that draw their
 * own consent page). Nothing here ever redirects to a URI the client has not registered: an
 * unknown client or redirect is an error in the provider's shape, answered to the page.
 */

/** How long an authorization code lives: one exchange, at once (RFC 6749 §4.1.2 says at most 10 minutes). */
export const CODE_SECONDS = 60;

/** The standard scopes, with the words the consent screen shows. */
const STANDARD_SCOPES: Record<string, string> = {
  openid: 'Verify your identity',
  profile: 'View your name and profile information',
  email: 'View your email address',
  phone: 'View your phone number',
  offline_access: "Maintain access to your data even when you're not actively using the app",
};
const FULL_ACCESS = 'full_access';

/** Every scope the project offers: the standard ones and its own (discovery lists them). */
export function supportedScopes(ctx: ProviderContext): string[] {
  return [...Object.keys(STANDARD_SCOPES), ...ctx.config.connectedApps.customScopes.map((s) => s.scope)];
}

/** A PKCE challenge: the base64url SHA-256 of the verifier (S256, the only method taken). */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who grants: a user (B2C), or a member of an organization (B2B). The session is the browser
 * session that made the grant (null when a site's server named the user or member by id); its
 * end ends what the grant gave.
 */
export type Subject = { userId: string; sessionId: string | null } | { memberId: string; organizationId: string; sessionId: string | null };

export function isMember(s: Subject): s is Extract<Subject, { memberId: string }> {
  return 'memberId' in s;
}

/** Where a subject's consent is kept, and under which column. */
function grantsOf(s: Subject): { table: string; column: string; id: string } {
  return isMember(s) ? { table: 'connected_app_member_grants', column: 'member_id', id: s.memberId } : { table: 'connected_app_grants', column: 'user_id', id: s.userId };
}

/** The code and authorization rows' subject columns: user_id, member_id, session_id, member_session_id. */
export function subjectColumns(s: Subject): [string | null, string | null, string | null, string | null] {
  return isMember(s) ? [null, s.memberId, null, s.sessionId] : [s.userId, null, s.sessionId, null];
}

/** An authorization request as the consent element and the server API send it (the schema's output). */
export type AuthorizeRequest = InferOutput<typeof IdpAuthorizeStart>;
/** The same with the user's answer and the client's PKCE, state, nonce and resources. */
export type AuthorizeSubmit = Omit<InferOutput<typeof IdpAuthorizeSubmit>, 'resource'>;

export interface ScopeResult {
  scope: string;
  description: string;
  is_grantable: boolean;
}

export interface CheckedRequest {
  client: ClientRow;
  scopeResults: ScopeResult[];
  /** The requested scopes the client may be given, in the order asked. */
  grantable: string[];
  consentRequired: boolean;
}

/**
 * Whether `given` is one of `registered`: exactly, or, for a loopback http redirect, equal but
 * for the port, which a native app picks when it starts listening (RFC 8252 §7.3).
 */
export function redirectMatches(registered: string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (!isLoopbackRedirect(url) || url.hash !== '') return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((r) => {
    try {
      const reg = new URL(r);
      return isLoopbackRedirect(reg) && portless(reg) === portless(url);
    } catch {
      return false;
    }
  });
}

/** The client named by the request, refused as the provider's error when unknown. */
export async function requestClient(ctx: ProviderContext, db: Queryable, clientId: string): Promise<ClientRow> {
  const client = ctx.config.connectedApps.clientIdMetadataDocuments && isMetadataUrl(clientId) ? await metadataClient(ctx, db, clientId) : await findClient(db, clientId);
  if (!client) throw new ApiError(400, 'invalid_client', "No connected app has this client_id: check the app's configuration.", {}, { error: 'invalid_client' });
  return client;
}

function scopeResult(ctx: ProviderContext, client: ClientRow, scope: string): ScopeResult {
  const standard = STANDARD_SCOPES[scope];
  if (standard !== undefined) return { scope, description: standard, is_grantable: true };
  if (scope === FULL_ACCESS) return { scope, description: 'Act on your behalf', is_grantable: client.full_access_allowed };
  const custom = ctx.config.connectedApps.customScopes.find((s) => s.scope === scope);
  return custom ? { scope, description: custom.description, is_grantable: true } : { scope, description: '', is_grantable: false };
}

/**
 * Checks an authorization request for the user `userId`: the client, its redirect, the
 * response type; for a member, their organization's connected-apps policy; which scopes it may have; whether the user must be asked (never for a
 * first-party client; not when an earlier grant covers every scope asked, or every one but
 * `offline_access` when the client may skip consent for it; always with `prompt=consent`).
 */
export async function checkAuthorizeRequest(ctx: ProviderContext, db: Queryable, subject: Subject, req: AuthorizeRequest): Promise<CheckedRequest> {
  const client = await requestClient(ctx, db, req.client_id);
  if (!redirectMatches(client.redirect_urls, req.redirect_uri)) {
    throw new ApiError(400, 'invalid_redirect_uri', "The redirect_uri is not one of the connected app's registered redirect URLs.", {}, { error: 'invalid_request' });
  }
  if (req.response_type !== 'code') {
    throw new ApiError(400, 'unsupported_response_type', 'Only response_type=code is supported.', {}, { error: 'unsupported_response_type' });
  }
  // A member grants only what their organization allows; in the submit's transaction this read holds the policy until the grant commits.
  if (isMember(subject)) await requireAppAllowed(db, subject.organizationId, client);
  const asked = [...new Set(req.scopes.filter(Boolean))];
  const scopeResults = asked.map((s) => scopeResult(ctx, client, s));
  const grantable = scopeResults.filter((r) => r.is_grantable).map((r) => r.scope);
  const prompts = (req.prompt ?? '').split(' ').filter(Boolean);
  let consentRequired = false;
  if (!isFirstParty(client.client_type)) {
    if (prompts.includes('consent')) consentRequired = true;
    else {
      const g = grantsOf(subject);
      const { rows } = await db.query<{ scopes: string }>(`SELECT scopes FROM ${g.table} WHERE ${g.column} = $1 AND client_id = $2`, [g.id, client.client_id]);
      const granted = new Set((rows[0]?.scopes ?? '').split(' ').filter(Boolean));
      consentRequired = grantable.some((s) => !granted.has(s) && !(s === 'offline_access' && client.bypass_consent_for_offline_access));
    }
  }
  return { client, scopeResults, grantable, consentRequired };
}

/** RFC 8707: a resource is an absolute URI without a fragment. */
function checkResources(resources: string[]): string[] {
  for (const r of resources) {
    let ok: boolean;
    try {
      ok = new URL(r).hash === '' && !r.includes('#');
    } catch {
      ok = false;
    }
    if (!ok) throw new ApiError(400, 'invalid_target', `resource ${JSON.stringify(r.slice(0, 200))} must be an absolute URI without a fragment (RFC 8707).`, {}, { error: 'invalid_target' });
  }
  return [...new Set(resources)];
}

/** `redirect` with the authorization response's parameters; `iss` names this server (RFC 9207). */
function responseUrl(redirect: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirect);
  for (const [k, val] of Object.entries(params)) if (val !== undefined) url.searchParams.set(k, val);
  return url.toString();
}

/**
 * The consent's submit in a transaction of its own, the client's metadata document (when it is
 * named by one) fetched before it so no transaction waits on the network. `user` is found inside
 * the transaction (the server API names the user by a session or an id).
 */
export async function authorize(ctx: ProviderContext, user: (tx: Queryable) => Promise<Subject>, req: AuthorizeSubmit, issuer: string): Promise<{ redirect_uri: string; authorization_code?: string }> {
  await prepareClient(ctx, req.client_id);
  return withTx(ctx.db, async (tx) => submitAuthorization(ctx, tx, await user(tx), req, issuer));
}

/**
 * Answers an authorization request the user has seen (or need not see): a code and the
 * redirect that carries it, or, when consent was needed and not given, the redirect with
 * `access_denied`. A given consent is remembered for the next request of the same client.
 * Public clients must send a PKCE challenge (S256); any client that sends one must prove it.
 */
export async function submitAuthorization(ctx: ProviderContext, tx: Queryable, user: Subject, req: AuthorizeSubmit, issuer: string): Promise<{ redirect_uri: string; authorization_code?: string }> {
  const checked = await checkAuthorizeRequest(ctx, tx, user, req);
  const { client } = checked;
  if (req.code_challenge_method !== undefined && req.code_challenge_method !== 'S256') {
    throw new ApiError(400, 'invalid_code_challenge_method', 'Only code_challenge_method=S256 is supported.', {}, { error: 'invalid_request' });
  }
  if (req.code_challenge !== undefined && !CODE_CHALLENGE.test(req.code_challenge)) {
    throw new ApiError(400, 'invalid_code_challenge', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).', {}, { error: 'invalid_request' });
  }
  if (req.code_challenge === undefined && isPublicClient(client.client_type)) {
    throw new ApiError(400, 'pkce_required', 'A public client must send a code_challenge (PKCE, S256).', {}, { error: 'invalid_request' });
  }
  const resources = checkResources(req.resources ?? []);
  // OpenID Connect Core §3.1.2.1: a client that asked not to show any page is told consent is owed.
  if (checked.consentRequired && (req.prompt ?? '').split(' ').includes('none')) {
    return { redirect_uri: responseUrl(req.redirect_uri, { error: 'consent_required', error_description: 'The user has not consented to this client.', state: req.state, iss: issuer }) };
  }
  if (checked.consentRequired && !req.consent_granted) {
    return { redirect_uri: responseUrl(req.redirect_uri, { error: 'access_denied', error_description: 'The user denied the request.', state: req.state, iss: issuer }) };
  }
  const now = ctx.clock.now();
  if (req.consent_granted && !isFirstParty(client.client_type)) {
    // The grant grows to every scope the user has allowed this client, this time and before.
    const g = grantsOf(user);
    await tx.query(
      `INSERT INTO ${g.table} (${g.column}, client_id, scopes, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (${g.column}, client_id) DO UPDATE SET updated_at = $4,
         scopes = (SELECT string_agg(DISTINCT s, ' ' ORDER BY s) FROM unnest(string_to_array(${g.table}.scopes || ' ' || $3, ' ')) AS s WHERE s <> '')`,
      [g.id, client.client_id, [...checked.grantable].sort().join(' '), now],
    );
  }
  await sweepSpent(tx, now);
  const code = secretToken(32);
  await tx.query(
    `INSERT INTO idp_codes (code_hash, client_id, user_id, member_id, session_id, member_session_id, redirect_uri, scopes, resources, code_challenge, nonce, auth_time, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)`,
    [
      sha256(code),
      client.client_id,
      ...subjectColumns(user),
      req.redirect_uri,
      checked.grantable.join(' '),
      JSON.stringify(resources),
      req.code_challenge ?? null,
      req.nonce ?? null,
      now,
      new Date(now.getTime() + CODE_SECONDS * 1000),
    ],
  );
  return { redirect_uri: responseUrl(req.redirect_uri, { code, state: req.state, iss: issuer }), authorization_code: code };
}

/** Spent codes are kept an hour, so a replay still revokes what they gave; ended authorizations a day. */
const CODE_KEEP_MS = 60 * 60 * 1000;
const AUTHORIZATION_KEEP_MS = 24 * 60 * 60 * 1000;
/** At most this many rows of each go per sweep, so no request pays for a backlog. */
const SWEEP_ROWS = 100;

/** Each authorization request sweeps a few expired codes and ended authorizations (their refresh tokens cascade). */
async function sweepSpent(tx: Queryable, now: Date): Promise<void> {
  await tx.query('DELETE FROM idp_codes WHERE code_hash IN (SELECT code_hash FROM idp_codes WHERE expires_at < $1 LIMIT $2)', [new Date(now.getTime() - CODE_KEEP_MS), SWEEP_ROWS]);
  await tx.query('DELETE FROM idp_authorizations WHERE authorization_id IN (SELECT authorization_id FROM idp_authorizations WHERE expires_at < $1 LIMIT $2)', [
    new Date(now.getTime() - AUTHORIZATION_KEEP_MS),
    SWEEP_ROWS,
  ]);
}

/**
 * The OpenID Connect logout's start: the client and its post-logout redirect must be
 * registered; the user need not confirm when `id_token_hint` is an ID token this provider
 * issued to that client for the signed-in user (or any user, with no one signed in).
 */
export async function startLogout(
  ctx: ProviderContext,
  db: Queryable,
  req: { client_id: string; post_logout_redirect_uri: string; state?: string; id_token_hint?: string },
  signedInUser: string | null,
): Promise<{ redirect_uri: string; consent_required: boolean }> {
  const client = await requestClient(ctx, db, req.client_id);
  if (!redirectMatches(client.post_logout_redirect_urls, req.post_logout_redirect_uri)) {
    throw new ApiError(
      400,
      'invalid_post_logout_redirect_uri',
      "The post_logout_redirect_uri is not one of the connected app's registered post-logout redirect URLs.",
      {},
      { error: 'invalid_request' },
    );
  }
  let hinted = false;
  if (req.id_token_hint !== undefined) {
    // An expired ID token still names who it was for (OpenID Connect RP-Initiated Logout §2).
    const claims = await ctx.keys.verify(req.id_token_hint, client.client_id, true);
    hinted = claims !== null && (signedInUser === null || claims.sub === signedInUser);
  }
  return { redirect_uri: responseUrl(req.post_logout_redirect_uri, { state: req.state }), consent_required: !hinted };
}
