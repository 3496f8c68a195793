// `npm run bench:render`: what a user feels when the sign-in widget loads (not a test).
// `npm run bench:render-ssr` (`--ssr`): the same with our side server-rendered (see below).
//
// Our production build and the official prebuilt UI (@stytch/vanilla-js, its script-tag build,
// its client pointed at the same local provider through `endpoints`) are served gzip-compressed
// from one loopback server and loaded in turn, each in a fresh browser context (cold cache), in
// one Chromium with the CPU throttled 4x: once on loopback and once on slow 4G (150 ms RTT,
// 1.6 Mbit/s). For each page it takes the time from navigation to Main's primary button being
// visible and to the email field holding a typed character, the bytes on the wire and the
// request count, up to that moment. Medians per side, and ours/official.
//
// The consent row (`consent`): <stytch-identity-provider> beside the official element, each on a
// page opened with a connected app's authorization request by a signed-in user (a fresh session
// per load, its cookie set before navigation), from navigation to the consent's Allow button
// being visible (nothing is typed: `typeable` is empty on that row). With --ssr, ours is the
// page a site's server makes per request: the server API's authorize start with the session of
// the request's cookie, and stytch-ui/server's consent screen from it (`prefetchedConsent`).
//
// BENCH_RUNS (default 5) loads of each page per network profile; BENCH_NETWORKS=loopback,slow4g
// picks profiles; BENCH_ROWS=magic,otp-oauth,all,floor,react-host,script,b2b,consent picks rows (also host-floor, next); BENCH_NO_BUILD=1
// measures dist/ as it is. Every wait has a timeout: a load that times out is reported, not hung on.
// BENCH_PROFILE=<page path, e.g. /ours.html?config=magic> instead records a CPU profile of
// BENCH_RUNS loads of that page (loopback, or BENCH_PROFILE_NETWORK=slow4g; 4x) up to a typeable
// Main and prints where the time went, by original source file (through the build's source maps);
// BENCH_TRACE=<file.json> with it also writes a Chromium trace of those loads (open it in the
// DevTools Performance panel; BENCH_TRACE_CATEGORIES=a,b,… replaces its categories, e.g. adding
// `fonts` or `blink` to see inside style and layout), BENCH_PROFILE_OUT=<file.json> the last load's CPU profile.
// BENCH_DEBUG=1 prints each page's console, errors, requests and failed requests; BENCH_ALL=1
// each run's times under the medians (the spread a difference has to beat), and the tail after the
// field in two parts: the bench's keystroke reaching the page, then the page showing it.
// BENCH_BASELINE_DIST=<a copy of another build's dist/> adds, for each row of ours (the React host page's too),
// a row of that build beside the same official page in the same run (served under /base/), so a
// change is compared with the code before it in one run rather than across runs of a loaded machine.
// BENCH_ROWS=next (not in the default rows: it builds and starts the Next.js host, hosts/next):
// the host's login page, server-rendered by stytch-ui/react, beside its /official page, the
// official UI rendered in the browser in the same app; both from navigation, Next's own scripts
// counted on both sides.
//
// With --ssr (or BENCH_MODE=ssr) our side is a page whose <stytch-ui> arrives already holding
// Main, rendered by stytch-ui/server (dist/server.js), and the production widget module after
// it; for ours it also notes when React has adopted the field (hydrated) and whether the typed
// character was still there after it. Its rows (BENCH_ROWS) are magic,otp-oauth,all.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { freePort, startNextHost } from '../scripts/lib/next-host.ts';
import { startProviderThread } from './provider-thread.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const LOAD_TIMEOUT = Number(process.env.BENCH_LOAD_TIMEOUT_MS ?? 45_000);
const NETWORKS = (process.env.BENCH_NETWORKS ?? 'loopback,slow4g').split(',');
const SSR = process.argv.includes('--ssr') || process.env.BENCH_MODE === 'ssr';
const NAME = SSR ? 'bench:render-ssr' : 'bench:render';
const ROWS = (process.env.BENCH_ROWS ?? (SSR ? 'magic,otp-oauth,all,consent' : 'magic,otp-oauth,all,floor,react-host,script,b2b,consent')).split(',');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BASELINE = process.env.BENCH_BASELINE_DIST;
const root = process.cwd();

// The whole run is bounded too, whatever a browser or a server does.
const watchdog = setTimeout(
  () => {
    console.error(`${NAME}: the run took longer than BENCH_MAX_MINUTES; stopping`);
    process.exit(2);
  },
  Number(process.env.BENCH_MAX_MINUTES ?? 20) * 60_000,
);
watchdog.unref();

if (!process.env.BENCH_NO_BUILD) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs', '--no-types'], { stdio: 'inherit', timeout: 120_000 });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The Next.js row measures the host built over this build.
if (!process.env.BENCH_NO_BUILD && !SSR && ROWS.includes('next')) {
  const build = spawnSync(process.execPath, ['scripts/build-next.mjs'], { stdio: 'inherit', timeout: 600_000 });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The three configurations, each given as is to both sides. */
const configs: Record<string, { title: string; config: Record<string, unknown> }> = {
  magic: { title: 'magic links only', config: { products: ['emailMagicLinks'] } },
  'otp-oauth': {
    title: 'OAuth (Google, Apple) + email OTP + SMS',
    config: { products: ['oauth', 'otp'], oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }] }, otpOptions: { methods: ['email', 'sms'] } },
  },
  all: {
    title: 'every product',
    config: {
      products: ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }, { type: 'github' }] },
      otpOptions: { methods: ['sms', 'whatsapp'] },
    },
  },
};

