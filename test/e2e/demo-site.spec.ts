import { expect, test } from '@playwright/test';
import { demoUrl, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';
import { axe } from './axe.ts';

const site = (path: string) => `${process.env.E2E_DEMO_URL}/${path}`;
const playground = (config: object) => site(`playground.html?config=${encodeURIComponent(JSON.stringify(config))}`);

test('home page: every link resolves (no 404), the outbox and the host apps included', async ({ page, request }) => {
  await page.goto(site(''));
  await expect(page.locator('#sets a').first()).toBeVisible();
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const unique = [...new Set(hrefs.map((h) => h.split('#')[0]!))];
  expect(unique.length).toBeGreaterThan(20);
  expect(unique).toContain(`${process.env.E2E_PROVIDER_URL}/dev/outbox`);
  const failures: string[] = [];
  for (const href of unique) {
    const res = await request.get(href);
    if (res.status() !== 200) failures.push(`${res.status()} ${href}`);
  }
  expect(failures).toEqual([]);
});

test('home page: a ?config= that is not a JSON object is refused in words, and the default widget shows', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [value, words] of [
    ['otp-email', '?config= is not valid JSON'],
    ['["otp"]', '?config= must be a JSON object'],
  ] as const) {
    await page.goto(site(`?config=${encodeURIComponent(value)}`));
    await expect(page.getByRole('alert')).toContainText(words);
    await expect(page.getByRole('alert')).toContainText('the widget shows the default configuration');
    await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
  }
  await page.goto(site(`?config=${encodeURIComponent('{"products":["otp"],"otpOptions":{"methods":["email"]}}')}`));
  await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(widget(page).getByRole('tab')).toHaveCount(0);
  await expect(page.locator('#config-error')).toBeHidden();
  expect(errors).toEqual([]);
});

test('playground: Apply puts the edited config in the URL, and that URL opens the same widget', async ({ page }) => {
  await page.goto(playground({ products: ['otp'], otpOptions: { methods: ['sms'] } }));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  const edited = { products: ['emailMagicLinks'], emailMagicLinksOptions: { loginExpirationMinutes: 15 } };
  await page.getByLabel('Configuration (JSON)').fill(JSON.stringify(edited));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(w.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
  const shared = page.url();
  expect(JSON.parse(new URL(shared).searchParams.get('config')!)).toEqual(edited);
  await expect(page.getByRole('link', { name: 'Link to this configuration' })).toHaveAttribute('href', shared);

  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(widget(other).getByRole('textbox', { name: 'Email' })).toBeVisible();
  expect(JSON.parse(await other.getByLabel('Configuration (JSON)').inputValue())).toEqual(edited);
});

test('playground: an invalid config is listed as errors and neither mounted nor put in the URL', async ({ page }) => {
  const start = { products: ['otp'], otpOptions: { methods: ['sms'] } };
  await page.goto(playground(start));
  const before = page.url();
  const editor = page.getByLabel('Configuration (JSON)');
  await editor.fill('{"products": ["fax"], "otpOptions": {"methods": ["pigeon"]}, "colour": 1}');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
    'Unknown option "colour"; the options are products, oauthOptions, otpOptions, emailMagicLinksOptions, passwordOptions, sessionOptions, enableShadowDOM, locale.',
    'Unknown product "fax"; the products are oauth, crypto, emailMagicLinks, otp, passwords, passkeys.',
    'Unknown OTP method "pigeon"; the methods are sms, whatsapp, email.',
  ]);
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await editor.fill('{"products": [');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('Not valid JSON');
  expect(page.url()).toBe(before);
  await expect(widget(page).getByRole('textbox', { name: 'Phone number' })).toBeVisible();
});

test('playground: a config the widget refuses shows the widget’s own error', async ({ page }) => {
  await page.goto(playground({ products: ['passkeys'] }));
  await expect(widget(page).getByText('Error: Cannot use Passkeys by itself, please add another product to the config.')).toBeVisible();
});

test('light DOM: provider icons keep their brand colour (regression: the light-DOM reset reverted SVG fills)', async ({ page }) => {
  await page.goto(playground({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] }, enableShadowDOM: false }));
  // The Google mark is one path filled with Google blue (a presentation attribute).
  const mark = widget(page).locator('[part="provider-icon"] path');
  await expect(mark).toHaveCSS('fill', 'rgb(66, 133, 244)');
});

test('plain HTML page: the script-tag build alone mounts the widget and signs in', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site('plain.html'));
  const w = widget(page);
  const email = uniqueEmail('plain');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill((await latestMessage(email)).code!);
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('profile page: shows the signed-in user and session, and signs out', async ({ page }) => {
  await page.goto(site('profile.html'));
  await expect(page.getByText('Not signed in.')).toBeVisible();
  const email = uniqueEmail('profile');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill((await latestMessage(email)).code!);
  await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE', { timeout: 15_000 });

  await page.goto(site('profile.html'));
  await expect(page.locator('#user')).toContainText(email);
  await expect(page.locator('#session')).toContainText(/Session ID\s*session-/);
  await expect(page.locator('stytch-passkey-registration')).toBeAttached();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Not signed in.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Not signed in.')).toBeVisible();
});

test('reset-password page without a reset link says what it needs', async ({ page }) => {
  await page.goto(site('reset-password.html'));
  await expect(page.getByRole('status')).toHaveText('This page needs the link from a password reset email.');
  await expect(page.locator('stytch-reset-password')).toHaveCount(0);
});

// The demo pages are what a newcomer reads first; they hold themselves to the widget's bar.
for (const path of [
  'index.html',
  'index.html?theme=dark',
  'playground.html',
  'playground.html?theme=dark',
  'products.html?set=all',
  'shadow.html',
  'plain.html',
  'profile.html',
  'reset-password.html',
  'hosts/react/',
  'hosts/react-sdk/',
  'hosts/vue/',
  'hosts/angular/',
]) {
  test(`axe finds no violations on the whole page ${path}`, async ({ page }) => {
    await page.goto(site(path));
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForFunction(() => [...document.querySelectorAll('stytch-ui')].every((el) => (el.shadowRoot ?? el).querySelector('[part~="container"]')));
    const violations = await axe(page, 'document');
    expect(violations).toEqual([]);
  });
}

// The dark pages kept their form controls light: the playground's configuration box stayed white
// while the page's pale text color was meant for a dark ground.
test('dark demo pages: the configuration box and the language menu are dark too', async ({ page }) => {
  await page.goto(site('playground.html?theme=dark'));
  await expect(page.locator('#editor')).toBeVisible();
  for (const control of ['#editor', '#locale']) {
    const { background, color } = await page
      .locator(control)
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, color: s.color };
      });
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number)
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    expect(luminance(background), `${control} background ${background}`).toBeLessThan(0.2);
    const [hi, lo] = [luminance(color), luminance(background)].sort((a, b) => b - a);
    expect((hi! + 0.05) / (lo! + 0.05), `${control} contrast`).toBeGreaterThanOrEqual(4.5);
  }
});
