import { expect, test, type Page } from '@playwright/test';
import { demoUrl, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';
import { axe } from './axe.ts';
import { addAuthenticator } from './webauthn.ts';

const PASSKEY_LOGIN = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } };
// No email, OTP or password form: the passkey button alone, so autofill is not armed.
const BUTTON_ONLY = { products: ['oauth', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] } };

/** Signs in on the login demo with an emailed code. */
async function signInWithOtp(page: Page, email: string): Promise<void> {
  await page.goto(demoUrl(PASSKEY_LOGIN));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  const { code } = await latestMessage(email);
  await w.getByLabel('One-time passcode').fill(code!);
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('#who')).toHaveText('Not signed in');
}

test('passkeys end to end: register after an OTP sign-in, rename, sign in from the button and by autofill, delete', async ({ page }) => {
  test.setTimeout(120_000);
  const { cdp, id } = await addAuthenticator(page);
  const email = uniqueEmail('passkey');
  await signInWithOtp(page, email);

  // Register with <stytch-passkey-registration>, keyboard only.
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  await expect(page.locator('#who')).toHaveText(`Signed in as ${email}`, { timeout: 15_000 });
  const reg = page.locator('stytch-passkey-registration');
  await expect(reg.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible({ timeout: 15_000 });
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await reg.getByRole('button', { name: 'Create a Passkey' }).focus();
  await page.keyboard.press('Enter');
  await expect(reg.getByRole('heading', { name: 'Passkey successfully created!' })).toBeFocused({ timeout: 15_000 });
  await expect(page.locator('#events')).toHaveText('PASSKEY_REGISTER');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await expect(reg.getByRole('heading', { name: 'Existing Passkeys' })).toBeVisible();
  // Named after the device it was made on (the virtual authenticator names no model).
  await expect(reg.getByRole('listitem')).toHaveText(['Passkey on LinuxDesktop device']);
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);

  // Rename inline with the keyboard; the new name survives a reload.
  await reg.getByRole('button', { name: 'Rename Passkey on Linux' }).focus();
  await page.keyboard.press('Enter');
  const name = reg.getByRole('textbox', { name: 'Passkey name' });
  await expect(name).toBeFocused();
  // Opens with the current name selected, so typing replaces it.
  expect(await name.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart!, el.selectionEnd!))).toBe('Passkey on Linux');
  await expect(reg.getByRole('button', { name: 'Done' })).toBeDisabled();
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await name.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expect(reg.getByRole('listitem')).toHaveText(['Work laptopDesktop device']);
  await page.reload();
  // The first screen lists it at once: nothing has to be created to see or manage it.
  await expect(reg.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible({ timeout: 15_000 });
  await expect(reg.getByRole('heading', { name: 'Existing Passkeys' })).toBeVisible({ timeout: 15_000 });
  await expect(reg.getByRole('listitem')).toHaveText(['Work laptopDesktop device']);
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await reg.getByRole('button', { name: 'Skip' }).click();
  await expect(page.locator('#events')).toHaveText('PASSKEY_SKIP');
  await expect(reg.getByRole('listitem')).toHaveText(['Work laptopDesktop device'], { timeout: 15_000 });
  await reg.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('#events')).toHaveText('PASSKEY_DONE');

  // Sign out, then sign in from the 'Login with a Passkey' button.
  await signOut(page);
  await page.goto(demoUrl(BUTTON_ONLY));
  const w = widget(page);
  await w.getByRole('button', { name: 'Login with a Passkey' }).focus();
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Success' })).toBeFocused({ timeout: 15_000 });
  await expect(w.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  expect(await axe(page, 'stytch-ui')).toEqual([]);
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  await expect(page.locator('#who')).toHaveText(`Signed in as ${email}`, { timeout: 15_000 });

  // Sign out, then sign in through autofill on the email field.
  await signOut(page);
  // Chromium's virtual authenticator answers a conditional request at once, as a user picking
  // the passkey from the field's autofill list would; nothing is clicked.
  await page.goto(demoUrl(PASSKEY_LOGIN));
  await expect(w.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 15_000 });
  await expect(w.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();

  // Delete it from the first screen: warning, confirm; the passkey then no longer signs in.
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  await reg.getByRole('button', { name: 'Delete Work laptop' }).click({ timeout: 15_000 });
  await expect(reg.getByRole('alert')).toHaveText('Once deleted, the passkey cannot be restored.');
  await expect(reg.getByRole('button', { name: 'Create a Passkey' })).toHaveCount(0);
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await reg.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(reg.getByRole('listitem')).toHaveCount(0);
  await expect(reg.getByRole('button', { name: 'Create a Passkey' })).toBeVisible();
  // With none left, a reload shows the plain set-up screen, as for a user who never had one.
  await page.reload();
  await expect(reg.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible({ timeout: 15_000 });
  await expect(reg.getByRole('button', { name: 'Create a Passkey' })).toBeEnabled();
  await expect(reg.getByRole('heading', { name: 'Existing Passkeys' })).toHaveCount(0);

  await signOut(page);
  await page.goto(demoUrl(BUTTON_ONLY));
  await w.getByRole('button', { name: 'Login with a Passkey' }).click();
  await expect(w.getByRole('alert')).toHaveText('Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.', { timeout: 15_000 });
});