const require = createRequire(import.meta.url);
/** An ES module re-exporting a CommonJS package by name, so an import map can point at it. */
function reexport(spec: string): string {
  const names = Object.keys(require(spec)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
  return `import * as m from '${spec}'; const d = m.default ?? m; export default d; export const { ${names.join(', ')} } = d;`;
}

/** The bench's own bundles: React for a host page (one copy, split by specifier) and the React floor. */
async function buildPageBundles(): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const define = { 'process.env.NODE_ENV': '"production"' };
  const vendor = await esbuild.build({
    stdin: undefined,
    entryPoints: { react: 'virtual:react', 'react-dom': 'virtual:react-dom', 'react-dom-client': 'virtual:react-dom/client', 'jsx-runtime': 'virtual:react/jsx-runtime' },
    plugins: [
      {
        name: 'virtual',
        setup(b) {
          b.onResolve({ filter: /^virtual:/ }, (a) => ({ path: a.path.slice('virtual:'.length), namespace: 'virtual' }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, (a) => ({ contents: reexport(a.path), resolveDir: root, loader: 'js' }));
        },
      },
    ],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    define,
    write: false,
    outdir: '/vendor',
    chunkNames: '[name]-[hash]',
    logLevel: 'silent',
  });
  for (const f of vendor.outputFiles) out.set(f.path, Buffer.from(f.contents));
  // The least a React widget can do: React and react-dom load, then a header, a field and a button render.
  const component = `import { useState } from 'react'; import { createRoot } from 'react-dom/client';
    function Floor() {
      const [email, setEmail] = useState('');
      return <div><h1>Sign up or log in</h1><form onSubmit={(e) => e.preventDefault()}>
        <input type="email" aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit">Continue with email</button></form></div>;
    }`;
  const bundle = (contents: string, external: string[] = []) =>
    esbuild.build({ stdin: { contents, resolveDir: root, loader: 'jsx' }, jsx: 'automatic', bundle: true, format: 'esm', minify: true, define, write: false, logLevel: 'silent', external });
  const floor = await bundle(`${component} createRoot(document.getElementById('login')).render(<Floor />);`);
  // The same in the React host page: React is the page's (its import map), so only the form loads.
  const hostFloor = await bundle(`${component} export function mountFloor() { createRoot(document.getElementById('login')).render(<Floor />); }`, [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
  ]);
  out.set('/floor/host-floor.js', Buffer.from(hostFloor.outputFiles[0]!.contents));
  out.set('/floor/floor.js', Buffer.from(floor.outputFiles[0]!.contents));
  return out;
}

/**
 * Watches the page from its first script on: each animation frame (the frame Chromium is about
 * to paint) looks for Main's primary button and email field, through open shadow roots, and
 * notes when the button is laid out and when the field holds the typed character. Times are
 * milliseconds from navigation (performance.now()), or from `__bench.t0` when a host page sets it.
 */
const PROBE = `(() => {
  const b = (window.__bench = { t0: 0, visible: 0, field: 0, key: 0, typed: 0, hydrated: 0, kept: false });
  // When the bench's first keystroke reached the page (the browser's time for the event): the tail
  // after the field splits into the bench's own round trip (field to key) and the page's (key to typed).
  addEventListener('keydown', (e) => void (b.key ||= e.timeStamp), true);
  // Tells the bench (a CDP binding: no polling inside the page while it loads).
  // A user-timing mark too, so a trace (BENCH_TRACE) shows each moment among the page's tasks.
  const notify = (what) => (performance.mark('bench:' + what), window.__benchNotify && window.__benchNotify(what));
  function all(root, sel, acc = []) {
    acc.push(...root.querySelectorAll(sel));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) all(el.shadowRoot, sel, acc);
    return acc;
  }
  function field() {
    return all(document, 'input[type=email], input[autocomplete~=email], input[name=email]').find((i) => i.getClientRects().length > 0);
  }
  function button(f) {
    const form = f && f.closest('form');
    const submit = form && form.querySelector('button[type=submit], button:not([type])');
    if (submit) return submit;
    return all(document, 'button').find((x) => /^continue( with email)?$/i.test(x.textContent.trim()));
  }
  b.find = field;
  // The consent row's page (window.__benchAllow): its moment is the Allow button laid out, and,
  // server-rendered, React's props on it (hydrated); nothing is typed.
  function allow() {
    const a = all(document, 'button').find((x) => /^allow$/i.test(x.textContent.trim()));
    const r = a && a.getBoundingClientRect();
    if (!b.visible && r && r.width > 0 && r.height > 0) (b.visible = performance.now()), notify('visible');
    if (a && window.__ssr && !b.hydrated && Object.keys(a).some((k) => k.startsWith('__reactProps'))) (b.hydrated = performance.now()), notify('hydrated');
    return b.visible && (b.hydrated || !window.__ssr);
  }
  function tick() {
    if (window.__benchAllow) return void (allow() || requestAnimationFrame(tick));
    const f = field();
    if (!b.visible) {
      const btn = button(f);
      const r = btn && btn.getBoundingClientRect();
      if (r && r.width > 0 && r.height > 0) (b.visible = performance.now()), notify('visible');
    }
    if (f) {
      if (!b.field) (b.field = performance.now()), notify('field');
      if (f.getRootNode().activeElement !== f) f.focus();
      if (!b.typed && f.value === 'x') (b.typed = performance.now()), notify('typed');
      // A server-rendered page: React has adopted the field once it holds React's props.
      if (window.__ssr && !b.hydrated && Object.keys(f).some((k) => k.startsWith('__reactProps'))) (b.hydrated = performance.now()), (b.kept = f.value === 'x'), notify('hydrated');
    }
    if (!(b.visible && b.typed && (b.hydrated || !window.__ssr))) requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();`;

/**
 * The official UI as its README shows it: the element class registered by the page, then
 * `render()`. (Its deprecated `mountLogin` in 6.3.0 creates the element without passing the
 * props on, so it renders nothing.)
 */
function mountOfficialScript(config: Record<string, unknown>): string {
  return `<script>function mountOfficial(client) {
    customElements.define('stytch-ui', stytch.StytchUI);
    const el = document.createElement('stytch-ui');
    document.getElementById('login').append(el);
    // 6.x takes product objects (stytch.Products.otp, …) where 5.x took names.
    const config = ${JSON.stringify(config)};
    config.products = config.products.map((name) => stytch.Products[name]);
    el.render({ client, config });
  }</script>`;
}

function officialPage(config: Record<string, unknown>): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>official</title>
  <script src="/official/index.js"></script>${mountOfficialScript(config)}</head><body><div id="login"></div>
  <script>
    const client = new stytch.StytchUIClient(BENCH.token, { endpoints: { testAPIURL: BENCH.provider } });
    mountOfficial(client);
  </script></body></html>`;
}

function oursPage(config: Record<string, unknown>, dist = '/dist/'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ours</title></head><body><div id="login"></div>
  <script type="module">
    import { mountLogin } from '${dist}stytch-ui.js';
    import { createClient } from '${dist}client.js';
    mountLogin({ elementId: '#login', client: createClient(BENCH.token, { baseUrl: BENCH.provider }), config: ${JSON.stringify(config)} });
  </script></body></html>`;
}

