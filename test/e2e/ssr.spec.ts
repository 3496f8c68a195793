import { expect, test, type Page, type Route } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOwnSite } from './own-site.ts';
import { hydrated, uniqueEmail } from './screens-helpers.ts';

// The built stytch-ui/server (dist/server.js, what ships), typed by its source.
const SERVER = '../../dist/server.js';
const { renderLoginToString } = (await import(SERVER)) as typeof import('../../elements/server/index.ts');

// Server-rendered first paint: the page arrives with <stytch-ui>'s Main already in it
// (stytch-ui/server, as built), the widget's script is held back while the user types, and
// the element then adopts the markup: the same input, its value and its focus, and the flow
// goes on against the provider.

let site: Awaited<ReturnType<typeof startOwnSite>>;
test.beforeAll(async () => {
  site = await startOwnSite({ listed: 1 });
});
test.afterAll(() => site.close());

const OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const LINKS = { products: ['emailMagicLinks'] };

/** A page of one's own: the server's element, then the widget's module and the client. */
function servePage(element: string): string {
  const page = site.listed[0]!;
  page.html = `<!doctype html>
<meta charset="utf-8" />
<script type="importmap">
  { "imports": { "stytch-ui": "${site.demo.url}/dist/stytch-ui.js", "stytch-ui/client": "${site.demo.url}/dist/client.js" } }
</script>
${element}
<script type="module">
  import 'stytch-ui';
  import { createClient } from 'stytch-ui/client';
  const login = document.querySelector('stytch-ui');
  login.client = createClient('${site.publicToken}', { baseUrl: '${site.provider.url}' });
  window.reported = [];
  login.addEventListener('stytch-error', (e) => window.reported.push(e.error.name));
  login.addEventListener('stytch-event', (e) => window.reported.push(e.detail.type));
</script>`;
  return page.origin;
}

