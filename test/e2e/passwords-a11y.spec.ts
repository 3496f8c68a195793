import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoUrl, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';
import { axe } from './axe.ts';

const STRONG = 'quokka umbrella jazz wharf';
const SLOW = { timeout: 15_000 };

/** Creates a password user through the headless demo page. */
async function createUser(page: Page, email: string, password = STRONG) {
  await page.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
  await page.waitForFunction(() => 'client' in window);
  await page.evaluate(
    ([e, p]) => (window as unknown as { client: { passwords: { create(o: object): Promise<unknown> } } }).client.passwords.create({ email: e, password: p, session_duration_minutes: 30 }),
    [email, password] as const,
  );
}

/** Presses Tab until `target` has focus (at most `max` times): moving by keyboard alone. */
async function tabTo(page: Page, target: Locator, max = 12) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === (el.getRootNode() as Document | ShadowRoot).activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe on the password screens, ${theme} theme`, () => {
    const extra = theme === 'dark' ? '&theme=dark' : '';

    test('the password tab, Create an account (meter, breach message), Success!', async ({ page }) => {
      await page.goto(demoUrl({ products: ['passwords', 'emailMagicLinks'] }, extra));
      const w = widget(page);
      await w.getByRole('textbox', { name: 'Email' }).fill('nope');
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await expect(w.getByRole('alert')).toHaveText('Invalid email address');
      expect(await axe(page)).toEqual([]);
      await w.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('axe-pw'));
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await expect(w.getByRole('heading', { name: 'Create an account' })).toBeVisible(SLOW);
      await w.getByLabel('Password', { exact: true }).fill('password1');
      await expect(w.getByText(/may have been used on a different site/)).toBeVisible(SLOW);
      expect(await axe(page)).toEqual([]);
      await w.getByLabel('Password', { exact: true }).fill(STRONG);
      await w.getByRole('button', { name: 'Continue', exact: true }).click({ timeout: 15_000 });
      await expect(w.getByRole('heading', { name: 'Success!' })).toBeVisible(SLOW);
      expect(await axe(page)).toEqual([]);
    });

    test('Log In with an error, Forgot password? with its toast, and the reset page', async ({ page }) => {
      const email = uniqueEmail('axe-login');
      await createUser(page, email);
      await page.goto(demoUrl({ products: ['passwords'] }, extra));
      const w = widget(page);
      await w.getByRole('textbox', { name: 'Email' }).fill(email);
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await w.getByLabel('Password', { exact: true }).fill('wrong password here');
      await w.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(w.getByRole('alert')).toHaveText('The email or password is incorrect.', SLOW);
      expect(await axe(page)).toEqual([]);
      await w.getByRole('button', { name: 'Forgot Password?' }).click();
      await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeVisible(SLOW);
      await w.getByRole('button', { name: 'Resend email' }).click();
      await expect(w.getByRole('status').filter({ hasText: 'Email resent' })).toBeVisible(SLOW);
      expect(await axe(page)).toEqual([]);

      const link = new URL((await latestMessage(email)).link!);
      await page.goto(`${link.href}${extra}`);
      const form = page.locator('stytch-reset-password');
      await form.getByLabel('New password', { exact: true }).fill('abc');
      await expect(form.getByRole('meter', { name: 'Password strength' })).toBeVisible(SLOW);
      expect(await axe(page, 'stytch-reset-password')).toEqual([]);
      link.searchParams.set('stytch_token_type', 'login');
      link.searchParams.set('token', 'no-such-token');
      await page.goto(`${link.href}${extra}`);
      await expect(form.getByRole('alert')).toBeVisible(SLOW);
      expect(await axe(page, 'stytch-reset-password')).toEqual([]);
    });

    test('passwordless: the sent screen with "Create a password instead", then Check your email!', async ({ page }) => {
      const email = uniqueEmail('axe-less');
      await page.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
      await page.waitForFunction(() => 'client' in window);
      await page.evaluate((e) => (window as unknown as { client: { magicLinks: { email: { loginOrCreate(e: string): Promise<unknown> } } } }).client.magicLinks.email.loginOrCreate(e), email);
      await page.goto(demoUrl({ products: ['passwords', 'emailMagicLinks'] }, extra));
      const w = widget(page);
      await w.getByRole('textbox', { name: 'Email' }).fill(email);
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await expect(w.getByRole('button', { name: 'Create a password instead' })).toBeVisible(SLOW);
      expect(await axe(page)).toEqual([]);
      await w.getByRole('button', { name: 'Create a password instead' }).click();
      await expect(w.getByRole('heading', { name: 'Check your email!' })).toBeVisible(SLOW);
      expect(await axe(page)).toEqual([]);
    });
  });
}

test('sign up, then sign in after a wrong password, with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('kbd-pw');
  await page.goto(demoUrl({ products: ['passwords'] }));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Create an account' })).toBeFocused(SLOW);
  await page.keyboard.press('Tab');
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeFocused();
  // Beside the read-only email, the way back to change it.
  await page.keyboard.press('Tab');
  await expect(w.getByRole('button', { name: 'Change email' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(w.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(STRONG);
  await page.keyboard.press('Tab');
  await expect(w.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(w.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(w.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled(SLOW);
  await page.keyboard.press('Tab');
  await expect(w.getByRole('button', { name: 'Continue', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeFocused(SLOW);

  await page.goto(demoUrl({ products: ['passwords'] }));
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Log In' })).toBeFocused(SLOW);
  await tabTo(page, w.getByLabel('Password', { exact: true }));
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(w.getByRole('alert')).toHaveText('The email or password is incorrect.', SLOW);
  await expect(w.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(STRONG);
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeFocused(SLOW);
});

test('forgot password and the reset page with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('kbd-reset');
  await createUser(page, email);
  await page.goto(demoUrl({ products: ['passwords'] }));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Log In' })).toBeFocused(SLOW);
  await tabTo(page, w.getByRole('button', { name: 'Forgot Password?' }));
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Forgot password?' })).toBeFocused(SLOW);

  await page.goto((await latestMessage(email)).link!);
  const form = page.locator('stytch-reset-password');
  await expect(form.getByRole('heading', { name: 'Reset your password' })).toBeVisible(SLOW);
  // The host page's own links come first in the tab order.
  await tabTo(page, form.getByLabel('New password', { exact: true }));
  await page.keyboard.type(`${STRONG} reset`);
  await expect(form.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled(SLOW);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('heading', { name: 'Success!' })).toBeFocused(SLOW);
});

test('a passwordless user creates a password instead with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('kbd-less');
  await page.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
  await page.waitForFunction(() => 'client' in window);
  await page.evaluate((e) => (window as unknown as { client: { magicLinks: { email: { loginOrCreate(e: string): Promise<unknown> } } } }).client.magicLinks.email.loginOrCreate(e), email);
  await page.goto(demoUrl({ products: ['passwords', 'emailMagicLinks'] }));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeFocused(SLOW);
  await tabTo(page, w.getByRole('button', { name: 'Create a password instead' }));
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Check your email!' })).toBeFocused(SLOW);
});
