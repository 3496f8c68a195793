import { expect, test, type Page } from '@playwright/test';
import { demoUrl, headless, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

const STRONG = 'quokka umbrella jazz wharf';
const NEWER = 'violet tambourine orbits quietly 47';
// In the provider's offline breached list (zxcvbn-ts's common passwords).
const BREACHED = 'password1';
const PASSWORDS = { products: ['passwords', 'emailMagicLinks'] };
const SLOW = { timeout: 15_000 };

/** Enters `email` on Main's password tab. */
async function lookUp(page: Page, email: string, config: object = PASSWORDS) {
  await page.goto(demoUrl(config));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  return w;
}

/** Signs in on the Log In screen with `password`. */
async function logIn(page: Page, email: string, password: string) {
  const w = await lookUp(page, email);
  await expect(w.getByRole('heading', { name: 'Log In' })).toBeVisible(SLOW);
  await w.getByLabel('Password', { exact: true }).fill(password);
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  return w;
}

/** The reset link and its 'log in instead' link from the newest reset email to `to`. */
async function resetEmail(to: string, after = 0) {
  const m = (await latestMessage(to, after)) as Awaited<ReturnType<typeof latestMessage>> & { text: string };
  const login = m.text.match(/\S*stytch_token_type=login\S*/)?.[0];
  return { reset: m.link!, login };
}

test('sign up with a new email and password, sign out, sign in again; a wrong password is refused', async ({ page }) => {
  const email = uniqueEmail('pw-signup');
  const w = await lookUp(page, email);
  await expect(w.getByRole('heading', { name: 'Create an account' })).toBeVisible(SLOW);
  await expect(w.getByText('Finish creating your account by setting a password.')).toBeVisible();
  await expect(w.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  const cont = w.getByRole('button', { name: 'Continue', exact: true });
  await expect(cont).toBeDisabled();
  await w.getByLabel('Password', { exact: true }).fill('abc');
  await expect(w.getByRole('meter', { name: 'Password strength' })).toBeVisible(SLOW);
  await expect(cont).toBeDisabled();
  await w.getByLabel('Password', { exact: true }).fill(STRONG);
  await expect(w.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4', SLOW);
  await expect(cont).toBeEnabled();
  await cont.click();
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
  await expect(w.getByText('You have successfully logged in.')).toBeVisible();
  await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE');

  // Signed in on this site: the headless page sees the session, and signs out.
  await page.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
  await expect(page.locator('#session')).not.toHaveText('none');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('#session')).toHaveText('none');

  const again = await logIn(page, email, 'not my password at all');
  await expect(again.getByRole('alert')).toHaveText('The email or password is incorrect.', SLOW);
  await expect(again.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await again.getByLabel('Password', { exact: true }).fill(STRONG);
  await again.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(again.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
});

test('a breached password is refused: the widget says so and keeps Continue off; the provider refuses it too', async ({ page }) => {
  const email = uniqueEmail('pw-breached');
  const w = await lookUp(page, email);
  await w.getByLabel('Password', { exact: true }).fill(BREACHED);
  await expect(w.getByText('This password may have been used on a different site that experienced a security issue. Please choose another password.')).toBeVisible(SLOW);
  await expect(w.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  // A caller that skips the widget gets the same answer from the provider.
  expect(await headless(page, 'create', { email, password: BREACHED, session_duration_minutes: 30 })).toEqual({ ok: false, error_type: 'breached_password' });
});

test('forgot password: the reset link opens the reset page, the new password signs in, the old one no longer does', async ({ page }) => {
  const email = uniqueEmail('pw-forgot');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  const w = await lookUp(page, email);
  await w.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeVisible(SLOW);
  await expect(w.getByText(email)).toBeVisible();
  const first = await resetEmail(email);
  expect(new URL(first.reset).pathname).toBe('/reset-password.html');
  await w.getByRole('button', { name: 'Resend email' }).click();
  await expect(w.getByRole('status').filter({ hasText: 'Email resent' })).toBeVisible(SLOW);
  const { reset } = await resetEmail(email, 1);

  await page.goto(reset);
  const form = page.locator('stytch-reset-password');
  await expect(form.getByRole('heading', { name: 'Reset your password' })).toBeVisible(SLOW);
  const cont = form.getByRole('button', { name: 'Continue', exact: true });
  await expect(cont).toBeDisabled();
  await form.getByLabel('New password', { exact: true }).fill(NEWER);
  await expect(cont).toBeEnabled(SLOW);
  await cont.click();
  await expect(form.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);

  const old = await logIn(page, email, STRONG);
  await expect(old.getByRole('alert')).toHaveText('The email or password is incorrect.', SLOW);
  const fresh = await logIn(page, email, NEWER);
  await expect(fresh.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
});

test('the magic link from the reset email signs in; so does "Login without a password" on the reset page', async ({ page }) => {
  const email = uniqueEmail('pw-login-link');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  const w = await lookUp(page, email);
  await w.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeVisible(SLOW);
  const { login } = await resetEmail(email);
  expect(login).toBeTruthy();
  await page.goto(login!);
  await expect(page.locator('stytch-reset-password').getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
  await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  // The token is single use: opening the link again reports the failure.
  await page.goto(login!);
  await expect(page.locator('stytch-reset-password').getByRole('alert')).toHaveText('The link is incorrect, expired or already used.', SLOW);

  expect(await headless(page, 'resetByEmailStart', { email, reset_password_redirect_url: `${process.env.E2E_DEMO_URL}/reset-password.html` })).toEqual({ ok: true });
  const { reset } = await resetEmail(email, 1);
  await page.goto(reset);
  const form = page.locator('stytch-reset-password');
  await form.getByRole('button', { name: 'Login without a password' }).click();
  await expect(form.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
});

test('"Login without a password" on the forgot screen emails a magic link', async ({ page }) => {
  const email = uniqueEmail('pw-eml');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  const w = await lookUp(page, email);
  await w.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeVisible(SLOW);
  await latestMessage(email);
  await w.getByRole('button', { name: 'Login without a password' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible(SLOW);
  const link = (await latestMessage(email, 1)).link!;
  expect(new URL(link).searchParams.get('stytch_token_type')).toBe('magic_links');
  await page.goto(link);
  await expect(page.locator('#title')).toHaveText('Signed in', SLOW);
});

test('a passwordless user gets a magic link at once, and can create a password instead', async ({ page }) => {
  const email = uniqueEmail('pw-less');
  expect(await headless(page, 'magicLink', { email })).toEqual({ ok: true });
  await latestMessage(email);
  const w = await lookUp(page, email);
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible(SLOW);
  const sent = await latestMessage(email, 1);
  expect(new URL(sent.link!).searchParams.get('stytch_token_type')).toBe('magic_links');
  await w.getByRole('button', { name: 'Create a password instead' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email!' })).toBeVisible(SLOW);
  const { reset } = await resetEmail(email, 2);
  await page.goto(reset);
  const form = page.locator('stytch-reset-password');
  await form.getByLabel('New password', { exact: true }).fill(STRONG);
  await form.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(form.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
  const w2 = await logIn(page, email, STRONG);
  await expect(w2.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
});

test('a passwordless user with passwords alone gets a reset email and PasswordSetNew', async ({ page }) => {
  const email = uniqueEmail('pw-less-only');
  expect(await headless(page, 'magicLink', { email })).toEqual({ ok: true });
  await latestMessage(email);
  const w = await lookUp(page, email, { products: ['passwords'] });
  await expect(w.getByRole('heading', { name: 'Check your email!' })).toBeVisible(SLOW);
  const { reset } = await resetEmail(email, 1);
  expect(new URL(reset).searchParams.get('stytch_token_type')).toBe('reset_password');
});

test('reset by existing password through the headless client', async ({ page }) => {
  const email = uniqueEmail('pw-existing');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  expect(await headless(page, 'resetByExistingPassword', { email, existing_password: 'wrong wrong wrong', new_password: NEWER, session_duration_minutes: 30 })).toEqual({
    ok: false,
    error_type: 'unauthorized_credentials',
  });
  expect(await headless(page, 'resetByExistingPassword', { email, existing_password: STRONG, new_password: BREACHED, session_duration_minutes: 30 })).toEqual({
    ok: false,
    error_type: 'breached_password',
  });
  expect(await headless(page, 'resetByExistingPassword', { email, existing_password: STRONG, new_password: NEWER, session_duration_minutes: 30 })).toEqual({ ok: true });
  await expect(page.locator('#session')).not.toHaveText('none');
  expect(await headless(page, 'authenticate', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: false, error_type: 'unauthorized_credentials' });
  expect(await headless(page, 'authenticate', { email, password: NEWER, session_duration_minutes: 30 })).toEqual({ ok: true });
});

test('a password user whose first magic-link sign-in proves the address must reset: reset_password leads to PasswordDedupe', async ({ page }) => {
  const email = uniqueEmail('pw-dedupe');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  expect(await headless(page, 'magicLink', { email })).toEqual({ ok: true });
  await page.goto((await latestMessage(email)).link!);
  await expect(page.locator('#title')).toHaveText('Signed in', SLOW);

  const w = await logIn(page, email, STRONG);
  await expect(w.getByRole('heading', { name: 'Check your email to set a new password!' })).toBeVisible(SLOW);
  await expect(w.getByText(email)).toBeVisible();
  const { reset } = await resetEmail(email, 1);
  await page.goto(reset);
  const form = page.locator('stytch-reset-password');
  await form.getByLabel('New password', { exact: true }).fill(NEWER);
  await form.getByRole('button', { name: 'Continue', exact: true }).click({ timeout: 15_000 });
  await expect(form.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
  const again = await logIn(page, email, NEWER);
  await expect(again.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
});

// At 375 px the "Email resent" toast lay over "Login without a password": a toast never covers
// what the screen offers.
test('at 375 px the "Email resent" toast covers none of the forgot screen\'s buttons', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = uniqueEmail('pw-toast');
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  const w = await lookUp(page, email);
  await w.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeVisible(SLOW);
  await w.getByRole('button', { name: /^Resend/ }).click();
  const toast = w.locator('[part~="toast"]').filter({ hasText: 'Email resent' });
  await expect(toast).toBeVisible(SLOW);
  const t = (await toast.boundingBox())!;
  for (const name of ['Login without a password', /^Resend/]) {
    const b = (await w.getByRole('button', { name }).boundingBox())!;
    const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
    expect(overlaps, `the toast over "${name}"`).toBe(false);
  }
});
