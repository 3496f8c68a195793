import { expect, test, type Page } from '@playwright/test';
import { recordCardFrames } from './card-frames.ts';
import { advanceProviderClock, PROVIDER_CLOCK_TAG } from './provider-clock.ts';
import { latestMessage, uniqueEmail, uniquePhone } from './screens-helpers.ts';
import { axeClean, b2b, enrolTotp, expectOpened, expectScreen, organizationWith, totpCode, typeEmailOnOrganizationPage } from './b2b-screens.ts';

/*
 * <stytch-b2b-ui>'s MFA screens against the real provider, through the demo (issue 26): an
 * organization that requires MFA enrols a member's authenticator or phone, then asks for it at
 * every sign-in; the backup codes saved at enrolment sign in once each. Codes come from the
 * provider's outbox; authenticator codes are computed from the secret the widget shows.
 */

const orgPage = (slug: string, extra = '') => `${process.env.E2E_DEMO_URL}/b2b.html?flow=Organization&slug=${encodeURIComponent(slug)}&products=emailOtp${extra}`;

/** Signs in to the organization by email code, with the mouse: what comes next is the MFA screens. */
async function primaryByCode(page: Page, slug: string, email: string, sent: number, extra = ''): Promise<void> {
  await page.goto(orgPage(slug, extra));
  await b2b(page).getByRole('textbox').first().fill(email);
  await b2b(page).locator('button[type="submit"]').click();
  await expect(b2b(page).getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible();
  const { code } = await latestMessage(email, sent);
  await b2b(page).getByRole('textbox').fill(code!);
}

test('TOTP, by keyboard alone: enrolment (QR, manual code, verification, backup codes saved), then a backup code signs in', { tag: PROVIDER_CLOCK_TAG }, async ({ page }) => {
  const email = uniqueEmail('b2b-totp');
  const { slug, name } = await organizationWith(page, email, { mfa_policy: 'REQUIRED_FOR_ALL' });
  // Keyboard alone from here: Tab from the page's link to the field, type, Enter.
  await typeEmailOnOrganizationPage(page, orgPage(slug), name, email);
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email, 1);
  // The caret is already in the code field.
  await page.keyboard.type(code!);

  await expectScreen(page, 'Set up Multi-Factor Authentication');
  await expect(b2b(page).getByText('Your organization requires an additional form of verification to make your account more secure.')).toBeVisible();
  await expect(b2b(page).getByRole('button')).toHaveText(['Use an authenticator app', 'Text me a code']);
  await axeClean(page);
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Use an authenticator app' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectScreen(page, 'Scan the QR code to link your authenticator app');
  await expect(b2b(page).getByRole('img', { name: 'QR code for TOTP enrollment' })).toBeVisible();
  await axeClean(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Having trouble scanning?' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectScreen(page, 'Having trouble scanning the QR code?');
  const shown = (await b2b(page).locator('code').innerText()).replace(/\s+/g, '');
  expect(shown).toMatch(/^[a-z2-7]{16,}$/);
  await axeClean(page);
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Copy to clipboard' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectScreen(page, 'Enter verification code');
  await expect(b2b(page).getByText('If the verification code doesn’t work, go back to your authenticator app to get a new code.')).toBeVisible();
  await axeClean(page);
  // The caret is already in the code field (expectScreen checked it): the code is typed at once.
  await page.keyboard.type(await totpCode(shown));

  await expectScreen(page, 'Save your backup codes!');
  const codes = await b2b(page).locator('[part="recovery-codes"] li').allInnerTexts();
  expect(codes.length).toBeGreaterThanOrEqual(8);
  await expect(b2b(page).getByRole('link', { name: 'Download .txt file' })).toHaveAttribute('download', `${name}-backup-codes.txt`);
  const download = page.waitForEvent('download');
  await b2b(page).getByRole('link', { name: 'Download .txt file' }).focus();
  await page.keyboard.press('Enter');
  const file = await (await download).path();
  expect((await import('node:fs')).readFileSync(file, 'utf8').split(/\r?\n/)).toEqual(codes);
  await axeClean(page);
  // Done is the member's word that the codes are kept; only then Logged In.
  await b2b(page).getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();

  // The next sign-in asks for the authenticator; a backup code does instead, once. On a quiet
  // machine this walk sends its codes within two seconds, and the address's burst limit (3 in
  // 3 s, counted from the window's first send) would refuse the next one: a send window later.
  await page.evaluate(() => (window as unknown as { client: { session: { revoke(o: object): Promise<unknown> } } }).client.session.revoke({ forceClear: true }));
  await advanceProviderClock(3_000);
  await primaryByCode(page, slug, email, 2);
  await expectScreen(page, 'Enter verification code');
  await expect(b2b(page).getByRole('button', { name: 'Text me a code instead' })).toHaveCount(0);
  await b2b(page).getByRole('button', { name: 'Use a backup code' }).click();
  await expectScreen(page, 'Enter backup code');
  await axeClean(page);
  await b2b(page).getByLabel('Backup code').fill('nope-nope-nope');
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expect(b2b(page).getByRole('alert')).toHaveText('Invalid backup code, please try again.');
  await b2b(page).getByLabel('Backup code').fill(codes[0]!);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Success!');

  // And the authenticator itself, at the provider's next time step (a code is accepted once).
  await page.evaluate(() => (window as unknown as { client: { session: { revoke(o: object): Promise<unknown> } } }).client.session.revoke({ forceClear: true }));
  await advanceProviderClock(3_000);
  await primaryByCode(page, slug, email, 3);
  await expectScreen(page, 'Enter verification code');
  await axeClean(page);
  await b2b(page).getByLabel('One-time passcode').fill('000000');
  await expect(b2b(page).getByRole('alert')).toHaveText('Invalid passcode, please try again.');
  await advanceProviderClock(30_000);
  await b2b(page)
    .getByLabel('One-time passcode')
    .fill(await totpCode(shown));
  await expectScreen(page, 'Success!');
});

test('SMS: enrolment with the phone field, the texted code; the next sign-in texts the code itself and goes straight to its entry', async ({ page }) => {
  const email = uniqueEmail('b2b-sms');
  const { slug, name } = await organizationWith(page, email, { mfa_policy: 'REQUIRED_FOR_ALL', mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] });
  await primaryByCode(page, slug, email, 1);
  // The organization allows only SMS: no choice to make.
  await expectScreen(page, 'Enter your phone number to set up Multi-Factor Authentication');
  await axeClean(page);
  await b2b(page).getByLabel('Phone number').fill('12');
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expect(b2b(page).getByRole('alert')).toHaveText('Phone number format is invalid. Ensure the phone number is in the E.164 format.');
  const phone = uniquePhone();
  await b2b(page).getByLabel('Phone number').fill(phone);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();

  await expectScreen(page, 'Enter passcode');
  await expect(b2b(page).getByText(`A 6-digit passcode was sent to you at +1${phone}.`)).toBeVisible();
  await expect(b2b(page).getByText(/^Your code expires in [45]:\d\d\.$/)).toBeVisible();
  await axeClean(page);
  // A resend holds the button while it counts down.
  await b2b(page).getByRole('button', { name: 'Resend code' }).click();
  await expect(b2b(page).getByRole('button', { name: /^Code sent! Try again in \d+s$/ })).toBeDisabled();
  await latestMessage(`+1${phone}`, 1);
  const first = await latestMessage(`+1${phone}`, 1);
  await b2b(page).getByLabel('One-time passcode').fill(first.code!);
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();

  await page.evaluate(() => (window as unknown as { client: { session: { revoke(o: object): Promise<unknown> } } }).client.session.revoke({ forceClear: true }));
  await primaryByCode(page, slug, email, 2);
  // secondary_auth_initiated: sms_otp: the sign-in already texted the code, the screen sends none.
  await expectScreen(page, 'Enter passcode');
  await expect(b2b(page).getByText(`A 6-digit passcode was sent to you at +1${phone}.`)).toBeVisible();
  const second = await latestMessage(`+1${phone}`, 2);
  await b2b(page).getByLabel('One-time passcode').fill(second.code!);
  await expectScreen(page, 'Success!');
  const sent = await fetch(`${process.env.E2E_PROVIDER_URL}/dev/outbox?to=${encodeURIComponent(`+1${phone}`)}`, { headers: { Accept: 'application/json' } }).then(
    (r) => r.json() as Promise<unknown[]>,
  );
  expect(sent).toHaveLength(3);
});

