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
