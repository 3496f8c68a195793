import { expect, test, type Page, type Route } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';

// The Next.js (App Router) host (hosts/next), as `npm test` built it and `next start` serves it:
// the login page arrives with the widget's first screen in its HTML (stytch-ui/react on the
// server), what is typed before the scripts run stays, and the protected page's server
// component checks the session with the official Node SDK against our provider.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let server: ChildProcess | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (!existsSync(`${ROOT}hosts/next/.next/BUILD_ID`)) throw new Error('hosts/next is not built: `npm test` builds it (scripts/test.mjs), or `npm run build:next`.');
  const port = process.env.E2E_NEXT_PORT!;
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', 'hosts/next', '-p', port, '-H', 'localhost'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      STYTCH_PUBLIC_TOKEN: process.env.E2E_PUBLIC_TOKEN,
      STYTCH_PROVIDER_URL: process.env.E2E_PROVIDER_URL,
      STYTCH_PROJECT_ID: process.env.E2E_PROJECT_ID,
      STYTCH_SECRET: process.env.E2E_PROJECT_SECRET,
      STYTCH_API_URL: process.env.E2E_PROVIDER_HTTPS_URL,
      // The server's SDK trusts the tests' self-signed certificate of the provider's front door.
      NODE_EXTRA_CA_CERTS: `${ROOT}test/fixtures/tls/localhost-cert.pem`,
    },
  });
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d));
  server.stderr!.on('data', (d: Buffer) => (output += d));
  await new Promise<void>((ready, fail) => {
    server!.once('exit', (code) => fail(new Error(`next start exited (${code}):\n${output}`)));
    const check = () => (/Ready in/.test(output) ? ready() : setTimeout(check, 100));
    check();
  });
});
test.afterAll(() => {
  server?.kill();
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
});

test('next host: typed before hydration stays; OTP sign-in; the protected page checks the session on the server; sign-out', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  // Signed out, the protected page sends the visitor to the login.
  await page.goto(`${base}/profile`);
  await expect(page).toHaveURL(`${base}/`);
  const release = await holdScripts(page);
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  const w = page.locator('stytch-ui');
  const email = uniqueEmail('next');
  const field = w.getByRole('textbox', { name: 'Email' });
  await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await field.fill(email);
  release();
  // Hydrated: React's props are on the adopted input, which kept what was typed.
  await expect.poll(() => field.evaluate((input) => Object.keys(input).some((k) => k.startsWith('__reactProps')))).toBe(true);
  await expect(field).toHaveValue(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill((await latestMessage(email)).code!);
  // The session hook moves the app to the profile, which the server renders only for a live session.
  await expect(page).toHaveURL(`${base}/profile`, { timeout: 15_000 });
  await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
  await page.reload();
  await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
  // The revoked session no longer opens the protected page.
  await page.goto(`${base}/profile`);
  await expect(page).toHaveURL(`${base}/`);
  expect(errors).toEqual([]);
});
