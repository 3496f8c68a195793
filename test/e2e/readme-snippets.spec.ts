import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type RunningDemo } from '../../demo/server.ts';
import { startProvider, type RunningProvider } from '../../provider/server.ts';
import { uniqueEmail, uniquePhone } from './screens-helpers.ts';

// A stranger's path: copy a README snippet into a page of their own on another port, put in the
// values `npm start` prints, and sign in. Each snippet is taken from README.md verbatim; only the
// values the README says to replace are replaced (the token, and the ports this run got).

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The first ```html block under the README heading `heading`. */
function snippet(heading: string): string {
  const at = README.indexOf(`\n${heading}\n`);
  expect(at, `README heading ${heading}`).toBeGreaterThan(0);
  const block = /```html\n([\s\S]*?)```/.exec(README.slice(at));
  return block![1]!;
}

/** Serves one page at / and /index.html on a free port: the developer's own site. */
async function servePage(html: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/index.html')) return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html());
    // A site of one's own has a favicon; a 404 for it would be a console error not of the snippet's making.
    res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

let provider: RunningProvider;
let demo: RunningDemo;
let page1: { origin: string; server: Server };
let stranger: { origin: string; server: Server };
let dataDir: string;
let current = '';

const filled = (text: string, origin: string) =>
  text
    .replaceAll('public-token-test-…', provider.config.publicTokens.test!)
    .replaceAll('http://localhost:8787', provider.url)
    .replaceAll('http://localhost:5173', demo.url)
    .replaceAll('http://localhost:3000', origin);

test.beforeAll(async () => {
  page1 = await servePage(() => filled(current, page1.origin));
  stranger = await servePage(() => filled(current, stranger.origin));
  dataDir = mkdtempSync(join(tmpdir(), 'readme-provider-'));
  // Started as the README says: the page's origin and return page in the two variables.
  provider = await startProvider({ port: 0, dataDir, env: { AUTHORIZED_ORIGINS: page1.origin, REDIRECT_URLS: `${page1.origin}/index.html` } });
  demo = await startDemo({ port: 0, providerUrl: provider.url, publicToken: provider.config.publicTokens.test! });
});

test.afterAll(async () => {
  page1.server.close();
  stranger.server.close();
  await demo.close();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function code(to: string): Promise<string> {
  let found: Array<{ code: string | null }> = [];
  await expect
    .poll(async () => {
      const res = await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
      found = (await res.json()) as typeof found;
      return found.length;
    })
    .toBeGreaterThan(0);
  return found[0]!.code!;
}

/** Console lines of the page, and any page error (a broken snippet throws). */
function watch(page: Page) {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
  return lines;
}

test('README "Plain HTML" snippet, served from another port, signs in with an email code', async ({ page }) => {
  current = snippet('#### Plain HTML');
  const lines = watch(page);
  await page.goto(`${page1.origin}/index.html`);
  const email = uniqueEmail('readme-plain');
  const w = page.locator('stytch-ui');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await code(email));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => lines.filter((l) => l.startsWith('log: OTP_AUTHENTICATE'))).toHaveLength(1);
  expect(lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
});

test('README "ES module" snippet, served from another port, signs in with a text-message code', async ({ page }) => {
  current = snippet('#### ES module with the mount function');
  const lines = watch(page);
  await page.goto(`${page1.origin}/index.html`);
  const phone = uniquePhone();
  const w = page.locator('#login');
  await w.getByRole('tab', { name: 'Text' }).click();
  await w.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await w.getByRole('button', { name: 'Continue' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await code(`+1${phone}`));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => lines.filter((l) => l.startsWith('log: OTP_AUTHENTICATE'))).toHaveLength(1);
  expect(lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
});

test('a page on an origin the project does not list: the widget and the console name it and AUTHORIZED_ORIGINS', async ({ page }) => {
  current = snippet('#### Plain HTML');
  const lines = watch(page);
  await page.goto(`${stranger.origin}/index.html`);
  const w = page.locator('stytch-ui');
  await w.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('readme-refused'));
  await w.getByRole('button', { name: 'Continue with email' }).click();
  const said = new RegExp(`origin ${stranger.origin.replaceAll('.', '\\.')} is not an authorized origin.*AUTHORIZED_ORIGINS`);
  await expect(w.getByText(said)).toBeVisible({ timeout: 15_000 });
  expect(lines.some((l) => l.startsWith('error') && said.test(l))).toBe(true);
});
