import { expect, test, type Locator, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { demoUrl, headless, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';
import { addAuthenticator } from './webauthn.ts';

/*
 * The passkey upgrade after a sign-in (issue 32 item 1), against the shared provider with
 * Chromium's virtual authenticator.
 */

const OTP = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } };
const PASSWORDS = { products: ['passwords', 'passkeys'] };
// No passkey product, so nothing arms autofill; the upgrade asked for explicitly.
const OTP_ONLY_UPGRADE = { products: ['otp'], otpOptions: { methods: ['email'] }, passkeyUpgrade: true };
const STRONG = 'quokka umbrella jazz wharf';
const SLOW = { timeout: 15_000 };
const OFFER = 'Sign in faster next time: add a passkey and use your fingerprint, face or screen lock.';
const ADDED = 'Passkey added. Next time, sign in with your fingerprint, face or screen lock.';

/** The upgrade's status line (the toast region is a status region too). */
const status = (w: Locator) => w.locator('[part="passkey-upgrade"]').getByRole('status');

/** Signs in on the login demo with an emailed code; `extra` adds to the page's query (theme, locale). */
async function signInWithOtp(page: Page, email: string, config: object = OTP, extra = '') {
  await page.goto(demoUrl(config, extra));
  const w = widget(page);
  // By field type rather than name, so it runs in any language.
  await w.locator('input[type="email"]').fill(email);
  await w.locator('input[type="email"]').press('Enter');
  const code = w.locator('input[autocomplete="one-time-code"]');
  await expect(code).toBeVisible(SLOW);
  await code.fill((await latestMessage(email)).code!);
  await expect(w.locator('[part="success-check"]')).toBeVisible(SLOW);
  return w;
}

