import { expect, test } from '@playwright/test';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';

const site = (path: string) => `${process.env.E2E_DEMO_URL}/${path}`;

// Regression: the return page kept ?token= in the URL after redeeming it, so a reload (or the
// back button) retried the spent token and turned "Signed in" into "Sign-in failed".
test('magic link return page drops the spent token from the URL, and a reload does not say sign-in failed', async ({ page }) => {
  await page.goto(site('products.html?set=magic-links'));
  const w = page.locator('stytch-ui');
  const email = uniqueEmail('qa-return');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 15_000 });
  const link = (await latestMessage(email)).link!;
  await page.goto(link);
  await expect(page.locator('#title')).toHaveText('Signed in');
  await expect(page.locator('#detail')).toHaveText(`Signed in as ${email}`);
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  await page.reload();
  await expect(page.locator('#title')).toHaveText('Signed in');
  await expect(page.locator('#detail')).toHaveText(`Signed in as ${email}`);
});

// Regression: these configs passed the playground's checks and mounted a widget with nothing
// but its title, so the user could not tell what was wrong.
test('playground: a product with nothing to show, and an unknown OAuth provider, are listed as errors', async ({ page }) => {
  await page.goto(site('playground.html'));
  const editor = page.getByLabel('Configuration (JSON)');
  await editor.fill(JSON.stringify({ products: ['otp', 'oauth'], oauthOptions: { providers: [{ type: 'myspace' }] } }));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
    'Unknown OAuth provider "myspace"; the providers are google, microsoft, apple, github, gitlab, facebook, discord, salesforce, slack, amazon, bitbucket, linkedin, coinbase, twitch, twitter, tiktok, snapchat, figma, yahoo.',
    'The "otp" product needs "otpOptions.methods", e.g. ["email"]; without it no passcode form is shown.',
  ]);
  await editor.fill(JSON.stringify({ products: ['oauth'], oauthOptions: { providers: [] } }));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['The "oauth" product needs "oauthOptions.providers", e.g. [{"type": "google"}]; without it no sign-in button is shown.']);
  await editor.fill(JSON.stringify({ products: ['otp'], otpOptions: { methods: ['email'] } }));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveCount(0);
});