/** The README's first snippet: the script tag's one file (widget, client and every flow), as the official page loads its own. */
function scriptPage(config: Record<string, unknown>, dist = '/dist/'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ours, script tag</title>
  <script src="${dist}stytch-ui.iife.js"></script></head><body><div id="login"></div>
  <script>
    StytchUI.mountLogin({ elementId: '#login', client: StytchUI.createClient(BENCH.token, { baseUrl: BENCH.provider }), config: ${JSON.stringify(config)} });
  </script></body></html>`;
}

/** The B2B row (issue 26): `<stytch-b2b-ui>` beside the official B2B UI, a discovery sign-in by email link. */
const B2B_CONFIG = { products: ['emailMagicLinks'], authFlowType: 'Discovery', sessionOptions: { sessionDurationMinutes: 60 } };

function b2bPage(side: 'ours' | 'official', dist = '/dist/'): string {
  const mount =
    side === 'ours'
      ? `<script type="module">
    import { mountB2B } from '${dist}stytch-ui.b2b.js';
    import { createB2BClient } from '${dist}b2b-client.js';
    mountB2B({ elementId: '#login', client: createB2BClient(BENCH.b2bToken, { baseUrl: BENCH.provider }), config: ${JSON.stringify(B2B_CONFIG)} });
  </script>`
      : `<script src="/official/b2b.js"></script><script>
    customElements.define('stytch-b2b-ui', stytch.StytchB2B);
    const el = document.createElement('stytch-b2b-ui');
    document.getElementById('login').append(el);
    const config = ${JSON.stringify(B2B_CONFIG)};
    config.products = config.products.map((name) => stytch.B2BProducts[name]);
    el.render({ client: new stytch.StytchB2BUIClient(BENCH.b2bToken, { endpoints: { testAPIURL: BENCH.provider } }), config });
  </script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>b2b ${side}</title></head><body><div id="login"></div>${mount}</body></html>`;
}

/** The consent row (issue 48): `<stytch-identity-provider>` beside the official element, the page opened with an app's request. */
function consentPage(side: 'ours' | 'official' | 'ssr', dist = '/dist/', element = ''): string {
  const mount =
    side === 'ours'
      ? `<div id="consent"></div><script type="module">
    import { mountIdentityProvider } from '${dist}stytch-ui.js';
    import { createClient } from '${dist}client.js';
    mountIdentityProvider({ elementId: '#consent', client: createClient(BENCH.token, { baseUrl: BENCH.provider }) });
  </script>`
      : side === 'ssr'
        ? `<div id="consent">${element}</div><script type="module">
    import '${dist}stytch-ui.js';
    import { createClient } from '${dist}client.js';
    document.querySelector('stytch-identity-provider').client = createClient(BENCH.token, { baseUrl: BENCH.provider });
  </script>`
        : `<div id="consent"></div><script src="/official/index.js"></script><script>
    customElements.define('stytch-identity-provider', stytch.StytchIdentityProvider);
    const el = document.createElement('stytch-identity-provider');
    document.getElementById('consent').append(el);
    el.render({ client: new stytch.StytchUIClient(BENCH.token, { endpoints: { testAPIURL: BENCH.provider } }) });
  </script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>consent ${side}</title><script>window.__benchAllow = true;${side === 'ssr' ? ' window.__ssr = true;' : ''}</script></head><body>${mount}</body></html>`;
}

/** Our server-rendered page: the element as stytch-ui/server renders it, then the widget module and the client. */
function ssrPage(element: string, dist = '/dist/'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ours, server-rendered</title><script>window.__ssr = true;</script></head><body><div id="login">${element}</div>
  <script type="module">
    import '${dist}stytch-ui.js';
    import { createClient } from '${dist}client.js';
    document.querySelector('stytch-ui').client = createClient(BENCH.token, { baseUrl: BENCH.provider });
  </script></body></html>`;
}