/** Holds the widget's entry module until the returned function is called. */
async function holdScript(page: Page, pattern = '**/dist/stytch-ui.js'): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has taken over the email field (its props are on the node once hydrated). */
/** The focused element, looking into the widget's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('stytch-ui')!;
    const active = el.shadowRoot ? el.shadowRoot.activeElement : document.activeElement;
    return active === (window as unknown as { typedInto: Element }).typedInto;
  });

for (const shadow of [true, false]) {
  test(`${shadow ? 'declarative shadow root' : 'light DOM'}: what is typed before the script arrives stays, with its focus, and the flow signs in`, async ({ page }) => {
    const config = { ...OTP, enableShadowDOM: shadow };
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const release = await holdScript(page);
    await page.goto(`${servePage(await renderLoginToString({ config }))}/index.html`, { waitUntil: 'commit' });
    const w = page.locator('stytch-ui');
    const email = uniqueEmail(shadow ? 'ssr-shadow' : 'ssr-light');
    const field = w.getByRole('textbox', { name: 'Email' });
    // Main is there before any script: the heading, the field and the button.
    await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect(w.getByRole('button', { name: 'Continue with email' })).toBeVisible();
    expect(await hydrated(page)).toBe(false);
    await field.click();
    await page.keyboard.type(email);
    // Enter before the script: nothing is sent and the page stays (no plain-form reload).
    const url = page.url();
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue(email);
    expect(page.url()).toBe(url);
    await field.evaluate((input) => ((window as unknown as { typedInto: Element }).typedInto = input));
    const card = w.locator('[part~="container"]');
    const before = await card.boundingBox();
    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    // The same node (adopted, not replaced), its value and its focus; the card did not move.
    expect(await field.evaluate((input) => input === (window as unknown as { typedInto: Element }).typedInto)).toBe(true);
    await expect(field).toHaveValue(email);
    expect(await focused(page)).toBe(true);
    expect(await card.boundingBox()).toEqual(before);
    // Enter, with nothing typed since the script came: the address is in React's state.
    await page.keyboard.press('Enter');
    await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
    await w.getByLabel('One-time passcode').fill(await site.code(email));
    await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toContain('OTP_AUTHENTICATE');
    expect(await page.evaluate(() => (window as unknown as { reported: string[] }).reported.filter((r) => r.endsWith('Error')))).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('markup rendered from another config is replaced by a fresh render, reported once, and the widget works', async ({ page }) => {
  // The server rendered the magic-link Main; the page's element asks for email codes.
  const stale = (await renderLoginToString({ config: LINKS, styles: { colors: { primary: '#5b2a86' } } })).replace(/ config="[^"]*"/, ` config='${JSON.stringify(OTP)}'`);
  await page.goto(`${servePage(stale)}/index.html`);
  const w = page.locator('stytch-ui');
  await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(['ServerMarkupMismatchError']);
  const email = uniqueEmail('ssr-mismatch');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await site.code(email));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
});

for (const [rendered, wanted] of [
  [false, true],
  [true, false],
] as const) {
  test(`markup rendered ${rendered ? 'in a shadow root' : 'in light DOM'} for an element whose config ${wanted ? 'asks for' : 'no longer asks for'} one: rendered afresh, reported, shown`, async ({
    page,
  }) => {
    const element = (await renderLoginToString({ config: { ...OTP, enableShadowDOM: rendered } })).replace(/ config="[^"]*"/, ` config='${JSON.stringify({ ...OTP, enableShadowDOM: wanted })}'`);
    await page.goto(`${servePage(element)}/index.html`);
    const w = page.locator('stytch-ui');
    await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(['ServerMarkupMismatchError']);
    await expect(w.getByRole('textbox', { name: 'Email' })).toHaveCount(1);
    await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  });
}

test('light DOM, magic links: the server markup is hydrated without a mismatch and the link is sent', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${servePage(await renderLoginToString({ config: LINKS }))}/index.html`);
  const w = page.locator('stytch-ui');
  await expect.poll(() => hydrated(page)).toBe(true);
  // Light DOM: the server's scope id stays on the element and its sheet still applies.
  const scope = await w.getAttribute('data-stytch-scope');
  expect(scope).toMatch(/^[a-z0-9]+$/);
  await expect(w.locator('[part~="container"]')).toHaveCSS('padding', '32px');
  const email = uniqueEmail('ssr-links');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { reported: string[] }).reported.filter((r) => r.endsWith('Error')))).toEqual([]);
  expect(errors).toEqual([]);
});

test('docs/EMBEDDING.md "Server-rendered first paint": the page, prerendered by npx stytch-ui prerender in a site of its own, signs in', async ({ page }) => {
  const readme = readFileSync(new URL('../../docs/EMBEDDING.md', import.meta.url), 'utf8');
  const at = readme.indexOf('\n## Server-rendered first paint (SSR and prerender)\n');
  expect(at).toBeGreaterThan(0);
  const own = site.listed[0]!;
  const html = /```html\n([\s\S]*?)```/
    .exec(readme.slice(at))![1]!
    .replaceAll('public-token-test-…', site.publicToken)
    .replaceAll('http://localhost:8787', site.provider.url)
    .replaceAll('http://localhost:5173', site.demo.url);
  // A site's folder with the package installed as npm links a local one: the package, its bin.
  const dir = mkdtempSync(join(tmpdir(), 'ssr-readme-'));
  try {
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(new URL('../..', import.meta.url).pathname, join(dir, 'node_modules', 'stytch-ui'));
    symlinkSync('../stytch-ui/dist/cli.js', join(dir, 'node_modules', '.bin', 'stytch-ui'));
    writeFileSync(join(dir, 'index.html'), html);
    execFileSync('npx', ['stytch-ui', 'prerender', 'index.html'], { cwd: dir, stdio: 'pipe' });
    own.html = readFileSync(join(dir, 'index.html'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(own.html).toContain('<template shadowrootmode="open">');
  const release = await holdScript(page, '**/dist/stytch-ui.iife.js');
  await page.goto(`${own.origin}/index.html`, { waitUntil: 'commit' });
  const w = page.locator('stytch-ui');
  const email = uniqueEmail('ssr-readme');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  release();
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect(w.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await site.code(email));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
});

test('every product: what only the browser knows (the passkey button moves last) lands after hydration, the typed field kept', async ({ page }) => {
  const config = {
    products: ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'],
    oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }] },
    otpOptions: { methods: ['sms', 'whatsapp'] },
  };
  const release = await holdScript(page);
  await page.goto(`${servePage(await renderLoginToString({ config }))}/index.html`, { waitUntil: 'commit' });
  const w = page.locator('stytch-ui');
  const parts = () => w.locator('[part~="container"] > [part]').evaluateAll((els) => els.map((e) => e.getAttribute('part')));
  expect((await parts())[1]).toBe('passkey');
  const field = w.getByRole('textbox', { name: 'Email' });
  await field.fill('someone@');
  await field.evaluate((input) => ((window as unknown as { typedInto: Element }).typedInto = input));
  release();
  await expect.poll(() => hydrated(page)).toBe(true);
  // Chromium offers passkey autofill, so the button goes last once the client knows it.
  await expect.poll(async () => (await parts()).at(-1)).toBe('passkey');
  expect(await field.evaluate((input) => input === (window as unknown as { typedInto: Element }).typedInto)).toBe(true);
  await expect(field).toHaveValue('someone@');
  expect(await page.evaluate(() => (window as unknown as { reported: string[] }).reported.filter((r) => r.endsWith('Error')))).toEqual([]);
});
