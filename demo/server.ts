import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { b2bAdmin, type ServerApi } from './b2b-admin.ts';
import { localOidcIssuer } from './idp/oidc.ts';
import { failurePage, isLocalRequest } from './idp/pages.ts';
import { localSamlIdp } from './idp/saml.ts';
import { withLayout } from './layout.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

export interface DemoOptions {
  port?: number;
  host?: string;
  /** Where the demo pages send every call; a different origin, as in production. */
  providerUrl: string;
  publicToken: string;
  /** The project's B2B token (`publicTokens.b2b`) for the B2B page, so bootstrap says B2B; else `publicToken`. */
  b2bPublicToken?: string | undefined;
  /** Whether the provider has a Google client, so One Tap can work; the demo offers it only then. */
  googleOneTap?: boolean;
  /** Where `npm start` serves the Next.js host (NEXT_PORT), when it is built; the home page links it. */
  nextHostUrl?: string | undefined;
  root?: string;
  dist?: string;
  /** The host integrations (hosts/ of the repo), served at /hosts/. */
  hosts?: string;
  /**
   * The provider's server API and the project secret, for the B2B admin page's backend
   * (/admin/api/); the secret stays in this process. Without it the admin page says so.
   */
  serverApi?: ServerApi | undefined;
}

export interface RunningDemo {
  url: string;
  close(): Promise<void>;
}

/** Resolves `rel` inside `base`, or undefined when it would escape it. */
function inside(base: string, rel: string): string | undefined {
  const full = normalize(join(base, decodeURIComponent(rel)));
  return full === base || full.startsWith(base + sep) ? full : undefined;
}

/** Pages holding this mark are served under a strict CSP with a fresh nonce in its place. */
const NONCE_MARK = '__CSP_NONCE__';

/** Serves a page the way a strict-CSP host site would: one nonce per response. */
function sendWithNonce(res: ServerResponse, page: string): void {
  const nonce = randomBytes(16).toString('base64');
  const body = page.replaceAll(NONCE_MARK, nonce);
  res.writeHead(200, {
    'Content-Type': TYPES['.html']!,
    'Content-Security-Policy': `style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`,
  });
  res.end(body);
}

/** The file a request path names: dist/ at /dist/, hosts/ at /hosts/, demo/ for the rest. */
function locate(pathname: string, dirs: { root: string; dist: string; hosts: string }): string | undefined {
  if (pathname.startsWith('/dist/')) return inside(dirs.dist, pathname.slice(6));
  if (pathname.startsWith('/hosts/')) return inside(dirs.hosts, pathname.slice(7));
  return inside(dirs.root, pathname.slice(1));
}

/** `make()` run once, on first call; every caller gets its promise (a failed one is retried). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make().catch((e: unknown) => ((made = undefined), Promise.reject(e))));
}

/** Source files stay private even where their folder is served. */
const SOURCE = /\.(ts|tsx|mts)$/;

/** `/org/<slug>`: one organization's sign-in page (b2b.html, which reads the slug from the path). */
const ORG_PAGE = /^\/org\/[A-Za-z0-9._~-]{1,128}\/?$/;

/**
 * Serves demo/ at /, dist/ at /dist/ and hosts/ at /hosts/, each page in the shared layout
 * (layout.ts), plus /demo-config.js naming the provider, /org/<slug>, the B2B admin page's
 * backend (/admin/api/) and the local identity providers an organization's SSO can use
 * (/idp/oidc, /idp/saml; created on first use).
 */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const root = resolve(options.root ?? 'demo');
  const dist = resolve(options.dist ?? 'dist');
  const hosts = resolve(options.hosts ?? 'hosts');
  const config = `window.DEMO = ${JSON.stringify({ providerUrl: options.providerUrl, publicToken: options.publicToken, b2bPublicToken: options.b2bPublicToken ?? options.publicToken, googleOneTap: options.googleOneTap === true, nextHostUrl: options.nextHostUrl })};\n`;
  let port = 0;
  // The local IdPs are reached at the address this server listens on: the provider fetches
  // the OIDC issuer's discovery, keys and tokens there (npm start lets it reach loopback).
  const idps = once(async () => {
    const base = `http://127.0.0.1:${port}`;
    const providerOrigin = new URL(options.providerUrl).origin;
    const [oidc, saml] = await Promise.all([localOidcIssuer(base, providerOrigin), localSamlIdp(base, providerOrigin)]);
    return { oidc, saml, admin: b2bAdmin({ api: options.serverApi, oidc, saml }) };
  });
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://demo');
      if (url.pathname.startsWith('/idp/') || url.pathname.startsWith('/admin/api/')) {
        if (!isLocalRequest(req)) return failurePage(res, 403, 'Local identity providers', 'The local identity providers and the admin page answer only this machine.');
        try {
          const { oidc, saml, admin } = await idps();
          if (url.pathname.startsWith('/idp/oidc/') && (await oidc.handle(req, res, url))) return;
          if (url.pathname.startsWith('/idp/saml/') && (await saml.handle(req, res, url))) return;
          if (await admin.handle(req, res, url)) return;
          return void res.writeHead(404, { 'Content-Type': TYPES['.txt']! }).end('Not found');
        } catch (e) {
          // Ours, not the caller's: logged, and a plain 500.
          console.error('demo: local IdP or admin request failed', e);
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': TYPES['.txt']! }).end('Internal error');
          return;
        }
      }
      if (ORG_PAGE.test(url.pathname)) url.pathname = '/b2b.html';
      // The consent pages: the provider's authorization URL for users, and for members.
      if (url.pathname === '/authorize') url.pathname = '/authorize.html';
      if (url.pathname === '/b2b/authorize') url.pathname = '/b2b-authorize.html';
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Browsers ask for /favicon.ico on every first visit; "no icon" is not an error worth a
      // console line on each demo page.
      if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
      if (url.pathname === '/demo-config.js') {
        res.writeHead(200, { 'Content-Type': TYPES['.js']! }).end(config);
        return;
      }
      let path = locate(url.pathname, { root, dist, hosts });
      if (path && (await stat(path).catch(() => undefined))?.isDirectory()) path = join(path, 'index.html');
      const info = path ? await stat(path).catch(() => undefined) : undefined;
      if (!path || !info?.isFile() || SOURCE.test(path)) {
        res.writeHead(404, { 'Content-Type': TYPES['.txt']! }).end('Not found');
        return;
      }
      if (path.endsWith('.html') && !url.pathname.startsWith('/dist/')) {
        const page = withLayout(await readFile(path, 'utf8'), NONCE_MARK);
        if (page.includes(NONCE_MARK)) return sendWithNonce(res, page);
        return void res.writeHead(200, { 'Content-Type': TYPES['.html']! }).end(page);
      }
      // The built files may be loaded by a developer's own page on another origin: a module
      // script and its on-demand chunks are fetched in CORS mode, so say they may be.
      if (url.pathname.startsWith('/dist/')) res.setHeader('Access-Control-Allow-Origin', '*');
      res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Content-Length': info.size });
      createReadStream(path).pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(400).end('Bad request');
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => ok());
  });
  ({ port } = server.address() as AddressInfo);
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