test('Discovery: an organization whose authentication policy refuses the code says so; back on the list, another organization opens', async ({ page }) => {
  const email = uniqueEmail('b2b-policy');
  const strict = await organizationWith(page, email, { auth_methods: 'RESTRICTED', allowed_auth_methods: ['password'] });
  const open = await organizationWith(page, email, {});
  const errors: string[] = [];
  await page.exposeFunction('recordError', (m: string) => errors.push(m));
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?products=emailOtp`);
  await page.evaluate(() =>
    document
      .querySelector('stytch-b2b-ui')!
      .addEventListener('stytch-error', (e) => (window as unknown as { recordError(m: string): void }).recordError(String((e as unknown as { detail: { message?: string } }).detail?.message ?? e))),
  );
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email, 2);
  await b2b(page).getByLabel('One-time passcode').fill(code!);
  await expectScreen(page, 'Select an organization to continue');

  await b2b(page)
    .getByRole('button', { name: new RegExp(strict.name) })
    .click();
  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText(`Unable to join due to ${strict.name}'s authentication policy. Please contact your admin for more information.`);
  await axeClean(page);
  // A refusal by policy is no failure of MFA, and nothing the host must hear about.
  expect(errors.filter((m) => /multi-factor/i.test(m))).toEqual([]);
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, 'Select an organization to continue');
  await b2b(page)
    .getByRole('button', { name: new RegExp(open.name) })
    .click();
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(open.name)).toBeVisible();
});

