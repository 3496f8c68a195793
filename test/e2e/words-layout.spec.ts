import { expect, test } from '@playwright/test';
import ar from '../../screens/i18n/locales/ar.ts';
import he from '../../screens/i18n/locales/he.ts';
import { axe } from './axe.ts';
import { demoUrl, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

// Right to left: a whole passcode sign-in in Arabic by keyboard alone, and Hebrew's layout,
// both axe clean; codes and phone numbers stay left to right, the back arrow turns around.

test('Arabic: the email passcode sign-in completes by keyboard alone, right to left, axe clean', async ({ page }) => {
  const email = uniqueEmail('rtl');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['sms', 'email'] }, locale: 'ar' }));
  const w = widget(page);
  const text = w.getByRole('tab', { name: ar['tab.text'] });
  await expect(text).toBeVisible();
  await expect(w.getByRole('heading', { name: ar['login.title'] })).toBeVisible();
  // The widget's text runs right to left: the first tab sits at the right.
  const box = w.locator('[dir="rtl"]').first();
  await expect(box).toHaveAttribute('lang', 'ar');
  expect(await w.getByRole('heading', { name: ar['login.title'] }).evaluate((h) => getComputedStyle(h).direction)).toBe('rtl');
  const emailTab = w.getByRole('tab', { name: ar['tab.email'] });
  expect((await text.boundingBox())!.x).toBeGreaterThan((await emailTab.boundingBox())!.x);
  // The phone number reads left to right inside the right-to-left form.
  await expect(w.getByRole('textbox', { name: ar['formField.phone.label'] })).toHaveAttribute('dir', 'ltr');
  expect(await axe(page)).toEqual([]);

  // Tab into the tabs; the next tab is to the left, so ArrowLeft selects it.
  await page.keyboard.press('Tab');
  await expect(text).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(emailTab).toBeFocused();
  await expect(emailTab).toHaveAttribute('aria-selected', 'true');
  await expect(w.getByRole('textbox', { name: ar['formField.email.label'] })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(w.getByRole('textbox', { name: ar['formField.email.label'] })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  await expect(w.getByRole('heading', { name: ar['passcode.title'] })).toBeVisible({ timeout: 15_000 });
  const code = w.getByLabel(ar['formField.otp.ariaLabel']);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('dir', 'ltr');
  // The back arrow points right, the way back in Arabic.
  expect(await w.locator('[part="back"] svg').evaluate((s) => getComputedStyle(s).transform)).not.toBe('none');
  // Digits of the countdown are the locale's (Intl), isolated left to right.
  await expect(w.locator('[part="helper"]').first()).toContainText('\u2066');
  expect(await axe(page)).toEqual([]);

  const { code: sent } = await latestMessage(email);
  await page.keyboard.type(sent!);
  await expect(w.getByRole('heading', { name: ar['otp.success.content'] })).toBeFocused({ timeout: 15_000 });
  expect(await axe(page)).toEqual([]);
});

test('Hebrew: Main and a refused code lay out right to left, axe clean', async ({ page }) => {
  const email = uniqueEmail('rtl-he');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'], inputStyle: 'cells' }, locale: 'he' }));
  const w = widget(page);
  await expect(w.getByRole('heading', { name: he['login.title'] })).toBeVisible();
  await w.getByRole('textbox', { name: he['formField.email.label'] }).fill(email);
  await w.getByRole('button', { name: he['button.emailLogin'] }).click();
  await expect(w.getByRole('heading', { name: he['passcode.title'] })).toBeVisible({ timeout: 15_000 });
  // The six cells keep their left-to-right order: the first digit is the leftmost cell.
  const cells = w.locator('[part~="otp-cell"]');
  expect((await cells.nth(0).boundingBox())!.x).toBeLessThan((await cells.nth(5).boundingBox())!.x);
  const { code } = await latestMessage(email);
  await cells.nth(0).fill(code === '000000' ? '111111' : '000000');
  await expect(w.getByRole('alert')).toHaveText(he['error.otpCodeNotFound']);
  expect(await axe(page)).toEqual([]);
});

/** Texts inside the widget that overflow their box or stick out of the widget's container: clipped. */
async function clipped(page: import('@playwright/test').Page): Promise<string[]> {
  return page.locator('stytch-ui').evaluate((host) => {
    const root = host.shadowRoot ?? host;
    const box = root.querySelector('[part="container"]')!.getBoundingClientRect();
    const out: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('button, label, p, h1, h2, a, span, li, [role="tab"]')) {
      const text = el.textContent?.trim();
      if (!text || el.closest('[aria-hidden="true"]') || el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      // Visually hidden helper text (1px boxes) is meant to be clipped.
      if (r.width <= 1 || r.height <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') out.push(`overflows: ${text}`);
      if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`outside the card: ${text}`);
    }
    return out;
  });
}

