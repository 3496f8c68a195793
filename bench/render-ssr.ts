// `npm run bench:render-ssr`: the server-rendered first paint against the official UI (not a test).
//
// The same measurement as `bench:render` (the official prebuilt UI's script-tag build, its
// client pointed at one local provider through `endpoints`; pages served gzip-compressed from
// one loopback server, loaded in turn in fresh contexts of one Chromium with the CPU throttled
// 4x, on loopback and on slow 4G: 150 ms RTT, 1.6 Mbit/s), with our side a page whose
// <stytch-ui> arrives already holding Main, rendered by stytch-ui/server (dist/server.js), and
// the production widget module after it. Per side, the median time from navigation to Main's
// primary button visible and to the email field holding a typed character, the bytes and
// requests up to then; for ours also when React has adopted the field (hydrated) and whether
// the typed character was still there after it.
//
// BENCH_RUNS (default 5) loads of each page per network profile; BENCH_NETWORKS=loopback,slow4g;
// BENCH_ROWS=magic,otp-oauth,all; BENCH_NO_BUILD=1 measures dist/ as it is. Every wait has a
// timeout: a load that times out is reported, not hung on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright';
import { startProvider } from '../provider/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const LOAD_TIMEOUT = Number(process.env.BENCH_LOAD_TIMEOUT_MS ?? 45_000);
const NETWORKS = (process.env.BENCH_NETWORKS ?? 'loopback,slow4g').split(',');
const ROWS = (process.env.BENCH_ROWS ?? 'magic,otp-oauth,all').split(',');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const root = process.cwd();

// The whole run is bounded too, whatever a browser or a server does.
const watchdog = setTimeout(() => {
  console.error('bench:render-ssr: the run took longer than BENCH_MAX_MINUTES; stopping');
  process.exit(2);
}, Number(process.env.BENCH_MAX_MINUTES ?? 20) * 60_000);
watchdog.unref();

if (!process.env.BENCH_NO_BUILD) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs', '--no-types'], { stdio: 'inherit', timeout: 120_000 });
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

/**
 * Watches the page from its first script on: each animation frame (the frame Chromium is about
 * to paint) looks for Main's primary button and email field, through open shadow roots, and
 * notes when the button is laid out and when the field holds the typed character. Times are
 * milliseconds from navigation (performance.now()), or from `__bench.t0` when a host page sets it.
 */
const PROBE = `(() => {
  const b = (window.__bench = { t0: 0, visible: 0, field: 0, typed: 0, hydrated: 0, kept: false });
  // Tells the bench (a CDP binding: no polling inside the page while it loads).
  const notify = (what) => window.__benchNotify && window.__benchNotify(what);
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
  function tick() {
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
      if (!b.hydrated && Object.keys(f).some((k) => k.startsWith('__reactProps'))) (b.hydrated = performance.now()), (b.kept = f.value === 'x'), notify('hydrated');
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
    // 6.3.0 takes product objects (\`Products.otp\`), not names.
    const config = ${JSON.stringify(config)};
    el.render({ client, config: { ...config, products: config.products.map((p) => stytch.Products[p]) } });
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

/** Our page: the element as stytch-ui/server renders it, then the widget module and the client. */
function ssrPage(element: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ours, server-rendered</title><script>window.__ssr = true;</script></head><body><div id="login">${element}</div>
  <script type="module">
    import '/dist/stytch-ui.js';
    import { createClient } from '/dist/client.js';
    document.querySelector('stytch-ui').client = createClient(BENCH.token, { baseUrl: BENCH.provider });
  </script></body></html>`;
}

const { renderLoginToString } = (await import(join(root, 'dist/server.js'))) as typeof import('../elements/server/index.ts');
const rendered = new Map<string, string>();
for (const [id, { config }] of Object.entries(configs)) rendered.set(id, await renderLoginToString({ config }));

// ---------------------------------------------------------------------------------------------
// The loopback server: every file gzip-compressed, nothing cached by the browser.

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.map': 'application/json' };
const gz = new Map<string, Buffer>();
let bench = { token: '', provider: '' };

