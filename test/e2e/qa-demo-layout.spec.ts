import { expect, test } from '@playwright/test';

const site = (path: string) => `${process.env.E2E_DEMO_URL}/${path}`;

// Phones: 320px (the smallest common) and 375px. The regression: the one-column layout's `1fr`
// grew to the widget's 400px and long `<code>`, the preset select and raw error text did the
// same, so every demo page scrolled sideways on a phone.
const pages = [
  'index.html',
  'index.html?theme=dark',
  'playground.html',
  'products.html?set=all',
  'products.html?set=phone-otp',
  'products.html?set=passwords',
  'themed.html',
  'shadow.html',
  'csp.html',
  'passkeys.html',
  'plain.html',
  'profile.html',
  'reset-password.html',
  'authenticate.html',
  'headless.html',
  'hosts/react/',
  'hosts/react-sdk/',
  'hosts/vue/',
  'hosts/angular/',
];

// Each page is loaded once, at the narrower width, and measured again at the other: the layout
// is the style sheets' at either width, and loading every page twice was 22 s of one worker.
test('no demo page scrolls sideways at 320px or at 375px', async ({ page }) => {
  test.setTimeout(90_000);
  const wide: string[] = [];
  for (const path of pages) {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(site(path));
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('stytch-ui, stytch-passkey-registration')].every((el) => el.closest('[hidden]') || (el.shadowRoot ?? el).querySelector('[part~="container"]')),
    );
    await page.waitForLoadState('networkidle');
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      if (scroll > client) wide.push(`${path} at ${width}px: ${scroll}px`);
    }
  }
  expect(wide).toEqual([]);
});

test('profile page signed out says so, without a raw API error from the passkey element', async ({ page }) => {
  await page.goto(site('profile.html'));
  await expect(page.getByText('Not signed in.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status')).toHaveText('');
  await expect(page.getByText(/unauthorized_credentials/)).toHaveCount(0);
});

test('a long email address on "Enter passcode" wraps inside the widget at 320px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const email = `firstname.lastname${Date.now()}@examplecompany.com`;
  await page.goto(`${site('index.html')}?config=${encodeURIComponent(JSON.stringify({ products: ['otp'], otpOptions: { methods: ['email'] } }))}`);
  const w = page.locator('stytch-ui');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible({ timeout: 15_000 });
  const box = await w.locator('[part~="container"]').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
