import { expect, test } from '@playwright/test';
import { demoUrl, latestMessage, uniqueEmail, uniquePhone, widget } from './screens-helpers.ts';
import { axe } from './axe.ts';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    const extra = theme === 'dark' ? '&theme=dark' : '';

    test('Main (tabs, phone and email forms, errors) has no violations', async ({ page }) => {
      await page.goto(
        demoUrl(
          { products: ['oauth', 'otp', 'emailMagicLinks', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] }, otpOptions: { methods: ['sms', 'whatsapp'] } },
          extra,
        ),
      );
      const w = widget(page);
      await expect(w.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await w.getByRole('tab', { name: 'Email' }).click();
      await w.getByRole('textbox', { name: 'Email' }).fill('bad');
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await expect(w.getByRole('alert')).toHaveText('Invalid email address');
      expect(await axe(page)).toEqual([]);
    });

    test('Check your email has no violations', async ({ page }) => {
      await page.goto(demoUrl({ products: ['emailMagicLinks'] }, extra));
      const w = widget(page);
      await w.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('axe'));
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 15_000 });
      expect(await axe(page)).toEqual([]);
    });

    test('Enter passcode (error, toast) and the confirmation have no violations', async ({ page }) => {
      const email = uniqueEmail('axe');
      await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }, extra));
      const w = widget(page);
      await w.getByRole('textbox', { name: 'Email' }).fill(email);
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
      expect(await axe(page)).toEqual([]);
      const { code } = await latestMessage(email);
      await w.getByLabel('One-time passcode').fill(code === '000000' ? '111111' : '000000');
      await expect(w.getByRole('alert')).toHaveText('Invalid passcode, please try again.');
      await w.getByRole('button', { name: 'Resend code' }).click();
      await expect(w.getByRole('status').filter({ hasText: 'Code resent' })).toBeVisible();
      expect(await axe(page)).toEqual([]);
      const second = await latestMessage(email, 1);
      await w.getByLabel('One-time passcode').fill(second.code!);
      await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
      expect(await axe(page)).toEqual([]);
    });
  });
}

test('the SMS OTP flow completes with the keyboard alone', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto(demoUrl({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } }));
  const w = widget(page);
  await expect(w.getByRole('tab', { name: 'Email' })).toBeVisible();
  // Tab into the widget: the selected tab first, arrows move between tabs.
  await page.keyboard.press('Tab');
  await expect(w.getByRole('tab', { name: 'Email' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(w.getByRole('tab', { name: 'Text' })).toBeFocused();
  await expect(w.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(w.getByRole('combobox', { name: 'Country' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(w.getByRole('combobox', { name: 'Country' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(w.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  // The screen opens with the caret in the passcode field: the code is typed at once.
  await expect(w.getByLabel('One-time passcode')).toBeFocused({ timeout: 15_000 });
  const { code } = await latestMessage(`+1${phone}`);
  await page.keyboard.type(code!);
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeFocused({ timeout: 15_000 });
});
