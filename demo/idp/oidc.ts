import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { BodyTooLarge, chosenAccount, failurePage, isEmail, readForm, rememberCookie, rememberedAccounts, signInPage } from './pages.ts';

/*
 * The demo's local OpenID Connect issuer (`/idp/oidc`), which an organization's OIDC SSO
 * connection can point at: discovery, keys, an authorization endpoint where the visitor picks
 * or types an account, a token endpoint (client secret, redirect URI and PKCE checked, one use
 * per code) and userinfo. One client, whose secret and signing key live as long as the demo
 * server: after a restart, connect the organization again from the admin page.
 */

const NAME = 'Local OIDC issuer';
const CODE_TTL_MS = 2 * 60_000;
const TOKEN_TTL_S = 3600;

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  email: string;
  name: string;
  expires: number;
}

export interface LocalOidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Answers a request under /idp/oidc/; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

/** A subject stable per address, so the same typed email is the same account. */
const subjectOf = (email: string) => `local-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `base` is where the issuer is reached (the provider fetches discovery, keys and tokens
 * there); `providerOrigin` is the one service provider it signs in to: a redirect URI must be
 * one of that provider's SSO callbacks.
 */
export async function localOidcIssuer(base: string, providerOrigin: string): Promise<LocalOidcIssuer> {
  const issuer = `${base}/idp/oidc`;
  const clientId = 'local-oidc-client';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  const keys = { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, { email: string; name: string; expires: number }>();
  const callbackPrefix = `${providerOrigin}/v1/public/sso/callback/`;

  const json = (res: ServerResponse, status: number, body: unknown) => void res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));

  const sweep = () => {
    const now = Date.now();
    for (const [k, g] of codes) if (g.expires <= now) codes.delete(k);
    for (const [k, t] of accessTokens) if (t.expires <= now) accessTokens.delete(k);
  };

  /** The authorization request's parameters, checked; a string says why it is refused. */
  function authorizationRequest(p: URLSearchParams): { clientId: string; redirectUri: string; state: string; nonce: string | undefined; challenge: string } | string {
    if (p.get('client_id') !== clientId) return `Unknown client_id: this issuer has one client, ${clientId}.`;
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!redirectUri.startsWith(callbackPrefix)) return `redirect_uri must be an SSO callback of the provider at ${providerOrigin}.`;
    if (p.get('response_type') !== 'code') return 'response_type must be code.';
    if (!(p.get('scope') ?? '').split(' ').includes('openid')) return 'scope must include openid.';
    const challenge = p.get('code_challenge') ?? '';
    if (!challenge || p.get('code_challenge_method') !== 'S256') return 'A PKCE code_challenge with code_challenge_method=S256 is required.';
    return { clientId, redirectUri, state: p.get('state') ?? '', nonce: p.get('nonce') ?? undefined, challenge };
  }

  const PARAMS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'];

  async function authorize(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const post = req.method === 'POST';
    const params = post ? await readForm(req) : url.searchParams;
    const r = authorizationRequest(params);
    if (typeof r === 'string') return failurePage(res, 400, NAME, r);
    const back = new URL(r.redirectUri);
    if (r.state) back.searchParams.set('state', r.state);
    const hidden = Object.fromEntries(PARAMS.map((k) => [k, params.get(k) ?? '']).filter(([, v]) => v));
    const page = (status: number, error?: string, typed?: { email: string; name: string }) =>
      signInPage(res, status, { idpName: NAME, audience: new URL(r.redirectUri).host, action: '/idp/oidc/authorize', hidden, accounts: rememberedAccounts(req), error, typed });
    if (!post) return page(200);
    if (params.get('decision') === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user cancelled the sign-in.');
      return void res.writeHead(303, { Location: back.toString() }).end();
    }
    const account = chosenAccount(params);
    if (!isEmail(account.email)) return page(422, 'Enter a valid email address.', account);
    sweep();
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { clientId: r.clientId, redirectUri: r.redirectUri, challenge: r.challenge, nonce: r.nonce, ...account, expires: Date.now() + CODE_TTL_MS });
    back.searchParams.set('code', code);
    back.searchParams.set('iss', issuer);
    res.writeHead(303, { Location: back.toString(), 'Set-Cookie': rememberCookie(req, account) }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const fail = (status: number, error: string, description: string) => json(res, status, { error, error_description: description });
    // client_secret_basic (RFC 6749 §2.3.1: each part form-urlencoded first) or client_secret_post.
    let [id, secret] = [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      try {
        [id, secret] = [decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '))];
      } catch {
        return fail(401, 'invalid_client', 'The client credentials are not readable.');
      }
    }
    if (id !== clientId || !sameSecret(secret, clientSecret)) return fail(401, 'invalid_client', 'Client authentication failed (after a demo restart, connect the organization again).');
    if (form.get('grant_type') !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'Only authorization_code is supported.');
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.expires <= Date.now()) return fail(400, 'invalid_grant', 'The code is unknown, expired or already used.');
    if (form.get('redirect_uri') !== grant.redirectUri) return fail(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return fail(400, 'invalid_grant', 'The PKCE code_verifier does not match.');
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ email: grant.email, email_verified: true, name: grant.name || undefined, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(subjectOf(grant.email))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, { email: grant.email, name: grant.name, expires: Date.now() + TOKEN_TTL_S * 1000 });
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_S, id_token: idToken, scope: 'openid email profile' });
  }

  function userinfo(req: IncomingMessage, res: ServerResponse): void {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const t = accessTokens.get(bearer);
    if (!t || t.expires <= Date.now()) return void res.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }).end();
    json(res, 200, { sub: subjectOf(t.email), email: t.email, email_verified: true, ...(t.name ? { name: t.name } : {}) });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    async handle(req, res, url) {
      const path = url.pathname.slice('/idp/oidc'.length);
      try {
        if (path === '/.well-known/openid-configuration' && req.method === 'GET') {
          json(res, 200, {
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/userinfo`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            grant_types_supported: ['authorization_code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
            scopes_supported: ['openid', 'email', 'profile'],
            claims_supported: ['sub', 'email', 'email_verified', 'name'],
          });
        } else if (path === '/jwks' && req.method === 'GET') json(res, 200, keys);
        else if (path === '/authorize' && (req.method === 'GET' || req.method === 'POST')) await authorize(req, res, url);
        else if (path === '/token' && req.method === 'POST') await token(req, res);
        else if (path === '/userinfo' && (req.method === 'GET' || req.method === 'POST')) userinfo(req, res);
        else return false;
      } catch (e) {
        if (!(e instanceof BodyTooLarge)) throw e;
        if (!res.headersSent) res.writeHead(413).end();
      }
      return true;
    },
  };
}
