import { expect, test } from '@playwright/test';
import { demoUrl, latestMessage, uniqueEmail, uniquePhone, widget } from './screens-helpers.ts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

const national = (e164: string) => parsePhoneNumberFromString(e164)!.formatNational();

test('magic link: the link from the outbox signs the user in with a session cookie', async ({ page, context }) => {
  const email = uniqueEmail('eml');
  await page.goto(demoUrl({ products: ['emailMagicLinks'] }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeFocused({ timeout: 15_000 });
  await expect(w.getByText(email)).toBeVisible();
  const message = await latestMessage(email);
  expect(message.link).toContain('/authenticate.html');
  await page.goto(message.link!);
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toContain('stytch_session');
});

test('magic link: a bad email is refused in place and Try again returns to an empty form', async ({ page }) => {
  await page.goto(demoUrl({ products: ['emailMagicLinks'] }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('alert')).toHaveText('Invalid email address');
  const email = uniqueEmail('retry');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await w.getByRole('button', { name: 'Try again' }).click();
  await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeFocused({ timeout: 15_000 });
  await expect(w.getByRole('textbox', { name: 'Email' })).toHaveValue('');
});

for (const channel of ['sms', 'whatsapp'] as const) {
  test(`OTP by ${channel}: the code from the outbox verifies`, async ({ page }) => {
    const phone = uniquePhone();
    await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: [channel] } }));
    const w = widget(page);
    await w.getByRole('textbox', { name: 'Phone number' }).fill(phone);
    await w.getByRole('button', { name: 'Continue' }).click();
    // The screen opens with the caret in the passcode field.
    await expect(w.getByLabel('One-time passcode')).toBeFocused({ timeout: 15_000 });
    // The number reads in its national format, as the clientside-services parser gives it.
    await expect(w.getByText(`A 6-digit passcode was sent to you at ${national(`+1${phone}`)}.`)).toBeVisible({ timeout: 15_000 });
    const message = await latestMessage(`+1${phone}`);
    expect(message.channel).toBe(channel);
    await w.getByLabel('One-time passcode').fill(message.code!);
    await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  });
}

test('OTP by email: wrong code, resend, then the new code verifies', async ({ page }) => {
  const email = uniqueEmail('otp');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill('bad@');
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('alert')).toHaveText('Invalid email, please try again.');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  const first = await latestMessage(email);
  const wrong = first.code === '000000' ? '111111' : '000000';
  await w.getByLabel('One-time passcode').fill(wrong);
  await expect(w.getByRole('alert')).toHaveText('Invalid passcode, please try again.');
  // The wrong digits stay, selected, so typing the right code replaces them.
  await expect(w.getByLabel('One-time passcode')).toHaveValue(wrong);
  await w.getByRole('button', { name: 'Resend code' }).click();
  await expect(w.getByRole('status').filter({ hasText: 'Code resent' })).toBeVisible();
  const second = await latestMessage(email, 1);
  await w.getByLabel('One-time passcode').fill(second.code!);
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
});

test('OTP: the countdown runs out and reads expired; the back arrow returns to Main', async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail('exp');
  // The client readies its bootstrap request a task at a time: on a busy machine those tasks may
  // still be queued when the clock stops below, and the send would wait for bootstrap forever.
  const booted = page.waitForResponse((r) => r.url().includes('/projects/bootstrap/'));
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 1 } }));
  await booted;
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  // The page's clock stands still from here: on a busy machine the send and this check may take
  // longer than the countdown's first second, and 1:00 would already read 0:59.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByText("Your code expires in 1:00. Didn't get it? Resend code")).toBeVisible({ timeout: 15_000 });
  await page.clock.runFor(61_000);
  await expect(w.getByText('Your code has expired. Resend code')).toBeVisible();
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeFocused({ timeout: 15_000 });
});

test('Main: tabs Text, WhatsApp, Email switch between the phone and email forms', async ({ page }) => {
  await page.goto(demoUrl({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } }));
  const w = widget(page);
  const tabs = w.getByRole('tab');
  await expect(tabs).toHaveText(['Text', 'WhatsApp', 'Email']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await w.getByRole('tab', { name: 'Email' }).click();
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
});

test('phone: the clientside-services parser refuses a bad number and formats by the chosen country', async ({ page }) => {
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['sms'] } }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Phone number' }).fill('123');
  await w.getByRole('button', { name: 'Continue' }).click();
  await expect(w.getByRole('alert')).toHaveText('Invalid phone number, please try again.', { timeout: 15_000 });
  // A UK mobile number is valid only with the United Kingdom picked.
  await w.getByRole('combobox', { name: 'Country' }).selectOption('GB');
  // 07400 0xxxxx is a valid UK mobile range for every suffix (random suffixes of 07700 are not).
  const digits = `74000${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  await w.getByRole('textbox', { name: 'Phone number' }).fill(digits);
  await w.getByRole('button', { name: 'Continue' }).click();
  await expect(w.getByText(`A 6-digit passcode was sent to you at ${national(`+44${digits}`)}.`)).toBeVisible({ timeout: 15_000 });
});

test("phone: the number's placeholder is the picked country's example number, from the provider's parser", async ({ page }) => {
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['sms'] } }));
  const w = widget(page);
  const phone = w.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toHaveAttribute('placeholder', '(201) 555-0123');
  await w.getByRole('combobox', { name: 'Country' }).selectOption('GB');
  await expect(phone).toHaveAttribute('placeholder', '07400 123456', { timeout: 15_000 });
  await w.getByRole('combobox', { name: 'Country' }).selectOption('FR');
  await expect(phone).toHaveAttribute('placeholder', '06 12 34 56 78', { timeout: 15_000 });
});

// Regression: the second press of a double-click on "Continue with email" landed on the next
// screen (or the page beside the now smaller widget) and selected a word there.
test('a double-click on "Continue with email" selects no text on the screen it opens', async ({ page }) => {
  await page.goto(demoUrl({ products: ['emailMagicLinks'] }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('dbl'));
  const box = (await w.getByRole('button', { name: 'Continue with email' }).boundingBox())!;
  // The second press comes once the next screen shows: a person's double-click is that slow.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 15_000 });
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  expect(await page.evaluate(() => String(getSelection()))).toBe('');
  // A double-click that starts and ends on one screen still selects a word.
  const text = w.getByText('Check your email').first();
  await text.dblclick();
  expect(await page.evaluate(() => String(getSelection()).trim().length)).toBeGreaterThan(0);
});

test("OTP with otpOptions.inputStyle 'cells': the code typed at once runs across the six cells and verifies", async ({ page }) => {
  const email = uniqueEmail('cells');
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'], inputStyle: 'cells' } }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  const first = w.getByRole('textbox', { name: 'One-time passcode, digit 1 of 6' });
  await expect(first).toBeFocused({ timeout: 15_000 });
  const { code } = await latestMessage(email);
  await page.keyboard.type(code!.slice(0, 5));
  await expect(w.getByRole('textbox', { name: 'One-time passcode, digit 6 of 6' })).toBeFocused();
  await page.keyboard.type(code!.slice(5));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
});
