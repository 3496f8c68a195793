import { expect, test, type Page, type Route } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startNextHost, type NextHost } from '../../scripts/lib/next-host.ts';
import { hydrated, latestMessage, uniqueEmail } from './screens-helpers.ts';

// The Next.js (App Router) host (hosts/next), as `npm test` built it and `next start` serves it:
// the login page arrives with the widget's first screen in its HTML (stytch-ui/react on the
// server), what is typed before the scripts run stays, and the protected page's server
// component checks the session with the official Node SDK against our provider.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let server: NextHost | undefined;
let base = '';

/** The host on the suite's Next port, its environment the suite's with `changed` over it. */
function startHost(changed: Record<string, string | undefined> = {}) {
  return startNextHost({
    port: Number(process.env.E2E_NEXT_PORT),
    env: {
      STYTCH_PUBLIC_TOKEN: process.env.E2E_PUBLIC_TOKEN,
      STYTCH_PROVIDER_URL: process.env.E2E_PROVIDER_URL,
      STYTCH_PROJECT_ID: process.env.E2E_PROJECT_ID,
      STYTCH_SECRET: process.env.E2E_PROJECT_SECRET,
      STYTCH_API_URL: process.env.E2E_PROVIDER_HTTPS_URL,
      // The server's SDK trusts the tests' self-signed certificate of the provider's front door.
      NODE_EXTRA_CA_CERTS: `${ROOT}test/fixtures/tls/localhost-cert.pem`,
      ...changed,
    },
    timeoutMs: 80_000,
  });
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startHost();
  base = server.url;
});
test.afterAll(async () => {
  await server?.close();
});

/** Holds the app's scripts until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  await page.route('**/_next/static/**/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("next host: the login page's HTML holds the widget's first screen", async () => {
  const html = await (await fetch(`${base}/`)).text();
  expect(html).toMatch(/<stytch-ui config="[^"]*" data-stytch-scope="[a-z0-9]+"><div hidden><style>/);
  for (const text of ['>Sign up or log in</h1>', '>Continue with email</button>', 'data-stytch-ssr=']) expect(html).toContain(text);
  // With `enableShadowDOM`, the same screen in a declarative shadow root.
  const shadow = await (await fetch(`${base}/?shadow`)).text();
  expect(shadow).toMatch(/<stytch-ui config="[^"]*"><template shadowrootmode="open"><div hidden><style>:host\{/);
  expect(shadow).toContain('>Continue with email</button>');
});

for (const shadow of [false, true])
  test(`next host${shadow ? ', declarative shadow root' : ''}: typed before hydration stays; OTP sign-in; the protected page checks the session on the server; sign-out`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Warnings too: a client made per page would warn that several share one public token.
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    // Signed out, the protected page sends the visitor to the login.
    await page.goto(`${base}/profile`);
    await expect(page).toHaveURL(`${base}/`);
    const release = await holdScripts(page);
    await page.goto(`${base}/${shadow ? '?shadow' : ''}`, { waitUntil: 'commit' });
    const w = page.locator('stytch-ui');
    const email = uniqueEmail(shadow ? 'next-shadow' : 'next');
    const field = w.getByRole('textbox', { name: 'Email' });
    await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await field.fill(email);
    // Before the scripts, the browser's parser has made the declarative shadow root the element's.
    expect(await w.evaluate((el) => el.shadowRoot !== null)).toBe(shadow);
    release();
    // Hydrated: React's props are on the adopted input, which kept what was typed.
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect(field).toHaveValue(email);
    await w.getByRole('button', { name: 'Continue with email' }).click();
    await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
    await w.getByLabel('One-time passcode').fill((await latestMessage(email)).code!);
    // The session hook moves the app to the profile, which the server renders only for a live session.
    await expect(page).toHaveURL(`${base}/profile`, { timeout: 15_000 });
    await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
    // The reloaded page's client checks its session as it starts; that check is held until the
    // sign-out has been pressed, so the two meet: the revoke waits for it, never overtaking it
    // (overtaken, the check fails with a 404 in the console, and its answer could bring the
    // session back).
    // Nothing of this page still on the wire first: only the reloaded page's check is to be held.
    await page.waitForLoadState('networkidle');
    const wire: string[] = [];
    let releaseCheck!: () => void;
    const checkHeld = new Promise<void>((ok) => (releaseCheck = ok));
    const checkSent = new Promise<void>((sent) =>
      page.route('**/sdk/v1/sessions/authenticate', async (route) => {
        sent();
        await checkHeld;
        await route.continue();
      }),
    );
    page.on('request', (r) => r.url().endsWith('/sessions/revoke') && wire.push('revoke sent'));
    page.on('response', (r) => r.url().endsWith('/sessions/authenticate') && wire.push(`check answered ${r.status()}`));
    await page.reload();
    await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
    await checkSent;
    const signOut = page.getByRole('button', { name: 'Sign out' });
    // Hydrated: React's props are on the button, so the press reaches its handler.
    await expect.poll(() => signOut.evaluate((b) => Object.keys(b).some((k) => k.startsWith('__reactProps')))).toBe(true);
    await signOut.click();
    // Long enough for a revoke sent beside the check to be seen, and well inside the 3 s a
    // sign-out waits for a check before it goes anyway (REVOKE_WAITS_FOR_CHECK_MS).
    await page.waitForRequest('**/sessions/revoke', { timeout: 500 }).catch(() => undefined);
    releaseCheck();
    await expect(page).toHaveURL(`${base}/`);
    expect(wire).toEqual(['check answered 200', 'revoke sent']);
    await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
    // The revoked session no longer opens the protected page.
    await page.goto(`${base}/profile`);
    await expect(page).toHaveURL(`${base}/`);
    expect(errors).toEqual([]);
  });