/** Signs in with a password the provider already has for `email` (created headlessly). */
async function signInWithPassword(page: Page, email: string, extra = '') {
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  await signOut(page);
  await page.goto(demoUrl(PASSWORDS, extra));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await w.getByLabel('Password', { exact: true }).fill(STRONG, SLOW);
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(w.locator('[part="success-check"]')).toBeVisible(SLOW);
  return w;
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${process.env.E2E_DEMO_URL}/passkeys.html`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('#who')).toHaveText('Not signed in');
}

/** The signed-in user's registrations, as the provider lists them (`/users/me`). */
async function registrations(page: Page): Promise<Array<{ webauthn_registration_id: string; domain: string }>> {
  await page.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
  await page.waitForFunction(() => 'client' in window);
  return page.evaluate(async () => {
    const me = await (window as unknown as { client: { user: { get(): Promise<{ webauthn_registrations: Array<{ webauthn_registration_id: string; domain: string }> }> } } }).client.user.get();
    return me.webauthn_registrations;
  });
}

/** Signs in by passkey autofill: the login page arms it on the email field; the virtual authenticator answers at once. */
async function signInByAutofill(page: Page) {
  await page.goto(demoUrl(OTP));
  const w = widget(page);
  await expect(w.getByRole('heading', { name: 'Success' })).toBeVisible(SLOW);
  await expect(w.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
}

/** Makes the page's browser report no conditional create (as one without it does). */
async function withoutConditionalCreate(page: Page) {
  await page.addInitScript(() => {
    const PKC = window.PublicKeyCredential as unknown as { getClientCapabilities?: () => Promise<Record<string, boolean>> };
    const real = PKC.getClientCapabilities?.bind(PKC);
    PKC.getClientCapabilities = async () => ({ ...(real ? await real() : {}), conditionalCreate: false });
  });
}

test('after a passcode sign-in the one-tap offer registers a passkey by keyboard; it then signs in by autofill, and this device is never offered another', async ({ page }) => {
  test.setTimeout(120_000);
  const { cdp, id } = await addAuthenticator(page);
  const email = uniqueEmail('upgrade-otp');
  const w = await signInWithOtp(page, email);
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeFocused();
  // Announced: the offer is a status message after the success heading.
  await expect(status(w)).toHaveText(OFFER, SLOW);
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(w.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(w)).toHaveText(ADDED, SLOW);
  // The button went away under the keyboard: focus is on the news, not lost to the page.
  await expect(status(w)).toBeFocused();
  await expect(w.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await expect(page.locator('#events')).toHaveText('PASSKEY_REGISTER');
  expect(await axe(page)).toEqual([]);

  // The provider registered it for this user, within the sign-in's session.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  const regs = await registrations(page);
  expect(regs).toHaveLength(1);
  expect(regs[0]!.domain).toBe(new URL(process.env.E2E_DEMO_URL!).hostname);

  // Signed out, the passkey signs in by autofill on the email field.
  await signOut(page);
  await signInByAutofill(page);
  await signOut(page);

  // Another sign-in by passcode on this device: no offer (the marker this browser keeps).
  const again = await signInWithOtp(page, email, OTP_ONLY_UPGRADE);
  await expect(again.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible();
  await expect(again.locator('[part="passkey-upgrade"]')).toHaveCount(0);
  // Without the marker (storage cleared), the registration this browser made still tells.
  await signOut(page);
  await page.evaluate(() => localStorage.removeItem('stytch_ui_device_passkeys'));
  const cleared = await signInWithOtp(page, email, OTP_ONLY_UPGRADE);
  await expect(cleared.getByText('Your passcode has been successfully verified.')).toBeVisible();
  await expect(cleared.locator('[part="passkey-upgrade"]')).toHaveCount(0);
  // A new user on this device is offered one: the rule is per user.
  await signOut(page);
  const other = await signInWithOtp(page, uniqueEmail('upgrade-other'), OTP_ONLY_UPGRADE);
  await expect(other.getByRole('button', { name: 'Add a passkey' })).toBeVisible(SLOW);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials).toHaveLength(1);
});

test('after a password sign-in the passkey is made by conditional create, without a button; it then signs in by autofill', async ({ page }) => {
  test.setTimeout(120_000);
  const { cdp, id } = await addAuthenticator(page);
  // Headless Chromium has no password manager to accept a conditional create: this stands in
  // for one that just filled the password and agrees, by making the passkey as a modal create does.
  await page.addInitScript(() => {
    const create = navigator.credentials.create.bind(navigator.credentials);
    (window as unknown as { conditionalCreates: number }).conditionalCreates = 0;
    navigator.credentials.create = (o?: CredentialCreationOptions & { mediation?: string }) => {
      if (o?.mediation !== 'conditional') return create(o);
      (window as unknown as { conditionalCreates: number }).conditionalCreates++;
      const { mediation: _, ...modal } = o;
      return create(modal);
    };
  });
  const starts: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/webauthn/register/start')) starts.push(r.postDataJSON());
  });
  const email = uniqueEmail('upgrade-password');
  const w = await signInWithPassword(page, email);
  await expect(status(w)).toHaveText(ADDED, SLOW);
  await expect(w.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { conditionalCreates: number }).conditionalCreates)).toBe(1);
  expect(starts).toEqual([expect.objectContaining({ conditional_mediation: true, return_passkey_credential_options: true })]);
  expect(await axe(page)).toEqual([]);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials).toHaveLength(1);
  expect(await registrations(page)).toHaveLength(1);

  await signOut(page);
  await signInByAutofill(page);
});

test(
  'where the browser declines a conditional create, or has none, the success screen offers the one-tap prompt (axe clean in dark and right to left)',
  { tag: '@full-browser' },
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    // Chromium's real passkey UI path: no password manager filled this password, so it declines.
    await addAuthenticator(page, { enableUI: true });
    const declined = await signInWithPassword(page, uniqueEmail('upgrade-declined'));
    await expect(status(declined)).toHaveText(OFFER, SLOW);
    await expect(declined.getByRole('button', { name: 'Add a passkey' })).toBeVisible();

    // A browser without conditional create: the prompt after a password, which registers in one tap.
    const page2 = await browser.newPage();
    const { cdp, id } = await addAuthenticator(page2);
    await withoutConditionalCreate(page2);
    const w = await signInWithPassword(page2, uniqueEmail('upgrade-fallback'), '&theme=dark');
    await expect(status(w)).toHaveText(OFFER, SLOW);
    expect(await axe(page2)).toEqual([]);
    await w.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(status(w)).toHaveText(ADDED, SLOW);
    expect(await axe(page2)).toEqual([]);
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials).toHaveLength(1);
    expect(await registrations(page2)).toHaveLength(1);

    // Right to left, in Arabic, after a passcode.
    await signOut(page2);
    const rtl = await signInWithOtp(page2, uniqueEmail('upgrade-rtl'), OTP_ONLY_UPGRADE, '&locale=ar');
    await expect(rtl.locator('[dir="rtl"]')).toHaveCount(1);
    await expect(rtl.getByRole('button', { name: 'إضافة مفتاح مرور' })).toBeVisible(SLOW);
    await expect(status(rtl)).toHaveText('سجّل الدخول أسرع في المرة القادمة: أضف مفتاح مرور واستخدم بصمة إصبعك أو وجهك أو قفل الشاشة.');
    expect(await axe(page2)).toEqual([]);
    await page2.close();
  },
);

test('with the option off, or passkeys not among the products, no passkey is offered', async ({ page }) => {
  test.setTimeout(90_000);
  await addAuthenticator(page);
  const off = await signInWithOtp(page, uniqueEmail('upgrade-off'), { ...OTP, passkeyUpgrade: false });
  await expect(off.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible();
  await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  await expect(off.locator('[part="passkey-upgrade"]')).toHaveCount(0);
  await expect(off.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await signOut(page);
  const without = await signInWithOtp(page, uniqueEmail('upgrade-none'), { products: ['otp'], otpOptions: { methods: ['email'] } });
  await expect(page.locator('#events')).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  await expect(without.locator('[part="passkey-upgrade"]')).toHaveCount(0);
});

test('at 320 CSS px the offer fits with no horizontal scrolling, its button is at least 24 by 24 px, and the accessibility tree holds the status', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await addAuthenticator(page);
  // en-XA: every text 40% longer, so the offer's wrapping is tried too.
  const w = await signInWithOtp(page, uniqueEmail('upgrade-320'), OTP, '&locale=en-XA');
  const button = w.locator('[part="passkey-upgrade"] button');
  await expect(button).toBeVisible(SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const card = (await w.boundingBox())!;
  const b = (await button.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(card.x);
  expect(b.x + b.width).toBeLessThanOrEqual(card.x + card.width);
  expect(b.width).toBeGreaterThanOrEqual(24);
  expect(b.height).toBeGreaterThanOrEqual(24);
  expect(await w.locator('[part="passkey-upgrade"]').ariaSnapshot()).toMatch(/- status: .+\n- button ".+"/);
  expect(await axe(page)).toEqual([]);
});
