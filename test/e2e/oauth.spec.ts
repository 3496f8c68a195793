import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { demoUrl, uniqueEmail, widget } from './screens-helpers.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe over the whole page; injected through the debugger, since the provider's pages allow no foreign script. */
async function axePage(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

test('OAuth through the provider\'s consent page lands signed in, by keyboard, with PKCE', async ({ page }) => {
  const email = uniqueEmail('oauth');
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }] } }));
  await widget(page).getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with GitHub' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).origin).toBe(process.env.E2E_PROVIDER_URL);
  await expect(page.getByText('simulating GitHub')).toBeVisible();
  expect(await axePage(page)).toEqual([]);
  const start = new URL(page.url());
  expect(start.pathname).toBe('/v1/public/oauth/github/consent');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveText(`Signed in as ${email} with github`);
  // The single-use token is gone from the address bar once redeemed.
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  expect((await page.context().cookies()).some((c) => c.name === 'stytch_session')).toBe(true);
  // The verifier was consumed; the same browser signing in again goes through the known-account button.
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }] } }));
  await widget(page).getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.getByRole('button', { name: `Continue as Grace Hopper (${email})` }).click();
  await expect(page.getByRole('status')).toHaveText(`Signed in as ${email} with github`, { timeout: 15_000 });
});

test('cancelling on the consent page comes back without a session', async ({ page }) => {
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }));
  await widget(page).getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveText('The user cancelled the sign-in.');
  expect((await page.context().cookies()).some((c) => c.name === 'stytch_session')).toBe(false);
});

test('a redirect URL off the allow-list gets the provider\'s error page, not a redirect', async ({ page }) => {
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }], loginRedirectURL: 'https://evil.example/steal' } }));
  await widget(page).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in could not continue' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('invalid_redirect_url', { exact: true })).toBeVisible();
  expect(await axePage(page)).toEqual([]);
});