/*
 * Every MFA screen, found by structure rather than by its English (a locale may translate
 * it), checked by axe in light at 375 px, dark, and right to left.
 */
for (const [label, extra, width] of [
  ['light at 375 px', '', 375],
  ['dark', '&theme=dark', 800],
  ['right to left (Arabic)', '&locale=ar', 800],
] as const) {
  test(`axe is clean on every MFA screen in ${label}`, async ({ page }) => {
    // Two sign-ins and nine screens, each run through axe: more than one default timeout on a loaded machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail('b2b-mfa-axe');
    const { slug } = await organizationWith(page, email, { mfa_policy: 'REQUIRED_FOR_ALL' });
    const w = b2b(page);
    const check = async (ready: ReturnType<Page['locator']>) => {
      await expect(ready).toBeVisible();
      await expectOpened(page);
      await axeClean(page);
      // Nothing wider than the page, at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    };
    const signIn = async (sent: number) => {
      await page.goto(orgPage(slug, extra));
      if (extra === '&locale=ar') await expect(w.locator('[dir="rtl"]')).toHaveCount(1);
      await w.getByRole('textbox').fill(email);
      await w.locator('button[type="submit"]').click();
      await expect(w.locator('input[part~="otp-input"]')).toBeVisible();
      const { code } = await latestMessage(email, sent);
      await w.locator('input[part~="otp-input"]').fill(code!);
    };
    await signIn(1);
    // MFA Enrollment Selection: authenticator first, then text.
    await check(w.locator('button[part~="button-secondary"]').nth(1));
    await w.locator('button[part~="button-secondary"]').nth(1).click();
    // SMS OTP Enrollment, then SMS OTP Entry, then back twice to the choice.
    await check(w.locator('input[type="tel"]'));
    const phone = uniquePhone();
    await w.locator('input[type="tel"]').fill(phone);
    await w.locator('button[type="submit"]').click();
    await check(w.getByText(`+1${phone}`));
    await w.locator('[part="link-button"]').last().click();
    await expect(w.locator('input[type="tel"]')).toBeVisible();
    await w.locator('[part="link-button"]').last().click();
    await w.locator('button[part~="button-secondary"]').first().click();
    // TOTP Enrollment QR Code, Manual, TOTP Entry, Recovery Code Save.
    await check(w.locator('img[part="qr-code"]'));
    await w.locator('button[part~="button-secondary"]').click();
    await check(w.locator('code[part="code"]'));
    const secret = (await w.locator('code[part="code"]').innerText()).replace(/\s+/g, '');
    await w.locator('button[part~="button-secondary"]').click();
    await check(w.locator('[part="helper"]'));
    await w.locator('input[part~="otp-input"]').fill(await totpCode(secret));
    await check(w.locator('[part="recovery-codes"]'));
    const backup = await w.locator('[part="recovery-codes"] li').first().innerText();
    await w.locator('[part="link-button"]').click();
    await expect(w.locator('[part="member"]')).toBeVisible();

    // TOTP Entry signing in, then Recovery Code Entry.
    await page.evaluate(() => (window as unknown as { client: { session: { revoke(o: object): Promise<unknown> } } }).client.session.revoke({ forceClear: true }));
    await signIn(2);
    await check(w.locator('button[part~="button-secondary"]'));
    await w.locator('button[part~="button-secondary"]').click();
    await check(w.locator('input[name="recovery-code"]'));
    await w.locator('input[name="recovery-code"]').fill(backup);
    await w.locator('button[type="submit"]').click();
    await expect(w.locator('[part="member"]')).toBeVisible();
  });
}

test('every MFA screen change keeps a card on screen (lazy screens held for frames): enrolment by authenticator to Logged In', async ({ page }) => {
  const email = uniqueEmail('b2b-mfa-frames');
  const { slug } = await organizationWith(page, email, { mfa_policy: 'REQUIRED_FOR_ALL', mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['totp'] });
  const frames = await recordCardFrames(page, 'stytch-b2b-ui');
  await page.goto(orgPage(slug));
  await expect(b2b(page).getByLabel('Email')).toBeVisible();
  await frames.start();
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email, 1);
  await b2b(page).getByLabel('One-time passcode').fill(code!);
  // The organization allows only the authenticator: straight to its QR code.
  await enrolTotp(page);
  await frames.expectNeverBlank([
    'Enter passcode',
    'Scan the QR code to link your authenticator app',
    'Having trouble scanning the QR code?',
    'Enter verification code',
    'Save your backup codes!',
    'Success!',
  ]);
});
