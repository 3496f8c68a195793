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
