import { expect, test } from '@playwright/test';
import { advanceProviderClock, PROVIDER_CLOCK_TAG } from './provider-clock.ts';
import { demoUrl, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

// The one test that moves the shared provider's clock: in a file of its own, because the config
// runs it after every other test (a project depending on theirs), and Playwright runs a
// dependency whole whatever the filter. `npx playwright test -c test/e2e/playwright.config.ts
// otp-expired-code --no-deps` runs it alone.

test('OTP: a code entered after it expired is refused by the provider', { tag: PROVIDER_CLOCK_TAG }, async ({ page }) => {
  const email = uniqueEmail('late');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 1 } }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  const { code } = await latestMessage(email);
  await advanceProviderClock(61_000);
  await w.getByLabel('One-time passcode').fill(code!);
  await expect(w.getByRole('alert')).toHaveText('Invalid passcode, please try again.', { timeout: 15_000 });
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
});
