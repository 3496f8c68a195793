import { expect, test, type Locator, type Page } from '@playwright/test';
import { recordCardFrames } from './card-frames.ts';
import { demoUrl, headless, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

// Issue 14, item 5: a screen change never blanks the widget. Every on-demand chunk is held for
// a few frames, so each lazy screen is really pending; the old screen (with its busy state)
// must stay until the new one is there, and focus must still land on the new screen.

const STRONG = 'quokka umbrella jazz wharf';
const SLOW = { timeout: 15_000 };
const MAIN = 'Sign up or log in';

/** The login widget opened with `config`, its card's frames recorded from the moment Main shows. */
async function openRecorded(page: Page, config: object) {
  const frames = await recordCardFrames(page);
  await page.goto(demoUrl(config));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible(SLOW);
  await frames.start();
  return { w, frames };
}

/** Main's email form: the address typed, then 'Continue with email'. */
async function continueWithEmail(w: Locator, email: string): Promise<void> {
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
}

test('OTP by email: Main, Enter passcode, back, again, a wrong code, then the verified screen: never a frame without the card', async ({ page }) => {
  const email = uniqueEmail('frames-otp');
  const { w, frames } = await openRecorded(page, { products: ['otp'], otpOptions: { methods: ['email'] } });

  await continueWithEmail(w, email);
  await expect(w.getByLabel('One-time passcode')).toBeFocused(SLOW);
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(w.getByRole('heading', { name: MAIN })).toBeFocused(SLOW);

  await continueWithEmail(w, email);
  await expect(w.getByLabel('One-time passcode')).toBeFocused(SLOW);
  const { code } = await latestMessage(email, 1);
  await w.getByLabel('One-time passcode').fill(code === '000000' ? '111111' : '000000');
  await expect(w.getByRole('alert')).toHaveText('Invalid passcode, please try again.', SLOW);
  await w.getByLabel('One-time passcode').fill(code!);
  // 'Verifying passcode...' stays until the verified screen replaces it.
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeFocused(SLOW);
  await frames.expectNeverBlank([MAIN, 'Enter passcode', MAIN, 'Enter passcode', 'Your passcode has been successfully verified.']);
});

test('magic link: Main, Check your email, Try again, again, back: never a frame without the card', async ({ page }) => {
  const { w, frames } = await openRecorded(page, { products: ['emailMagicLinks'] });

  await continueWithEmail(w, uniqueEmail('frames-eml'));
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeFocused(SLOW);
  await w.getByRole('button', { name: 'Try again' }).click();
  await expect(w.getByRole('heading', { name: MAIN })).toBeFocused(SLOW);
  await continueWithEmail(w, uniqueEmail('frames-eml'));
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeFocused(SLOW);
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(w.getByRole('heading', { name: MAIN })).toBeFocused(SLOW);
  await frames.expectNeverBlank([MAIN, 'Check your email', MAIN, 'Check your email', MAIN]);
});

test('passwords, new user: Main, Create an account, Success!: never a frame without the card', async ({ page }) => {
  const { w, frames } = await openRecorded(page, { products: ['passwords', 'emailMagicLinks'] });

  await continueWithEmail(w, uniqueEmail('frames-pw-new'));
  await expect(w.getByRole('heading', { name: 'Create an account' })).toBeFocused(SLOW);
  await w.getByLabel('Password', { exact: true }).fill(STRONG);
  await w.getByRole('button', { name: 'Continue', exact: true }).click({ timeout: 15_000 });
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeFocused(SLOW);
  await frames.expectNeverBlank([MAIN, 'Create an account', 'Success!']);
});

test('passwords, existing user: Log In, Forgot password?, back, a wrong then the right password, Success!: never a frame without the card', async ({ page }) => {
  const email = uniqueEmail('frames-pw-old');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  const { w, frames } = await openRecorded(page, { products: ['passwords', 'emailMagicLinks'] });

  await continueWithEmail(w, email);
  await expect(w.getByRole('heading', { name: 'Log In' })).toBeFocused(SLOW);
  await w.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeFocused(SLOW);
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(w.getByRole('heading', { name: MAIN })).toBeFocused(SLOW);
  await continueWithEmail(w, email);
  await expect(w.getByRole('heading', { name: 'Log In' })).toBeFocused(SLOW);
  await w.getByLabel('Password', { exact: true }).fill('not my password at all');
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(w.getByRole('alert')).toHaveText('The email or password is incorrect.', SLOW);
  await w.getByLabel('Password', { exact: true }).fill(STRONG);
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeFocused(SLOW);
  await frames.expectNeverBlank([MAIN, 'Log In', 'Forgot password?', MAIN, 'Log In', 'Success!']);
});

test('passwords, passwordless user: the sent screen, then Create a password instead: never a frame without the card', async ({ page }) => {
  const email = uniqueEmail('frames-pw-less');
  expect(await headless(page, 'magicLink', { email })).toEqual({ ok: true });
  await latestMessage(email);
  const { w, frames } = await openRecorded(page, { products: ['passwords', 'emailMagicLinks'] });

  await continueWithEmail(w, email);
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible(SLOW);
  await w.getByRole('button', { name: 'Create a password instead' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email!' })).toBeFocused(SLOW);
  await frames.expectNeverBlank([MAIN, 'Check your email', 'Check your email!']);
});

test('the reset page: the new password, then Success!: never a frame without the card', async ({ page }) => {
  const email = uniqueEmail('frames-pw-reset');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  expect(await headless(page, 'resetByEmailStart', { email, reset_password_redirect_url: `${process.env.E2E_DEMO_URL}/reset-password.html` })).toEqual({ ok: true });
  const { link } = await latestMessage(email);
  const frames = await recordCardFrames(page, 'stytch-reset-password');
  await page.goto(link!);
  const form = page.locator('stytch-reset-password');
  await expect(form.getByLabel('New password', { exact: true })).toBeVisible(SLOW);
  await frames.start();

  await form.getByLabel('New password', { exact: true }).fill('violet tambourine orbits quietly 47');
  await form.getByRole('button', { name: 'Continue', exact: true }).click({ timeout: 15_000 });
  await expect(form.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
  await frames.expectNeverBlank(['Reset your password', 'Success!']);
});
