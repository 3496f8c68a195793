import { expect, test } from '@playwright/test';

test('the demo page renders the login widget from the provider-backed build', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(process.env.E2E_DEMO_URL!);
  await expect(page.locator('stytch-ui').getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the provider answers bootstrap to the demo origin across origins', async ({ page }) => {
  await page.goto(process.env.E2E_DEMO_URL!);
  const result = await page.evaluate(
    async ([url, token]) => {
      const res = await fetch(`${url}/sdk/v1/projects/bootstrap/${token}`, { credentials: 'include' });
      return { status: res.status, body: await res.json() };
    },
    [process.env.E2E_PROVIDER_URL!, process.env.E2E_PUBLIC_TOKEN!] as const,
  );
  expect(result.status).toBe(200);
  expect(result.body.data.vertical).toBe('CONSUMER');
});
