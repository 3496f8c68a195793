import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

/**
 * The page's uncaught errors and console errors, from now on (issue 52: React's "Attempted to
 * synchronously unmount a root while React was already rendering" on every sign-in).
 */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

/**
 * Opens the host app at demo/hosts/`host`, which starts signed out, and signs in there by an email
 * passcode as `email`; the page's errors are collected from the start.
 */
async function signInOnHost(page: Page, host: string, name: string) {
  const errors = errorsOf(page);
  const email = uniqueEmail(name);
  await page.goto(`${process.env.E2E_DEMO_URL}/hosts/${host}/`);
  await enterCode(page, email);
  return { errors, email, w: widget(page) };
}

/** On a host page showing the login: an email passcode sign-in as `email`, the code typed. */
async function enterCode(page: Page, email: string) {
  const w = widget(page);
  await expect(page.locator('#host-status')).toHaveText('Not signed in');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  const message = await latestMessage(email);
  await w.getByLabel('One-time passcode').fill(message.code!);
}

// Each host app mounts the widget with its own framework's bindings, receives its events in its
// own handler, and renders who is signed in from the client's state, as a real host would.
for (const host of ['vue', 'angular', 'react'] as const) {
  test(`${host} host: an email OTP sign-in reaches the host's handler; the host shows the client's user across a reload and a sign-out`, async ({ page }) => {
    const { errors, email, w } = await signInOnHost(page, host, `host-${host}`);
    await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`, { timeout: 15_000 });
    // Signed in, the host shows no login (issue 52: after a reload it sat beside "Signed in as …").
    await expect(w).toHaveCount(0);
    // The sign-in's events reached the host's handler, each once (AUTHENTICATE_FLOW_COMPLETE came twice).
    const events = await page.locator('#host-events li').allTextContents();
    expect(events.slice(0, 2)).toEqual(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE']);
    expect(new Set(events).size).toBe(events.length);
    // The host reads the session from the client at start: a reload keeps it, with no login beside it…
    await page.reload();
    await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
    await expect(w).toHaveCount(0);
    // …and follows its changes: signing out is seen at once (the login back), and after a reload too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.locator('#host-status')).toHaveText('Not signed in');
    await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await page.reload();
    await expect(page.locator('#host-status')).toHaveText('Not signed in');
    expect(errors).toEqual([]);
  });
}

test('react host: bundles the react-external build and exactly one React, its own', () => {
  const meta = JSON.parse(readFileSync(new URL('../../hosts/dist/meta-react.json', import.meta.url), 'utf8')) as { inputs: Record<string, unknown> };
  const inputs = Object.keys(meta.inputs);
  expect(inputs).toContain('dist/stytch-ui.react-external.js');
  // The widget arrives as the built file, not recompiled from source.
  expect(inputs.filter((i) => i.startsWith('elements/') || i.startsWith('screens/'))).toEqual([]);
  const reactRoots = new Set(inputs.map((i) => i.match(/^(.*node_modules\/react(?:-dom)?)\//)?.[1]).filter(Boolean));
  expect([...reactRoots].sort()).toEqual(['node_modules/react', 'node_modules/react-dom']);
});

// An app written for the official React SDK (hosts/react-sdk/main.tsx, type-checked against the
// official package's types), built with its '@stytch/react' import swapped for stytch-ui/react.
test('react SDK app: with only its import swapped, the official provider, login, user hooks and sign-out work against our provider, across a reload and another tab', async ({ page }) => {
  const { errors, email } = await signInOnHost(page, 'react-sdk', 'react-sdk');
  // useStytchUser re-renders the app: the login goes, the user and session show.
  await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`, { timeout: 15_000 });
  await expect(page.locator('#host-session')).toHaveText('Session active');
  await expect(page.locator('stytch-ui')).toHaveCount(0);
  await expect(page.locator('#host-events li')).toContainText(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE']);
  // A reload keeps the session (the hooks read the stored one at the first render).
  await page.reload();
  await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
  // Another tab of the app shows the same user, and its sign-out reaches this tab's hooks.
  const other = await page.context().newPage();
  await other.goto(`${process.env.E2E_DEMO_URL}/hosts/react-sdk/`);
  await expect(other.locator('#host-status')).toHaveText(`Signed in as ${email}`);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other.locator('#host-status')).toHaveText('Not signed in');
  await expect(page.locator('#host-status')).toHaveText('Not signed in');
  await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
  // A sign-in in the other tab reaches this one: its login goes (the unmount the hooks' render makes).
  const otherErrors = errorsOf(other);
  await enterCode(other, email);
  await expect(other.locator('#host-status')).toHaveText(`Signed in as ${email}`, { timeout: 15_000 });
  await expect(page.locator('#host-status')).toHaveText(`Signed in as ${email}`);
  await expect(page.locator('stytch-ui')).toHaveCount(0);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('#host-status')).toHaveText('Not signed in');
  expect(otherErrors).toEqual([]);
  await other.close();
  await page.reload();
  await expect(page.locator('#host-status')).toHaveText('Not signed in');
  expect(errors).toEqual([]);
});

test('react SDK app: its source imports the official package and nothing of ours; the build swapped it for stytch-ui/react', () => {
  const source = readFileSync(new URL('../../hosts/react-sdk/main.tsx', import.meta.url), 'utf8');
  const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]).sort();
  expect(imports).toEqual(['../shared/env.ts', '@stytch/react', 'react', 'react-dom/client']);
  const meta = JSON.parse(readFileSync(new URL('../../hosts/dist/meta-reactSdk.json', import.meta.url), 'utf8')) as { inputs: Record<string, unknown> };
  const inputs = Object.keys(meta.inputs);
  expect(inputs).toEqual(expect.arrayContaining(['dist/react.js', 'dist/stytch-ui.react-external.js', 'dist/client.js']));
  expect(inputs.filter((i) => i.includes('@stytch'))).toEqual([]);
  const reactRoots = new Set(inputs.map((i) => i.match(/^(.*node_modules\/react(?:-dom)?)\//)?.[1]).filter(Boolean));
  expect([...reactRoots].sort()).toEqual(['node_modules/react', 'node_modules/react-dom']);
});
