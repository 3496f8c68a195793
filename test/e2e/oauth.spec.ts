import { expect, test } from '@playwright/test';
import { demoUrl, uniqueEmail, widget } from './screens-helpers.ts';
import { axe } from './axe.ts';

test("OAuth through the provider's consent page lands signed in, by keyboard, with PKCE", async ({ page }) => {
  const email = uniqueEmail('oauth');
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }] } }));
  await widget(page).getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with GitHub' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).origin).toBe(process.env.E2E_PROVIDER_URL);
  await expect(page.getByText('simulating GitHub')).toBeVisible();
  expect(await axe(page, 'document')).toEqual([]);
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

test("a refused OAuth sign-in that comes back to the widget's own page: the widget's words under its buttons, the provider's to the host's onError, the address bar cleaned", async ({ page }) => {
  const config = { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }], loginRedirectURL: demoUrl(), signupRedirectURL: demoUrl() } };
  // The allow-list holds the page's bare URL; the site's page shows the same widget when it comes
  // back (the consent page's answer gets the page's config; a redirect's later hops are not routed).
  await page.route('**/v1/public/oauth/google/consent', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const res = await route.fetch({ maxRedirects: 0 });
    const location = `${res.headers()['location']}&config=${encodeURIComponent(JSON.stringify(config))}`;
    await route.fulfill({ response: res, headers: { ...res.headers(), location } });
  });
  await page.goto(demoUrl(config));
  await widget(page).getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget(page).locator('[part="oauth"]').getByRole('alert')).toHaveText('The sign-in could not be completed. Please try again.', { timeout: 15_000 });
  expect(new URL(page.url()).searchParams.get('error')).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { demoErrors: string[] }).demoErrors)).toEqual(['OAuth sign-in refused: access_denied: The user cancelled the sign-in.']);
  expect(await axe(page, 'stytch-ui')).toEqual([]);
  // A press tries again, and the words go.
  await widget(page).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible({ timeout: 15_000 });
  expect((await page.context().cookies()).some((c) => c.name === 'stytch_session')).toBe(false);
});

test("a redirect URL off the allow-list gets the provider's error page, not a redirect", async ({ page }) => {
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }], loginRedirectURL: 'https://evil.example/steal' } }));
  await widget(page).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in could not continue' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('invalid_redirect_url', { exact: true })).toBeVisible();
  expect(await axe(page, 'document')).toEqual([]);
});

test('Google One Tap offline fails cleanly through the clientside-services page and leaves the Google button', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  const google: string[] = [];
  page.on('request', (r) => r.url().includes('accounts.google.com') && google.push(r.url()));
  await page.goto(demoUrl({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'forceLegacyEmbedded' }, { type: 'github' }] } }));
  const w = widget(page);
  await expect(w.getByRole('button', { name: 'Continue with Google' })).toBeVisible({ timeout: 15_000 });
  await expect(w.locator('[part="one-tap"]')).toHaveCount(0);
  // unknown_reason has no developer message: it is only logged.
  await expect(w.locator('[part~="one-tap-error"]')).toHaveCount(0);
  await expect.poll(() => logged.some((t) => t.includes('One Tap could not load'))).toBe(true);
  expect(google).toEqual([]);
  // The fallback button is the real one: it starts the OAuth redirect.
  await w.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible({ timeout: 15_000 });
});

test('the clientside-services page answers One Tap and example numbers only to the authorized origin', async ({ page }) => {
  await page.goto(demoUrl({ products: ['emailMagicLinks'] }));
  const answers = await page.evaluate(
    async ([providerUrl, token]) => {
      const { createClient } = (await import('/dist/client.js' as string)) as typeof import('../../client/index.ts');
      const client = createClient(token!, { baseUrl: providerUrl });
      const start = await client.oneTap.start().then(
        () => 'resolved',
        (e: { name: string; error_type: string }) => `${e.name} ${e.error_type}`,
      );
      const example = await client.phone.example('GB');
      const bad = await client.phone.example('ZZ').then(
        () => 'resolved',
        (e: { error_type: string }) => e.error_type,
      );
      client.dispose();
      return { start, example, bad };
    },
    [process.env.E2E_PROVIDER_URL!, process.env.E2E_PUBLIC_TOKEN!],
  );
  expect(answers).toEqual({ start: 'StytchAPIError unknown_reason', example: { phoneNumber: '07400 123456' }, bad: 'invalid_region_code' });
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/clientside-services/index.html`);
  expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${new URL(process.env.E2E_DEMO_URL!).origin}`);
});