test('en-XA: 40% longer text wraps inside the card on Main (at 1100 and 320 px) and Enter passcode', async ({ page }) => {
  for (const width of [1100, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(
      demoUrl({
        products: ['oauth', 'otp', 'passwords', 'passkeys'],
        otpOptions: { methods: ['sms', 'whatsapp'] },
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
        locale: 'en-XA',
      }),
    );
    const w = widget(page);
    await expect(w.getByRole('tab').first()).toBeVisible();
    await expect(w.locator('[lang="en-XA"]').first()).toBeAttached();
    expect(await clipped(page), `Main at ${width}px`).toEqual([]);
  }
  const email = uniqueEmail('xa');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'] }, locale: 'en-XA' }));
  const w = widget(page);
  await w.locator('input[type="email"]').fill(email);
  await w.locator('button[type="submit"]').click();
  await expect(w.locator('input[autocomplete="one-time-code"]')).toBeVisible({ timeout: 15_000 });
  expect(await clipped(page), 'Enter passcode').toEqual([]);
});

test("en-XA at 375 px: the wallet buttons' long labels wrap inside their buttons", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  // The product page carries the in-page test wallet, so the widget lists wallets by name.
  await page.goto(`${process.env.E2E_DEMO_URL}/products.html?set=crypto&locale=en-XA`);
  const w = widget(page);
  await expect(w.locator('[part~="wallet-button"]').first()).toBeVisible({ timeout: 15_000 });
  // "Continue with Other Ethereum Wallet", 40% longer, took two lines in a one-line-high button.
  const spilled = () => w.locator('[part~="button"]').evaluateAll((buttons) => buttons.filter((b) => b.getClientRects().length > 0 && b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent));
  expect(await spilled(), 'crypto Main at 375px').toEqual([]);
  expect(await w.locator('[part~="wallet-button"]').count()).toBeGreaterThan(1);
});

test('the script-tag build loads a language from beside itself (words-load.js and its locale), not inlined', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => void fetched.push(new URL(r.url()).pathname));
  await page.goto(`${process.env.E2E_DEMO_URL}/plain.html`);
  await expect(widget(page).first().getByRole('heading').first()).toBeVisible();
  expect(fetched.some((p) => p.includes('words-load'))).toBe(false);
  await page.evaluate(() => {
    const el = document.createElement('stytch-ui');
    el.id = 'arabic';
    el.setAttribute('lang', 'ar');
    el.setAttribute('config', '{"products":["emailMagicLinks"]}');
    (el as unknown as { client: unknown }).client = (
      window as unknown as { StytchUI: { createClient(t: string, o: object): unknown }; DEMO: { publicToken: string; providerUrl: string } }
    ).StytchUI.createClient((window as unknown as { DEMO: { publicToken: string } }).DEMO.publicToken, { baseUrl: (window as unknown as { DEMO: { providerUrl: string } }).DEMO.providerUrl });
    document.querySelector('main')!.append(el);
  });
  await expect(page.locator('#arabic').getByRole('heading', { name: ar['login.title'] })).toBeVisible();
  expect(fetched).toContain('/dist/words-load.js');
  expect(fetched.some((p) => /^\/dist\/chunks\/ar-[A-Z0-9]+\.js$/.test(p))).toBe(true);
});

test('Arabic at 375 px: emails read left to right at the right, and a long one shows its start', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = uniqueEmail('a-rather-long-right-to-left-address-that-does-not-fit');
  await page.goto(demoUrl({ products: ['passwords'], locale: 'ar' }));
  const w = widget(page);
  const field = w.getByRole('textbox', { name: ar['formField.email.label'] });
  await expect(field).toBeVisible();
  // Empty, the example address of the placeholder sits at the right, as the typed one will.
  const look = (l: typeof field) =>
    l.evaluate((el: HTMLInputElement) => ({ dir: el.getAttribute('dir'), align: getComputedStyle(el).textAlign, scrollLeft: el.scrollLeft, overflows: el.scrollWidth > el.clientWidth }));
  expect(await look(field)).toMatchObject({ dir: 'ltr', align: 'right' });
  await page.screenshot({ path: '/tmp/rtl-email-empty.png' });
  await field.fill(email);
  await field.blur();
  expect(await look(field)).toMatchObject({ dir: 'ltr', align: 'right' });
  await page.screenshot({ path: '/tmp/rtl-email-typed.png' });
  await w.locator('button[type="submit"]').click();
  // The password step shows the address read-only: from its start, the end cut off, not the start.
  const readOnly = w.locator('input[readonly][autocomplete="username"]');
  await expect(readOnly).toBeVisible({ timeout: 15_000 });
  await expect(readOnly).toHaveValue(email);
  expect(await look(readOnly)).toMatchObject({ dir: 'ltr', align: 'right', scrollLeft: 0, overflows: true });
  expect(await readOnly.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
  await page.screenshot({ path: '/tmp/rtl-email-readonly.png' });
  expect(await axe(page)).toEqual([]);
});