function file(path: string): Buffer | undefined {
  if (path === '/official/index.js') return readFileSync(join(root, 'node_modules/@stytch/vanilla-js/dist/iife/index.js'));
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

function page(path: string, query: URLSearchParams): string | undefined {
  const config = configs[query.get('config') ?? 'magic']?.config;
  if (!config) return undefined;
  const head = `<script>window.BENCH = ${JSON.stringify(bench)};</script>`;
  const inject = (html: string) => html.replace('<head>', `<head>${head}`);
  if (path === '/ssr.html') return inject(ssrPage(rendered.get(query.get('config') ?? 'magic')!));
  if (path === '/official.html') return inject(officialPage(config));
  return undefined;
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const html = page(url.pathname, url.searchParams);
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
const dataDir = mkdtempSync(join(tmpdir(), 'bench-render-ssr-'));
const provider = await startProvider({ port: 0, dataDir, env: { AUTHORIZED_ORIGINS: origin, REDIRECT_URLS: `${origin}/ssr.html` } });
bench = { token: provider.config.publicTokens.test!, provider: provider.url };

// ---------------------------------------------------------------------------------------------
// One load

interface Sample {
  visible: number;
  typed: number;
  /** Ours: React adopted the field (NaN for the official UI), and the typed character stayed. */
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
    const ok = await said.wait('typed', Math.min(deadline, Date.now() + 2_000)).then(() => true, () => false);
    if (ok) return;
    // The character went elsewhere (focus moved, the field was replaced): clear and type again.
    await page.evaluate(() => {
      const f = (window as any).__bench.find();
      if (f) f.value = '';
    });
  }
  throw new Error('the email field never held a typed character');
}

async function load(browser: Browser, network: string, path: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    const said = signals();
    if (process.env.BENCH_DEBUG) {
      page.on('console', (m) => console.error(`  [${path}] console.${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => console.error(`  [${path}] error: ${e.message}`));
      page.on('request', (r) => console.error(`  [${path}] request: ${r.url()}`));
      page.on('requestfailed', (r) => console.error(`  [${path}] failed: ${r.url()} ${r.failure()?.errorText}`));
    }
    await page.exposeFunction('__benchNotify', (what: string) => said.notify(what));
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const profile = NETWORK_PROFILES[network];
    if (profile) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile });
    const count = traffic(cdp);
    const deadline = Date.now() + LOAD_TIMEOUT;
    await page.goto(`${origin}${path}`, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    await typeInto(page, said, deadline);
    await said.wait('visible', deadline);
    const { bytes, requests } = count.stop();
    const ssr = path.startsWith('/ssr');
    if (ssr) await said.wait('hydrated', deadline);
    const b = await page.evaluate(() => {
      const { t0, visible, typed, hydrated, kept } = (window as any).__bench as { t0: number; visible: number; typed: number; hydrated: number; kept: boolean };
      return { t0, visible, typed, hydrated, kept };
    });
    return { visible: b.visible - b.t0, typed: b.typed - b.t0, hydrated: ssr ? b.hydrated - b.t0 : NaN, kept: b.kept ? 1 : 0, bytes, requests };
  } catch (e) {
    if (process.env.BENCH_DEBUG) {
      const pages = context.pages();
      const dom = await pages[0]
        ?.evaluate(`(function dump(r) { return [...r.querySelectorAll('*')].map((el) => (el.shadowRoot ? el.tagName + '[shadow: ' + dump(el.shadowRoot) + ']' : '')).join('') + (r === document ? r.body.outerHTML : r.innerHTML); })(document)`)
        .catch((x: unknown) => String(x));
      console.error(`  [${path}] DOM: ${String(dom).slice(0, 3000)}`);
    }
    throw e;
  } finally {
    await context.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// The run

interface Row {
  name: string;
  ours: string;
  official: string;
}
const rows: Row[] = [];
for (const id of ['magic', 'otp-oauth', 'all']) if (ROWS.includes(id)) rows.push({ name: configs[id]!.title, ours: `/ssr.html?config=${id}`, official: `/official.html?config=${id}` });

const browser = await chromium.launch({
  executablePath: CHROME,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

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

console.log(`\nbench:render-ssr ${new Date().toISOString()}, ${cpus().length}× ${cpus()[0]?.model ?? '?'}, Chromium ${chromeVersion}, CPU ${CPU_RATE}x, ${RUNS} runs per page, medians`);
for (const network of NETWORKS) {
  console.log(`\n${network === 'slow4g' ? 'slow 4G (150 ms RTT, 1.6 Mbit/s)' : 'loopback'}`);
  console.log('| row (ours server-rendered) | visible ours | visible official | ratio | typeable ours | typeable official | ratio | hydrated ours | typed kept | KB ours / official | requests ours / official |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const o = samples.get(key(network, r.ours)) ?? [];
    const f = samples.get(key(network, r.official)) ?? [];
    const m = (xs: Sample[], k: keyof Sample) => median(xs.map((x) => x[k]));
    console.log(
      `| ${r.name} | ${ms(m(o, 'visible'))} | ${ms(m(f, 'visible'))} | ${ratio(m(o, 'visible'), m(f, 'visible'))} | ${ms(m(o, 'typed'))} | ${ms(m(f, 'typed'))} | ${ratio(m(o, 'typed'), m(f, 'typed'))} | ${ms(m(o, 'hydrated'))} | ${o.filter((x) => x.kept).length}/${o.length} | ${kb(m(o, 'bytes'))} / ${kb(m(f, 'bytes'))} | ${m(o, 'requests')} / ${m(f, 'requests')} |`,
    );
  }
}
if (failures.length) {
  console.log(`\n${failures.length} load(s) failed:`);
  for (const f of [...new Set(failures)]) console.log(`  ${f}`);
}
process.exit(0);
