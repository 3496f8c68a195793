/*
 * The request the consent element reads from its page's query (the official element's rules):
 * an authorization request, or, when `post_logout_redirect_uri` is there, an OpenID Connect
 * logout. Read once, at the element's first render: the page's login element may change the
 * query (a magic link's token) without losing the request.
 */

/** The authorization request's parameters, by the names the consent calls take. */
export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  /** `code` when the client sent none (some agents leave it out; the provider defaults it too). */
  response_type: string;
  /** The space-separated `scope`; openid, email and profile when the client sent none (OAuth 2.1 makes it optional). */
  scopes: string[];
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  nonce?: string;
  prompt?: string;
  /** Every `resource` parameter (RFC 8707). */
  resources?: string[];
}

/** The logout request's parameters (OpenID Connect RP-Initiated Logout). */
export interface LogoutParams {
  client_id: string;
  post_logout_redirect_uri: string;
  id_token_hint?: string;
  state?: string;
}

export type IdpRequest = { type: 'authorize'; params: AuthorizeParams } | { type: 'logout'; params: LogoutParams } | { type: 'missing'; field: string };

const FALLBACK_SCOPES = ['openid', 'email', 'profile'];
const OPTIONAL = ['response_type', 'code_challenge', 'code_challenge_method', 'state', 'nonce', 'prompt'] as const;

/** The request in `search` (a page's `location.search`), or the first required parameter it lacks. */
export function parseIdpRequest(search: string): IdpRequest {
  const q = new URLSearchParams(search);
  const required = (names: readonly string[]) => names.find((n) => !q.get(n));
  if (q.has('post_logout_redirect_uri')) {
    const missing = required(['client_id', 'post_logout_redirect_uri']);
    if (missing) return { type: 'missing', field: missing };
    const params: LogoutParams = { client_id: q.get('client_id')!, post_logout_redirect_uri: q.get('post_logout_redirect_uri')! };
    if (q.get('id_token_hint')) params.id_token_hint = q.get('id_token_hint')!;
    if (q.get('state')) params.state = q.get('state')!;
    return { type: 'logout', params };
  }
  const missing = required(['client_id', 'redirect_uri']);
  if (missing) return { type: 'missing', field: missing };
  const params: AuthorizeParams = { client_id: q.get('client_id')!, redirect_uri: q.get('redirect_uri')!, response_type: 'code', scopes: [...FALLBACK_SCOPES] };
  for (const name of OPTIONAL) {
    const value = q.get(name);
    if (value) params[name] = value;
  }
  const scope = q.get('scope');
  if (scope) params.scopes = scope.split(' ').filter(Boolean);
  if (q.has('resource')) params.resources = q.getAll('resource');
  return { type: 'authorize', params };
}

/**
 * The host an app registered by a metadata document (its client_id is that document's https
 * URL) sends the user back to: shown beside its self-declared name, which anyone can choose.
 */
export function metadataRedirectHost(clientId: string, redirectUri: string): string | undefined {
  if (!clientId.startsWith('https://')) return undefined;
  try {
    return new URL(redirectUri).host || undefined;
  } catch {
    return undefined;
  }
}
