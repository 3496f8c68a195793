import { createHash, randomBytes } from 'node:crypto';
import type { ConnectedAppWithClientSecret } from 'stytch';
import { Agent, fetch as undiciFetch } from 'undici';
import { answerOf, sdk, TEST_TLS, signInByEmailOtp, withSession } from './harness.ts';
import type { ServerApiSetup } from './server-api-harness.ts';

/*
 * What the connected-apps tests share: a client made through the official Node SDK, a signed-in
 * user, the consent element's submit (also with what a client's authorization URL asks), and
 * the token endpoint as an OAuth client calls it.
 */

export type ClientType = 'first_party' | 'first_party_public' | 'third_party' | 'third_party_public';

export async function makeClient(api: ServerApiSetup, type: ClientType, extra: Record<string, unknown> = {}): Promise<ConnectedAppWithClientSecret> {
  const made = await api.client.connectedApp.clients.create({ client_type: type, client_name: `App ${type}`, redirect_urls: ['https://app.example/cb', 'http://127.0.0.1/callback'], ...extra });
  return made.connected_app;
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Authorized {
  status: number;
  json: any;
  code?: string;
  redirect?: URL;
}

/** The consent element's submit for a signed-in user: the redirect it is told to follow, and the code. */
export async function submit(api: { provider: Pick<ServerApiSetup['provider'], 'url'> }, sessionToken: string, body: Record<string, unknown>): Promise<Authorized> {
  const res = await sdk(api.provider, 'POST', '/idp/oauth/authorize/submit', { response_type: 'code', consent_granted: true, ...body }, withSession(sessionToken));
  if (res.status !== 200) return { status: res.status, json: res.json };
  const redirect = new URL(res.json.data.redirect_uri as string);
  return { status: 200, json: res.json, code: redirect.searchParams.get('code') ?? undefined, redirect };
}

/**
 * The consent element's submit with the parameters of an authorization URL a client library
 * built, as the consent page passes them on (the scope `openid` when the URL names none), and
 * `extra` beside them.
 */
export function submitAuthorizationUrl(api: { provider: Pick<ServerApiSetup['provider'], 'url'> }, sessionToken: string, url: URL, extra: Record<string, unknown> = {}): Promise<Authorized> {
  const q = url.searchParams;
  return submit(api, sessionToken, {
    client_id: q.get('client_id'),
    redirect_uri: q.get('redirect_uri'),
    response_type: q.get('response_type'),
    scopes: (q.get('scope') ?? 'openid').split(' '),
    code_challenge: q.get('code_challenge'),
    state: q.get('state') ?? undefined,
    ...extra,
  });
}

/** A signed-in user and an authorization code for `client` with PKCE, as the element gets one. */
export async function codeFor(api: ServerApiSetup, client: { client_id: string }, opts: { scopes?: string[]; session?: string; extra?: Record<string, unknown> } = {}) {
  const session = opts.session ?? (await signInByEmailOtp(api.provider)).session_token;
  const pair = pkce();
  const res = await submit(api, session, {
    client_id: client.client_id,
    redirect_uri: 'https://app.example/cb',
    scopes: opts.scopes ?? ['openid', 'email', 'profile', 'offline_access'],
    code_challenge: pair.challenge,
    state: 'st',
    nonce: 'n-1',
    ...opts.extra,
  });
  if (!res.code) throw new Error(`no code: ${JSON.stringify(res.json)}`);
  return { session, code: res.code, verifier: pair.verifier, redirect: res.redirect! };
}

/** POSTs a form to an OAuth endpoint (`/v1/oauth2/token` unless said), with Basic credentials when given. */
export async function oauthPost(api: ServerApiSetup, form: Record<string, string>, basic?: [string, string], path = '/v1/oauth2/token', headers: Record<string, string> = {}, from?: Agent) {
  // undici's own fetch, which takes a connection pool: from another loopback address when given (a per-IP budget of its own).
  const res = await undiciFetch(`${api.provider.url}${path}`, {
    method: 'POST',
    dispatcher: from,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(basic ? { Authorization: `Basic ${Buffer.from(`${encodeURIComponent(basic[0])}:${encodeURIComponent(basic[1])}`).toString('base64')}` } : {}),
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  });
  return answerOf(res);
}

/** The payload of a JWT, unverified (the tests verify through the SDK or the provider). */
export function claimsOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, any>;
}

/** A connection pool whose requests leave from `address` (Linux routes all of 127/8 to the loopback). */
export function fromAddress(address: string): Agent {
  // A generous connect timeout: fifty TLS handshakes at once on a busy machine can take more than undici's 10 s.
  return new Agent({ localAddress: address, connect: { ca: TEST_TLS.cert, timeout: 60_000 } });
}
