import { expect, test } from '@playwright/test';

test('the themed page applies host variables, parts, the styles prop and the dark preset', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${process.env.E2E_DEMO_URL}/themed.html`);
  const container = (sel: string) => page.locator(`${sel} stytch-ui [part~="container"]`);
  await expect(container('#a')).toHaveCSS('width', '340px');
  await expect(page.locator('#a stytch-ui [part~="header"]')).toHaveCSS('text-transform', 'uppercase');
  await expect(container('#b')).toHaveCSS('background-color', 'rgb(243, 251, 244)');
  await expect(container('#c')).toHaveCSS('background-color', 'rgb(16, 27, 33)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(container('#c')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.locator('figure:last-child stytch-ui').getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  expect(errors).toEqual([]);
});