/** Main as stytch-ui/server renders it for each configuration (the --ssr run only). */
async function renderSsr(): Promise<Map<string, string>> {
  const { renderLoginToString } = (await import(join(root, 'dist/server.js'))) as typeof import('../elements/server/index.ts');
  const out = new Map<string, string>();
  for (const [id, { config }] of Object.entries(configs)) out.set(id, await renderLoginToString({ config }));
  return out;
}

const importMap = (dist: string) => `<script type="importmap">{ "imports": {
  "react": "/vendor/react.js", "react-dom": "/vendor/react-dom.js",
  "react-dom/client": "/vendor/react-dom-client.js", "react/jsx-runtime": "/vendor/jsx-runtime.js",
  "stytch-ui/react-external": "${dist}stytch-ui.react-external.js", "stytch-ui/client": "${dist}client.js" } }</script>`;

/**
 * A React app that has loaded and rendered before the widget is asked for; `__loadWidget()`
 * then imports and mounts one side, and the clock starts there (`__bench.t0`).
 */
function reactHostPage(side: 'ours' | 'official' | 'floor', config: Record<string, unknown>, dist = '/dist/'): string {
  const load =
    side === 'floor'
      ? `const { mountFloor } = await import('/floor/host-floor.js'); mountFloor();`
      : side === 'ours'
        ? `const [{ mountLogin }, { createClient }] = await Promise.all([import('stytch-ui/react-external'), import('stytch-ui/client')]);
         mountLogin({ elementId: '#login', client: createClient(BENCH.token, { baseUrl: BENCH.provider }), config: ${JSON.stringify(config)} });`
        : `await new Promise((ok, ko) => { const s = document.createElement('script'); s.src = '/official/index.js'; s.onload = ok; s.onerror = ko; document.head.append(s); });
         const client = new stytch.StytchUIClient(BENCH.token, { endpoints: { testAPIURL: BENCH.provider } });
         mountOfficial(client);`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>react host, ${side}</title>${importMap(dist)}${side === 'official' ? mountOfficialScript(config) : ''}</head>
  <body><div id="app"></div><div id="login"></div>
  <script type="module">
    // As a React app built by a bundler has them: its JSX compiled to react/jsx-runtime, and
    // react-dom in the same bundle as react-dom/client (which requires it). Served apart here, a
    // widget importing either would otherwise fetch it after its own file, a round trip no app has.
    import { useEffect } from 'react';
    import { jsx } from 'react/jsx-runtime';
    import 'react-dom';
    import { createRoot } from 'react-dom/client';
    function Host() { useEffect(() => { window.__benchNotify('host'); }, []); return jsx('header', { children: jsx('h2', { children: 'A React app' }) }); }
    createRoot(document.getElementById('app')).render(jsx(Host, {}));
    window.__loadWidget = async () => { window.__bench.t0 = performance.now(); ${load} };
  </script></body></html>`;
}

// ---------------------------------------------------------------------------------------------
// The loopback server: every file gzip-compressed, nothing cached by the browser.

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.map': 'application/json' };
const gz = new Map<string, Buffer>();
let bench = { token: '', b2bToken: '', provider: '' };
const bundles = SSR ? new Map<string, Buffer>() : await buildPageBundles();
const rendered = SSR ? await renderSsr() : new Map<string, string>();

function file(path: string): Buffer | undefined {
  if (path.startsWith('/vendor/') || path.startsWith('/floor/')) return bundles.get(path);
  if (path === '/official/index.js') return readFileSync(join(root, 'node_modules/@stytch/vanilla-js/dist/iife/index.js'));
  if (path === '/official/b2b.js') return readFileSync(join(root, 'node_modules/@stytch/vanilla-js/dist/iife/b2b/index.js'));
  if (BASELINE && path.startsWith('/base/')) {
    const p = normalize(join(BASELINE, path.slice('/base/'.length)));
    if (!p.startsWith(normalize(BASELINE))) return undefined;
    try {
      return readFileSync(p);
    } catch {
      return undefined;
    }
  }
  if (path.startsWith('/dist/')) {
    const p = normalize(join(root, path));
    if (!p.startsWith(join(root, 'dist'))) return undefined;
    try {
      return readFileSync(p);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A page with the run's provider and tokens (`window.BENCH`) in its head. */
const inject = (html: string) => html.replace('<head>', `<head><script>window.BENCH = ${JSON.stringify(bench)};</script>`);

function page(path: string, query: URLSearchParams): string | undefined {
  const config = configs[query.get('config') ?? 'magic']?.config;
  if (!config) return undefined;
  const dist = BASELINE && query.get('dist') === 'base' ? '/base/' : '/dist/';
  if (path === '/ours.html') return inject(oursPage(config, dist));
  if (path === '/script.html') return inject(scriptPage(config, dist));
  if (path === '/ssr.html' && rendered.has(query.get('config') ?? 'magic')) return inject(ssrPage(rendered.get(query.get('config') ?? 'magic')!, dist));
  if (path === '/official.html') return inject(officialPage(config));
  if (path === '/floor.html')
    return inject(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><div id="login"></div><script type="module" src="/floor/floor.js"></script></body></html>`,
    );
  if (path === '/host-ours.html') return inject(reactHostPage('ours', config, dist));
  if (path === '/host-official.html') return inject(reactHostPage('official', config));
  if (path === '/host-floor.html') return inject(reactHostPage('floor', config));
  if (path === '/b2b-ours.html' || path === '/b2b-official.html') return inject(b2bPage(path === '/b2b-ours.html' ? 'ours' : 'official', dist));
  const consentSide = /^\/consent-(ours|official)\.html$/.exec(path)?.[1] as 'ours' | 'official' | undefined;
  if (consentSide) return inject(consentPage(consentSide, dist));
  return undefined;
}

