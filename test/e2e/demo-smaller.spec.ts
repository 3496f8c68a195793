import { expect, test, type Page } from '@playwright/test';
import { startDemo } from '../../demo/server.ts';
import { uniqueEmail } from './screens-helpers.ts';

// Issue 52, item 8: what a new user trips over on the demo pages, each as the visitor sees it.

const demo = () => process.env.E2E_DEMO_URL!;

/** WCAG's contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const s = Number(v) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const colours = (page: Page, selector: string) => page.locator(selector).evaluate((el) => ({ fg: getComputedStyle(el).color, bg: getComputedStyle(el).backgroundColor }));

test('a dark product page: its configuration box is readable (it was near-white text on white)', async ({ page }) => {
  await page.goto(`${demo()}/products.html?set=all&theme=dark`);
  await expect(page.locator('#config')).toContainText('"products"');
  const { fg, bg } = await colours(page, '#config');
  expect(contrast(fg, bg)).toBeGreaterThanOrEqual(7);
});

test('playground on a phone: each menu stays beside its label, and the page cites only what exists', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${demo()}/playground.html`);
  for (const name of ['Start from', 'Language']) {
    const id = name === 'Language' ? 'locale' : 'preset';
    const label = await page.locator(`label[for="${id}"]`).boundingBox();
    const menu = await page.locator(`#${id}`).boundingBox();
    // On one line: the menu's box spans the label's middle.
    expect(menu!.y).toBeLessThan(label!.y + label!.height / 2);
    expect(menu!.y + menu!.height).toBeGreaterThan(label!.y + label!.height / 2);
  }
  // …and the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator('body')).not.toContainText('SPEC');
});

test('home page: the Next.js host is linked where npm start serves it (NEXT_PORT), not at a port written in', async ({ page }) => {
  const site = await startDemo({ port: 0, providerUrl: process.env.E2E_PROVIDER_URL!, publicToken: process.env.E2E_PUBLIC_TOKEN!, nextHostUrl: 'http://localhost:6175' });
  try {
    await page.goto(`${site.url}/`);
    await expect(page.getByRole('link', { name: 'Next.js host' })).toHaveAttribute('href', 'http://localhost:6175');
    await expect(page.locator('#next-host')).not.toContainText('5175');
  } finally {
    await site.close();
  }
});

test('outbox page: styled like the demo pages, light and dark, its messages as cards', async ({ page }) => {
  // A message in it, sent through the server API.
  const sent = await fetch(`${process.env.E2E_PROVIDER_URL}/v1/otps/email/login_or_create`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${process.env.E2E_PROJECT_ID}:${process.env.E2E_PROJECT_SECRET}`).toString('base64')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('outbox-look') }),
  });
  expect(sent.status).toBe(200);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(`${process.env.E2E_PROVIDER_URL}/dev/outbox`);
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).toContain('system-ui');
    const { fg, bg } = await colours(page, 'body');
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(7);
    expect(bg).toBe(colorScheme === 'dark' ? 'rgb(11, 19, 23)' : 'rgb(246, 247, 249)');
    expect(
      await page
        .locator('li')
        .first()
        .evaluate((li) => getComputedStyle(li).borderTopStyle),
    ).toBe('solid');
  }
});