/**
 * Opens the passkeys demo page signed in, with every user fetch answered by the provider while
 * still signed in and held from the page; `release` lets the answers through and returns once
 * they have arrived and two frames have passed.
 */
async function passkeysPageWithHeldUser(page: Page, who: string) {
  await signInWithOtp(page, uniqueEmail(who));
  let open!: () => void;
  const held = new Promise<void>((done) => (open = done));
  await page.route(/\/sdk\/v1\/users\/me$/, async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  return async () => {
    const answered = page.waitForResponse(/\/sdk\/v1\/users\/me$/);
    open();
    await answered;
    // The page and the element may each have asked: every held answer is let through before the
    // test goes on, so none is still being fetched when the test ends (route.fetch: Test ended).
    await page.unrouteAll({ behavior: 'wait' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };
}

test('signing out while the page still fetches the user: the answer that comes after does not sign the page back in', async ({ page }) => {
  // The page asks for the user at load (its session is in the cookies); the answer reaches the
  // page only after the sign-out is done.
  const release = await passkeysPageWithHeldUser(page, 'signout-race');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('#who')).toHaveText('Not signed in');
  await release();
  await expect(page.locator('#who')).toHaveText('Not signed in');
});

test('signing out under the registration element: it says it needs a signed-in user, and a user answer that comes after does not bring its screen back', async ({ page }) => {
  // The element's user fetch is answered while signed in and reaches the page after the sign-out.
  const release = await passkeysPageWithHeldUser(page, 'signout-registration');
  const reg = page.locator('stytch-passkey-registration');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(reg.getByRole('alert')).toHaveText('Error: Cannot use PasskeyRegistration component without active user authenticated.');
  await release();
  await expect(reg.getByRole('alert')).toHaveText('Error: Cannot use PasskeyRegistration component without active user authenticated.');
  await expect(reg.getByRole('button', { name: 'Create a Passkey' })).toHaveCount(0);
  // The host heard the element's own words once, not a provider session error.
  expect(await page.evaluate(() => (window as unknown as { demoErrors: string[] }).demoErrors)).toEqual(['Error: Cannot use PasskeyRegistration component without active user authenticated.']);
});

test('passkey registration without a signed-in user shows its error', async ({ page }) => {
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.reload();
  await expect(page.locator('stytch-passkey-registration').getByRole('alert')).toHaveText('Error: Cannot use PasskeyRegistration component without active user authenticated.', { timeout: 15_000 });
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
});

test('dark theme: the registration screens have no axe violations; registering the same authenticator twice is refused', async ({ page }) => {
  await addAuthenticator(page);
  await signInWithOtp(page, uniqueEmail('dark'));
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html?theme=dark`);
  const reg = page.locator('stytch-passkey-registration');
  await expect(reg.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible({ timeout: 15_000 });
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await reg.getByRole('button', { name: 'Create a Passkey' }).click();
  // The new row shows on the start screen first; the success screen then takes focus to its
  // heading, so the rename starts once that screen is up (CI caught a rename begun just before).
  await expect(reg.getByRole('heading', { name: 'Passkey successfully created!' })).toBeFocused({ timeout: 15_000 });
  await expect(reg.getByRole('listitem')).toHaveCount(1);
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await reg.getByRole('button', { name: 'Rename Passkey on Linux' }).click();
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(reg.getByRole('button', { name: 'Rename Passkey on Linux' })).toBeFocused();
  await reg.getByRole('button', { name: 'Delete Passkey on Linux' }).click();
  await expect(reg.getByRole('alert')).toBeVisible();
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);

  // The same authenticator again: the browser refuses the excluded credential.
  await reg.getByRole('button', { name: 'Cancel' }).click();
  await reg.getByRole('button', { name: 'Set up another Passkey' }).click();
  await reg.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(reg.getByRole('alert')).toHaveText(
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    { timeout: 15_000 },
  );
  expect(await axe(page, 'stytch-passkey-registration')).toEqual([]);
});