/**
 * The consent row's server-rendered page, made per request as a site's server makes it: the
 * user's session from the request's cookie, the server API's authorize start for the page's
 * query, and stytch-ui/server's consent screen from that answer.
 */
async function consentSsrPage(req: IncomingMessage, url: URL): Promise<string> {
  const session = /(?:^|;\s*)stytch_session=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
  const q = url.searchParams;
  const start = await consentRequest!.api('/idp/oauth/authorize/start', {
    client_id: q.get('client_id'),
    redirect_uri: q.get('redirect_uri'),
    response_type: 'code',
    scopes: (q.get('scope') ?? '').split(' '),
    session_token: decodeURIComponent(session ?? ''),
  });
  const { renderIdentityProviderToString } = (await import(join(root, 'dist/server.js'))) as typeof import('../elements/server/index.ts');
  const element = await renderIdentityProviderToString({ prefetchedConsent: { request: url.search, start: start as never, projectName: consentRequest!.projectName } });
  const dist = BASELINE && q.get('dist') === 'base' ? '/base/' : '/dist/';
  return inject(consentPage('ssr', dist, element));
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/consent-ssr.html')
    return void consentSsrPage(req, url).then(
      (html) => reply(req, res, url, html),
      (e: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e)),
    );
  reply(req, res, url, page(url.pathname, url.searchParams));
}

function reply(req: IncomingMessage, res: ServerResponse, url: URL, html: string | undefined): void {
  const body = html !== undefined ? Buffer.from(html) : file(url.pathname);
  if (!body) return void res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
  const type = html !== undefined ? TYPES['.html']! : (TYPES[extname(url.pathname)] ?? 'application/octet-stream');
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-store' };
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const key = html !== undefined ? `html:${html}` : url.pathname;
    let z = gz.get(key);
    if (!z) gz.set(key, (z = gzipSync(body, { level: 9 })));
    headers['Content-Encoding'] = 'gzip';
    res.writeHead(200, headers).end(z);
  } else res.writeHead(200, headers).end(body);
}

const server = createServer(serve);
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
// The Next.js host's origin (BENCH_ROWS=next), known before the provider starts to authorize it.
const nextOrigin = !SSR && ROWS.includes('next') ? `http://localhost:${await freePort()}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-render-'));
const secret = `secret-test-${randomBytes(24).toString('base64url')}`;
const provider = await startProviderThread({
  port: 0,
  dataDir,
  env: { AUTHORIZED_ORIGINS: [origin, nextOrigin].filter(Boolean).join(','), REDIRECT_URLS: `${origin}/ours.html,${origin}/ssr.html`, PROJECT_SECRETS: secret },
});
bench = { token: provider.config.publicTokens.test!, b2bToken: provider.config.publicTokens.b2b!, provider: provider.url };

/**
 * The consent row's app and user, made through the server API as a site's backend makes them: a
 * third-party app (so the user is asked), its authorization request's query, and a fresh session
 * of the user for each load (a password sign-in), as the cookies the clients read.
 */
async function consentSetup() {
  const api = async (path: string, body: object) => {
    const res = await fetch(`${provider.url}/v1${path}`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${provider.config.projectId}:${secret}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, any>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const { connected_app: app } = await api('/connected_apps/clients', {
    client_type: 'third_party',
    client_name: 'Partner Notes',
    client_description: 'Takes your notes',
    redirect_urls: [`${origin}/callback`],
  });
  const email = 'consent-bench@example.com';
  const password = `bench-${randomBytes(18).toString('base64url')}`;
  await api('/passwords', { email, password });
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: app.client_id,
    redirect_uri: `${origin}/callback`,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'bench-state',
    nonce: 'bench-nonce',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const bootstrap = (await (await fetch(`${provider.url}/sdk/v1/projects/bootstrap/${bench.token}`)).json()) as { data: { project_name: string } };
  return {
    api,
    query,
    projectName: bootstrap.data.project_name,
    async sessionCookies() {
      const { session_token, session_jwt } = await api('/passwords/authenticate', { email, password, session_duration_minutes: 60 });
      return [
        { name: 'stytch_session', value: session_token as string, url: origin },
        { name: 'stytch_session_jwt', value: session_jwt as string, url: origin },
      ];
    },
  };
}
const consentRequest = ROWS.includes('consent') ? await consentSetup() : undefined;
const nextHost = nextOrigin ? await startNextHost({ port: Number(new URL(nextOrigin).port), env: { STYTCH_PUBLIC_TOKEN: bench.token, STYTCH_PROVIDER_URL: bench.provider } }) : undefined;
process.on('exit', () => void nextHost?.close());

// ---------------------------------------------------------------------------------------------
// One load

interface Sample {
  visible: number;
  /** The email field found, and the bench's keystroke reaching the page. */
  field: number;
  key: number;
  typed: number;
  /** Server-rendered ours: React adopted the field (else NaN), and the typed character stayed (1). */
  hydrated: number;
  kept: number;
  bytes: number;
  requests: number;
}

const NETWORK_PROFILES: Record<string, { latency: number; downloadThroughput: number; uploadThroughput: number } | undefined> = {
  loopback: undefined,
  // Chromium's own slow-4G preset numbers: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
  slow4g: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, ko) => (timer = setTimeout(() => ko(new Error(`${what}: timed out after ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** Counts requests and bytes on the wire from `reset()` on, through CDP. */