test("next host: a press on the first screen after the page's scripts ran but before the widget's code came is sent once the widget has hydrated", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Only the widget's own code is held (the chunk that carries its React root); Next's runs.
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  await page.route('**/_next/static/**/*.js', async (route: Route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (body.includes('stytch-widget-root')) await released;
    await route.fulfill({ response: res, body });
  });
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  const w = page.locator('stytch-ui');
  const email = uniqueEmail('next-early');
  // The page's React has hydrated and given the element its client (an own property until the element's code upgrades it).
  // Every script passes through the route above, so on a busy machine that takes longer than the poll's default 5 s.
  await expect.poll(() => w.evaluate((el) => Object.hasOwn(el, 'client') && !customElements.get('stytch-ui')), { timeout: 15_000 }).toBe(true);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  // Nothing can answer the press yet: Main stays, the page stays.
  await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  expect(await hydrated(page)).toBe(false);
  release();
  // Hydrated, the widget sends what was pressed, with what was typed.
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await expect(w.getByText(email)).toBeVisible();
  expect((await latestMessage(email)).code).toMatch(/^\d{6}$/);
  expect(errors).toEqual([]);
});

test("next host: /official, the other side of bench:render's Next.js row, renders the official UI in the browser only, against our provider", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  const html = await (await fetch(`${base}/official`)).text();
  expect(html).toContain('Next.js host, the official UI');
  expect(html).not.toContain('Continue with email');
  await page.goto(`${base}/official`);
  const official = page.locator('stytch-official-ui');
  await expect(official.getByRole('button', { name: 'Continue with email' })).toBeVisible({ timeout: 20_000 });
  await expect(official.locator('input[type=email]')).toBeVisible();
  expect(errors).toEqual([]);
});

// Issue 52: a server check that failed for the server's own setup redirected to the login, whose
// client (still signed in) sent the browser straight back: 107 navigations in 10 s, the login
// form on screen, nothing in the terminal.
for (const [setup, changed, said] of [
  ['a wrong secret', { STYTCH_SECRET: 'secret-test-not-the-projects' }, /unauthorized_credentials.*STYTCH_SECRET/],
  ['a certificate it does not trust', { NODE_EXTRA_CA_CERTS: undefined }, /self-signed certificate.*NODE_EXTRA_CA_CERTS/],
] as const)
  test(`next host started with ${setup}: the protected page says why the session check failed, on the page and in the terminal, and stays`, async ({ page, context }) => {
    test.setTimeout(180_000);
    // A signed-in browser: the session's cookies, as the client keeps them, on the host's site.
    const res = await fetch(`${process.env.E2E_PROVIDER_URL}/v1/passwords`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${process.env.E2E_PROJECT_ID}:${process.env.E2E_PROJECT_SECRET}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('next-setup'), password: 'fjord quokka wharf jumps', session_duration_minutes: 60 }),
    });
    expect(res.status).toBe(200);
    const { session_token, session_jwt } = (await res.json()) as { session_token: string; session_jwt: string };
    await context.addCookies([
      { name: 'stytch_session', value: session_token, domain: 'localhost', path: '/' },
      { name: 'stytch_session_jwt', value: session_jwt, domain: 'localhost', path: '/' },
    ]);
    await server!.close();
    server = await startHost(changed);
    try {
      let terminal = '';
      server.process.stderr!.on('data', (d: Buffer) => (terminal += d));
      const navigations: string[] = [];
      page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
      await page.goto(`${base}/profile`);
      const alert = page.getByRole('alert').filter({ hasText: 'This server could not check the session' });
      await expect(alert).toContainText(said);
      await expect.poll(() => terminal).toMatch(said);
      // The login's client, signed in, would move the browser back here at once: nothing has moved.
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(`${base}/profile`);
      // (Next's router records the page in the history once it has hydrated: a second entry, same URL.)
      expect(navigations.filter((url) => url !== `${base}/profile`)).toEqual([]);
      await expect(page.locator('stytch-ui')).toHaveCount(0);
    } finally {
      await server.close();
      server = await startHost();
    }
  });
