import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';

/*
 * The demo's partner app: "Sign in with the demo" on the unchanged `openid-client`, a plain page
 * and a few lines of server. It shows the validated ID token's claims and logs out through
 * OpenID Connect RP-initiated logout (the provider's end_session_endpoint with
 * post_logout_redirect_uri and id_token_hint). State is kept in memory: a demo.
 */

export interface PartnerOptions {
  /** The provider's issuer (its base URL). */
  issuer: string;
  port?: number;
  host?: string;
}

export interface Partner {
  url: string;
  /** The redirect and post-logout redirect URLs the partner's client must register. */
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** The client the partner signs in as (a confidential third-party client). */
  useClient(clientId: string, clientSecret: string): void;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function startPartner(options: PartnerOptions): Promise<Partner> {
  let origin = '';
  let client: { id: string; secret: string } | undefined;
  let config: oidc.Configuration | undefined;
  // Each sign-in in flight (by its state) and each signed-in browser (by a cookie).
  const pending = new Map<string, { verifier: string; nonce: string }>();
  const sessions = new Map<string, { idToken: string; claims: Record<string, unknown> }>();

  const configuration = async () => {
    if (!client) throw new Error('The partner has no client yet.');
    // The development provider speaks http on loopback; openid-client asks to be told that is fine.
    config ??= await oidc.discovery(new URL(options.issuer), client.id, client.secret, undefined, options.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined);
    return config;
  };
  const cookie = (req: IncomingMessage) => /(?:^|;\s*)partner=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
  const page = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", 'Cache-Control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Partner app</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}a.button{display:inline-block;padding:.6rem 1rem;background:#1a56db;color:#fff;border-radius:6px;text-decoration:none}pre{background:#f4f4f5;padding:1rem;overflow:auto}</style>
</head><body><h1>Partner app</h1>${body}</body></html>`);
  };
  const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}) => {
    res.writeHead(302, { Location: to, ...headers });
    res.end();
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/') {
      const signedIn = sessions.get(cookie(req) ?? '');
      if (!signedIn) return page(res, `<p>An app of another company, signing its users in with the demo site.</p><p><a class="button" href="/login">Sign in with the demo</a></p>`);
      return page(
        res,
        `<p>Signed in. The ID token's claims, validated by openid-client:</p><pre>${esc(JSON.stringify(signedIn.claims, null, 2))}</pre><p><a class="button" href="/logout">Log out</a></p>`,
      );
    }
    if (url.pathname === '/login') {
      const cfg = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      pending.set(state, { verifier, nonce });
      const to = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: `${origin}/callback`,
        scope: 'openid profile email',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return redirect(res, to.href);
    }
    if (url.pathname === '/callback') {
      const state = url.searchParams.get('state') ?? '';
      const flow = pending.get(state);
      if (!flow) return page(res, '<p>This sign-in has expired. <a href="/">Start again</a>.</p>');
      pending.delete(state);
      if (url.searchParams.has('error')) return page(res, `<p>The sign-in did not complete: ${esc(url.searchParams.get('error') ?? '')}. <a href="/">Back</a></p>`);
      const tokens = await oidc.authorizationCodeGrant(await configuration(), url, { pkceCodeVerifier: flow.verifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true });
      const id = randomBytes(16).toString('base64url');
      sessions.set(id, { idToken: tokens.id_token!, claims: { ...tokens.claims() } });
      return redirect(res, '/', { 'Set-Cookie': `partner=${id}; Path=/; HttpOnly; SameSite=Lax` });
    }
    if (url.pathname === '/logout') {
      const id = cookie(req) ?? '';
      const signedIn = sessions.get(id);
      sessions.delete(id);
      const clear = { 'Set-Cookie': 'partner=; Path=/; Max-Age=0' };
      if (!signedIn) return redirect(res, '/', clear);
      const to = oidc.buildEndSessionUrl(await configuration(), { post_logout_redirect_uri: `${origin}/`, id_token_hint: signedIn.idToken, state: oidc.randomState() });
      return redirect(res, to.href, clear);
    }
    res.writeHead(404).end();
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) page(res, `<p>Something failed: ${esc(e instanceof Error ? e.message : String(e))}. <a href="/">Back</a></p>`);
      else res.end();
    });
  });
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(options.port ?? 0, options.host ?? 'localhost', ok);
  });
  origin = `http://localhost:${(http.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    redirectUri: `${origin}/callback`,
    postLogoutRedirectUri: `${origin}/`,
    useClient(id, secret) {
      client = { id, secret };
      config = undefined;
    },
    close: () =>
      new Promise<void>((ok) => {
        http.closeAllConnections();
        http.close(() => ok());
      }),
  };
}