function traffic(cdp: CDPSession) {
  let bytes = 0;
  let requests = 0;
  let counting = true;
  cdp.on('Network.requestWillBeSent', () => counting && requests++);
  cdp.on('Network.loadingFinished', (e) => counting && (bytes += e.encodedDataLength));
  return {
    reset() {
      bytes = 0;
      requests = 0;
    },
    stop() {
      counting = false;
      return { bytes, requests };
    },
  };
}

/** What the page told the bench so far, and a way to wait for the next word of it. */
function signals() {
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  return {
    notify(what: string) {
      seen.add(what);
      waiting.get(what)?.();
    },
    forget(what: string) {
      seen.delete(what);
    },
    wait(what: string, deadline: number): Promise<void> {
      if (seen.has(what)) return Promise.resolve();
      return withTimeout(new Promise<void>((ok) => waiting.set(what, ok)), Math.max(1, deadline - Date.now()), `waiting for ${what}`);
    },
  };
}

/** Types one character into the email field until it holds it (a re-rendered field may drop it). */
async function typeInto(page: Page, said: ReturnType<typeof signals>, deadline: number): Promise<void> {
  await said.wait('field', deadline);
  while (Date.now() < deadline) {
    await page.keyboard.type('x');
    const ok = await said.wait('typed', Math.min(deadline, Date.now() + 2_000)).then(
      () => true,
      () => false,
    );
    if (ok) return;
    // The character went elsewhere (focus moved, the field was replaced): clear and type again.
    await page.evaluate(() => {
      const f = (window as any).__bench.find();
      if (f) f.value = '';
    });
  }
  throw new Error('the email field never held a typed character');
}

