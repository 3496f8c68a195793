import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, query = '') {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${process.env.E2E_DEMO_URL}/csp.html${query}`);
  expect(response?.headers()['content-security-policy']).toMatch(/^style-src 'nonce-[^']+'; script-src 'nonce-[^']+'; object-src 'none'; base-uri 'none'$/);
  await expect(page.locator('body[data-mounted="true"]')).toHaveCount(1);
  for (const id of ['#shadow', '#light']) {
    await expect(page.locator(`${id} stytch-ui`).getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  }
  return errors;
}

const containerWidth = (page: Page, id: string) => page.locator(`${id} stytch-ui [part~="container"]`).evaluate((el) => getComputedStyle(el).width);

test('both DOM modes render styled under a strict CSP with no violations', async ({ page }) => {
  const errors = await open(page);
  expect(await containerWidth(page, '#shadow')).toBe('400px');
  expect(await containerWidth(page, '#light')).toBe('400px');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});

test('without the nonce the same page reports violations (the check can fail)', async ({ page }) => {
  await open(page, '?nonce=off');
  await expect.poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations.length)).toBeGreaterThan(0);
  expect(await containerWidth(page, '#shadow')).not.toBe('400px');
});