async function load(browser: Browser, network: string, path: string, profile?: (p: CpuProfile) => void): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    const said = signals();
    if (process.env.BENCH_DEBUG) {
      page.on('console', (m) => console.error(`  [${path}] console.${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => console.error(`  [${path}] error: ${e.message}`));
      const t0 = Date.now();
      page.on('request', (r) => console.error(`  [${path}] +${Date.now() - t0} ms request: ${r.method()} ${r.url()}`));
      page.on('requestfinished', (r) => console.error(`  [${path}] +${Date.now() - t0} ms finished: ${r.url()}`));
      page.on('requestfailed', (r) => console.error(`  [${path}] failed: ${r.url()} ${r.failure()?.errorText}`));
    }
    if (path.startsWith('/consent-') && consentRequest) await context.addCookies(await consentRequest.sessionCookies());
    await page.exposeFunction('__benchNotify', (what: string) => said.notify(what));
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const conditions = NETWORK_PROFILES[network];
    if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
    if (profile && process.env.BENCH_TRACE)
      await browser.startTracing(page, {
        path: process.env.BENCH_TRACE,
        categories: process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? ['devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'],
      });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const count = traffic(cdp);
    const deadline = Date.now() + LOAD_TIMEOUT;
    // A row's page is a path on the bench's server or a whole URL (the Next.js host's).
    await page.goto(/^https?:/.test(path) ? path : `${origin}${path}`, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    if (path.startsWith('/host-')) {
      await said.wait('host', deadline);
      // Let the host's own requests settle, then count and time only what the widget does.
      await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) });
      count.reset();
      await page.evaluate(() => void (window as any).__loadWidget());
    }
    const consentPath = path.startsWith('/consent-');
    if (!consentPath) await typeInto(page, said, deadline);
    await said.wait('visible', deadline);
    const { bytes, requests } = count.stop();
    const ssr = path.startsWith('/ssr') || path.startsWith('/consent-ssr');
    if (ssr) await said.wait('hydrated', deadline);
    if (profile) {
      const recorded = (await cdp.send('Profiler.stop')).profile as CpuProfile;
      if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(recorded));
      profile(recorded);
    }
    if (profile && process.env.BENCH_TRACE) await browser.stopTracing();
    const b = await page.evaluate(() => {
      const { t0, visible, field, key, typed, hydrated, kept } = (window as any).__bench as { t0: number; visible: number; field: number; key: number; typed: number; hydrated: number; kept: boolean };
      return { t0, visible, field, key, typed, hydrated, kept };
    });
    return {
      visible: b.visible - b.t0,
      field: b.field - b.t0,
      key: b.key - b.t0,
      typed: consentPath ? NaN : b.typed - b.t0,
      hydrated: ssr ? b.hydrated - b.t0 : NaN,
      kept: b.kept ? 1 : 0,
      bytes,
      requests,
    };
  } catch (e) {
    if (process.env.BENCH_DEBUG) {
      const pages = context.pages();
      const dom = await pages[0]
        ?.evaluate(
          `(function dump(r) { return [...r.querySelectorAll('*')].map((el) => (el.shadowRoot ? el.tagName + '[shadow: ' + dump(el.shadowRoot) + ']' : '')).join('') + (r === document ? r.body.outerHTML : r.innerHTML); })(document)`,
        )
        .catch((x: unknown) => String(x));
      console.error(`  [${path}] DOM: ${String(dom).slice(0, 3000)}`);
    }
    throw e;
  } finally {
    await context.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// A CPU profile of the path to Main

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

const consumers = new Map<string, SourceMapConsumer | null>();
/** The original source of a position in a served file: a package name, one of our files, or the URL. */
function sourceOf(url: string, line: number, column: number): string {
  const path = url.startsWith(origin) ? new URL(url).pathname : url;
  if (!path.startsWith('/dist/')) return path.replace(/^\/(vendor|floor|official)\/.*/, '$1') || '(native)';
  let c = consumers.get(path);
  if (c === undefined) {
    try {
      c = new SourceMapConsumer(JSON.parse(readFileSync(join(root, `${path}.map`), 'utf8')) as RawSourceMap);
    } catch {
      c = null;
    }
    consumers.set(path, c);
  }
  const src = c?.originalPositionFor({ line: line + 1, column }).source;
  if (!src) return path;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(src);
  return pkg ? pkg[1]! : src.replace(/^(\.\.\/)+/, '');
}

/** The network profile BENCH_PROFILE loads on (a NETWORK_PROFILES name). */
const PROFILE_NETWORK = process.env.BENCH_PROFILE_NETWORK ?? 'loopback';

async function profileRun(browser: Browser, path: string): Promise<void> {
  if (!(PROFILE_NETWORK in NETWORK_PROFILES)) throw new Error(`BENCH_PROFILE_NETWORK=${PROFILE_NETWORK}: expected one of ${Object.keys(NETWORK_PROFILES).join(', ')}`);
  const self = new Map<string, number>();
  let total = 0;
  let typed = 0;
  for (let i = 0; i < Math.max(1, RUNS); i++) {
    const s = await load(browser, PROFILE_NETWORK, path, (p) => {
      const byId = new Map(p.nodes.map((n) => [n.id, n]));
      p.samples.forEach((id, k) => {
        const f = byId.get(id)!.callFrame;
        // A file's top level (its evaluation) is a frame at 0:0 with no name: named for the file.
        const top = f.url && !f.functionName && f.lineNumber === 0 && f.columnNumber === 0;
        const name = top ? `${new URL(f.url).pathname} (evaluation)` : f.url ? sourceOf(f.url, f.lineNumber, f.columnNumber) : f.functionName || '(native)';
        const us = p.timeDeltas[k] ?? 0;
        self.set(name, (self.get(name) ?? 0) + us);
        total += us;
      });
    });
    typed += s.typed;
  }
  const n = Math.max(1, RUNS);
  console.log(`\nCPU profile of ${path}, ${n} load(s), CPU ${CPU_RATE}x, ${PROFILE_NETWORK}: typeable at ${Math.round(typed / n)} ms (mean); self time per load by source, (idle) excluded:`);
  const busy = [...self].filter(([k]) => k !== '(idle)');
  const busyTotal = busy.reduce((a, [, v]) => a + v, 0);
  for (const [name, us] of busy.sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(us / n / 1000).toFixed(1).padStart(8)} ms  ${((100 * us) / busyTotal).toFixed(1).padStart(5)} %  ${name}`);
  console.log(`${(busyTotal / n / 1000).toFixed(1).padStart(8)} ms busy of ${(total / n / 1000).toFixed(1)} ms profiled`);
}

// ---------------------------------------------------------------------------------------------
// The run

interface Row {
  name: string;
  ours: string;
  official: string;
}
const rows: Row[] = [];
const oursPath = SSR ? '/ssr.html' : '/ours.html';
for (const id of ['magic', 'otp-oauth', 'all']) if (ROWS.includes(id)) rows.push({ name: configs[id]!.title, ours: `${oursPath}?config=${id}`, official: `/official.html?config=${id}` });
// The React floor and the React host page are rows of the client-rendered run only.
if (!SSR && ROWS.includes('floor')) rows.push({ name: 'React floor (React 19, header, field, button) vs official, magic links', ours: '/floor.html', official: '/official.html?config=magic' });
// Not a default row: the least a React host page can take to show a form of its own (its React
// already loaded), beside the official; what the React host row could reach.
if (!SSR && ROWS.includes('host-floor'))
  rows.push({ name: "React host floor (the page's React, header, field, button) vs official, magic links", ours: '/host-floor.html?config=magic', official: '/host-official.html?config=magic' });
if (!SSR && ROWS.includes('react-host'))
  rows.push({ name: 'react-external in a React host page, from import (magic links)', ours: '/host-ours.html?config=magic', official: '/host-official.html?config=magic' });
if (!SSR && ROWS.includes('script')) rows.push({ name: 'the script tag (stytch-ui.iife.js), magic links', ours: '/script.html?config=magic', official: '/official.html?config=magic' });
if (!SSR && ROWS.includes('b2b')) rows.push({ name: '<stytch-b2b-ui> vs the official B2B UI, discovery by email link', ours: '/b2b-ours.html', official: '/b2b-official.html' });
if (consentRequest)
  rows.push({
    name: "<stytch-identity-provider> vs the official element, a third-party app's consent (to Allow visible)",
    ours: `/consent-${SSR ? 'ssr' : 'ours'}.html?${consentRequest.query}`,
    official: `/consent-official.html?${consentRequest.query}`,
  });
// The baseline build's rows, each beside the same official page as the row it copies.
if (BASELINE)
  rows.splice(
    0,
    rows.length,
    ...rows.flatMap((r) =>
      /^\/(ours|b2b-ours|ssr|host-ours|script|consent-ours|consent-ssr)\.html/.test(r.ours)
        ? [r, { name: `${r.name} [baseline]`, ours: `${r.ours}${r.ours.includes('?') ? '&' : '?'}dist=base`, official: r.official }]
        : [r],
    ),
  );
if (nextHost) rows.push({ name: 'Next.js host (App Router), email OTP: ours server-rendered vs official client-side', ours: `${nextHost.url}/`, official: `${nextHost.url}/official` });

const browser = await chromium.launch({
  executablePath: CHROME,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

if (process.env.BENCH_PROFILE) {
  try {
    await profileRun(browser, process.env.BENCH_PROFILE);
  } finally {
    await browser.close().catch(() => {});
    await provider.close().catch(() => {});
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const samples = new Map<string, Sample[]>();
const failures: string[] = [];
const key = (network: string, path: string) => `${network} ${path}`;
const started = Date.now();
const chromeVersion = browser.version();
try {
  // Warm the server's gzip cache and the provider once, unmeasured.
  for (const r of rows) for (const p of [r.ours, r.official]) await load(browser, 'loopback', p).catch(() => {});
  for (const network of NETWORKS) {
    for (let i = 0; i < RUNS; i++) {
      for (const r of rows) {
        // Alternate which side goes first, so neither always follows the other.
        const order = i % 2 === 0 ? [r.ours, r.official] : [r.official, r.ours];
        for (const p of order) {
          try {
            const s = await withTimeout(load(browser, network, p), LOAD_TIMEOUT + 10_000, p);
            const list = samples.get(key(network, p)) ?? [];
            list.push(s);
            samples.set(key(network, p), list);
          } catch (e) {
            failures.push(`${network} ${p}: ${(e as Error).message.split('\n')[0]}`);
          }
        }
      }
      process.stderr.write(`  ${network}: run ${i + 1}/${RUNS} done (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
  }
} finally {
  await browser.close().catch(() => {});
  await provider.close().catch(() => {});
  server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)}` : '—');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '—');
const kb = (n: number) => (Number.isFinite(n) ? (n / 1024).toFixed(1) : '—');

console.log(`\n${NAME} ${new Date().toISOString()}, ${cpus().length}× ${cpus()[0]?.model ?? '?'}, Chromium ${chromeVersion}, CPU ${CPU_RATE}x, ${RUNS} runs per page, medians`);
for (const network of NETWORKS) {
  console.log(`\n${network === 'slow4g' ? 'slow 4G (150 ms RTT, 1.6 Mbit/s)' : 'loopback'}`);
  const ssrHead = SSR ? ' hydrated ours | typed kept |' : '';
  console.log(
    `| row${SSR ? ' (ours server-rendered)' : ''} | visible ours | visible official | ratio | typeable ours | typeable official | ratio |${ssrHead} KB ours / official | requests ours / official |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|${SSR ? '---:|---:|' : ''}---:|---:|`);
  for (const r of rows) {
    const o = samples.get(key(network, r.ours)) ?? [];
    const f = samples.get(key(network, r.official)) ?? [];
    const m = (xs: Sample[], k: keyof Sample) => median(xs.map((x) => x[k]));
    if (process.env.BENCH_ALL) {
      console.log(`  ${r.name}: visible ${o.map((x) => Math.round(x.visible)).join(' ')} | typed ${o.map((x) => Math.round(x.typed)).join(' ')}`);
      // The tail after the field, medians: the bench's keystroke round trip, then the page's handling of it.
      const tail = (xs: Sample[]) => `field to key ${ms(median(xs.map((x) => x.key - x.field)))}, key to typed ${ms(median(xs.map((x) => x.typed - x.key)))}`;
      console.log(`  tail after the field: ours ${tail(o)}; official ${tail(f)}`);
    }
    console.log(
      `| ${r.name} | ${ms(m(o, 'visible'))} | ${ms(m(f, 'visible'))} | ${ratio(m(o, 'visible'), m(f, 'visible'))} | ${ms(m(o, 'typed'))} | ${ms(m(f, 'typed'))} | ${ratio(m(o, 'typed'), m(f, 'typed'))} |${SSR ? ` ${ms(m(o, 'hydrated'))} | ${r.ours.startsWith('/consent-') ? '—' : `${o.filter((x) => x.kept).length}/${o.length}`} |` : ''} ${kb(m(o, 'bytes'))} / ${kb(m(f, 'bytes'))} | ${m(o, 'requests')} / ${m(f, 'requests')} |`,
    );
  }
}
if (failures.length) {
  console.log(`\n${failures.length} load(s) failed:`);
  for (const f of [...new Set(failures)]) console.log(`  ${f}`);
}
process.exit(0);
