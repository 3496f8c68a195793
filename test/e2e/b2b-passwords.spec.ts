import { expect, test, type Page } from '@playwright/test';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';
import { axeClean, b2b, expectScreen, loneEmail, typeEmailOnOrganizationPage } from './b2b-screens.ts';

/*
 * <stytch-b2b-ui>'s password screens against the real provider, through the demo (issue 26):
 * an organization's password sign-in, a discovery password sign-in, and a forgotten password
 * reset by the emailed link (the reset form with its strength feedback), once by keyboard.
 * Links come from the provider's outbox.
 */

const STRONG = 'quokka umbrella jazz wharf';
const NEWER = 'violet anchor meadow trombone 47?';

type Client = {
  otps: { email: { discovery: { send(o: object): Promise<unknown>; authenticate(o: object): Promise<unknown> } } };
  discovery: { organizations: { create(o: object): Promise<{ organization: { organization_slug: string } }> } };
  passwords: { resetBySession(o: object): Promise<unknown> };
  organization: { update(o: object): Promise<unknown> };
  session: { revoke(o: object): Promise<unknown> };
};

/** An organization whose first admin is `email` with `password` set (by the demo page's headless client, then signed out). */
async function organizationWithPassword(page: Page, email: string, password = STRONG, policy: object = {}): Promise<{ slug: string; name: string }> {
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?products=emailOtp`);
  await page.evaluate((a) => (window as unknown as { client: Client }).client.otps.email.discovery.send({ email_address: a }), email);
  const { code } = await latestMessage(email);
  const name = `Pw Org ${Date.now()}`;
  const slug = await page.evaluate(
    async ([a, c, n, p, settings]) => {
      const client = (window as unknown as { client: Client }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      const r = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: n });
      await client.passwords.resetBySession({ password: p });
      if (Object.keys(settings).length > 0) await client.organization.update(settings);
      await client.session.revoke({ forceClear: true });
      return r.organization.organization_slug;
    },
    [email, code!, name, password, policy] as const,
  );
  return { slug, name };
}

const orgPage = (slug: string, extra = '') => `${process.env.E2E_DEMO_URL}/b2b.html?flow=Organization&slug=${encodeURIComponent(slug)}&products=passwords${extra}`;
const discoveryPage = (extra = '') => `${process.env.E2E_DEMO_URL}/b2b.html?products=emailOtp,passwords${extra}`;

test('organization: a wrong password is refused, the right one signs in', async ({ page }) => {
  const email = uniqueEmail('b2b-pw-org');
  const { slug, name } = await organizationWithPassword(page, email);
  await page.goto(orgPage(slug));
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${name}` })).toBeVisible();
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByLabel('Password', { exact: true }).fill(`${STRONG} not`);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expect(b2b(page).getByRole('alert')).toBeVisible();
  await b2b(page).getByLabel('Password', { exact: true }).fill(STRONG);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();
});

test('discovery: "Use a password instead", the password lists the organizations, one is entered', async ({ page }) => {
  const email = uniqueEmail('b2b-pw-disc');
  const { name } = await organizationWithPassword(page, email);
  await page.goto(discoveryPage());
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Use a password instead' }).click();
  await expectScreen(page, 'Log in with email and password');
  await axeClean(page);
  // The address typed on Main comes along.
  await expect(b2b(page).getByLabel('Email')).toHaveValue(email);
  await b2b(page).getByLabel('Password', { exact: true }).fill(STRONG);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Select an organization to continue');
  await b2b(page).getByRole('button', { name }).click();
  await expectScreen(page, 'Success!');
});

test('forgot password, by keyboard alone: the reset link opens the reset form, whose feedback waits for a strong password, then signs in', async ({ page }) => {
  const email = uniqueEmail('b2b-pw-reset');
  const { slug, name } = await organizationWithPassword(page, email);
  // Keyboard alone: Tab from the page's link to the email field, type, Tab past the password
  // (field and its show toggle) and Continue to 'Sign up or reset password'.
  await typeEmailOnOrganizationPage(page, orgPage(slug), name, email);
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Sign up or reset password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Check your email for help signing in');
  await expect(b2b(page).getByText("We'll email you a login link to sign in to your account directly or reset your password if you have one.")).toBeVisible();
  await expect(b2b(page).getByLabel('Email')).toHaveValue(email);
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Check your email');
  await expect(b2b(page).getByText(`A login link was sent to you at ${email}.`)).toBeVisible();

  const { link } = await latestMessage(email, 1);
  expect(new URL(link!).searchParams.get('stytch_token_type')).toBe('multi_tenant_passwords');
  await page.goto(link!);
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  // The token left the address bar: a reload would not spend it twice.
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  const continueButton = b2b(page).getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('password');
  // The provider's verdict in the B2B shape: not accepted, with zxcvbn's warning and suggestions.
  await expect(b2b(page).locator('[part~="strength-warning"]')).toBeVisible();
  await expect(b2b(page).locator('[part~="strength-suggestion"]').first()).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await axeClean(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(NEWER);
  await expect(b2b(page).getByText('Password accepted.')).toBeVisible();
  await expect(continueButton).toBeEnabled();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();

  // The new password signs in; the old one no longer does.
  await page.evaluate(() => (window as unknown as { client: Client }).client.session.revoke({ forceClear: true }));
  await page.goto(orgPage(slug));
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByLabel('Password', { exact: true }).fill(STRONG);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expect(b2b(page).getByRole('alert')).toBeVisible();
  await b2b(page).getByLabel('Password', { exact: true }).fill(NEWER);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Success!');
});

test('discovery forgot password: the discovery reset link opens the reset form, the new password lists the organizations, one is entered', async ({ page }) => {
  const email = uniqueEmail('b2b-pw-disc-reset');
  const { name } = await organizationWithPassword(page, email);
  await page.goto(discoveryPage());
  await b2b(page).getByRole('button', { name: 'Use a password instead' }).click();
  await expectScreen(page, 'Log in with email and password');
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Sign up or reset password' }).click();
  await expectScreen(page, 'Check your email for help signing in');
  await expect(b2b(page).getByText("We'll email you a verification link to sign up for an account or reset your password if you have one.")).toBeVisible();
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Check your email');
  const { link } = await latestMessage(email, 1);
  expect(new URL(link!).searchParams.get('stytch_redirect_type')).toBe('reset_password');
  await page.goto(link!);
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  await b2b(page).getByLabel('Password', { exact: true }).fill(NEWER);
  await expect(b2b(page).getByRole('button', { name: 'Continue' })).toBeEnabled();
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Select an organization to continue');
  await b2b(page).getByRole('button', { name }).click();
  await expectScreen(page, 'Success!');
});

test('forgot password for an address without one: a login link proves it first where the organization would admit it; elsewhere, no access', async ({ page }) => {
  // A domain of its own: an organization admitting all of example.com would show up in other tests' discovery.
  const domain = loneEmail('b2b-pw-jit').split('@')[1]!;
  const { slug } = await organizationWithPassword(page, `b2b-pw-jit@${domain}`, STRONG, { email_jit_provisioning: 'RESTRICTED', email_allowed_domains: [domain] });
  const newcomer = `b2b-pw-new@${domain}`;
  await page.goto(orgPage(slug));
  await b2b(page).getByLabel('Email').fill(newcomer);
  await b2b(page).getByRole('button', { name: 'Sign up or reset password' }).click();
  await expectScreen(page, 'Check your email for help signing in');
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Verify your email first.');
  await expect(b2b(page).getByText(`A login link was sent to you at ${newcomer}.`)).toBeVisible();
  expect(new URL((await latestMessage(newcomer)).link!).searchParams.get('stytch_token_type')).toBe('multi_tenant_magic_links');

  const closed = await organizationWithPassword(page, uniqueEmail('b2b-pw-closed'));
  const stranger = uniqueEmail('b2b-pw-stranger');
  await page.goto(orgPage(closed.slug));
  await b2b(page).getByLabel('Email').fill(stranger);
  await b2b(page).getByRole('button', { name: 'Sign up or reset password' }).click();
  // The sign-in screen has a Continue too: wait for the reset screen's, or a loaded machine clicks the old one.
  await expectScreen(page, 'Check your email for help signing in');
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expect(b2b(page).getByRole('alert')).toHaveText(`${stranger} does not have access to ${closed.name}. If you think this is a mistake, contact your admin.`);
});

/*
 * Every password screen, found by structure rather than by its English (a locale may translate
 * it), checked by axe in light at 375 px, dark, and right to left.
 */
for (const [label, extra, width] of [
  ['light at 375 px', '', 375],
  ['dark', '&theme=dark', 800],
  ['right to left (Arabic)', '&locale=ar', 800],
] as const) {
  test(`axe is clean on every password screen in ${label}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = loneEmail('b2b-pw-axe');
    const domain = email.split('@')[1]!;
    const { slug } = await organizationWithPassword(page, email, STRONG, { email_jit_provisioning: 'RESTRICTED', email_allowed_domains: [domain] });
    const w = b2b(page);
    // `landed`: the page opened on this screen (no transition: the heading does not take focus).
    const check = async (ready: ReturnType<Page['locator']>, landed = false) => {
      await expect(ready).toBeVisible();
      if (!landed) await expect(w.getByRole('heading', { level: 1 })).toBeFocused();
      await axeClean(page);
      // Nothing wider than the page, at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    };
    const rtl = async () => {
      if (extra === '&locale=ar') await expect(w.locator('[dir="rtl"]')).toHaveCount(1);
    };

    // Password Authenticate, from Discovery's Main.
    await page.goto(discoveryPage(extra));
    await rtl();
    await w.locator('input[type="email"]').fill(email);
    await w.locator('button[part~="link-button"]').click();
    await check(w.locator('input[type="password"]'));

    // Password Forgot Form and Password Set New Confirmation, from Organization Main.
    await page.goto(orgPage(slug, extra));
    await rtl();
    await w.locator('input[type="email"]').fill(email);
    await w.locator('button[type="button"][part~="button-secondary"]').click();
    await check(w.locator('form input[type="email"]'));
    await w.locator('button[type="submit"]').click();
    await check(w.locator('button[part~="button-secondary"]'));

    // Password Reset Form, from the link, with the strength feedback showing.
    const { link } = await latestMessage(email, 1);
    const landing = new URL(link!);
    for (const [k, v] of new URLSearchParams(extra.slice(1))) landing.searchParams.set(k, v);
    await page.goto(landing.href);
    await rtl();
    await w.locator('input[name="password"]').fill('password');
    await expect(w.locator('[part~="strength-suggestion"]').first()).toBeVisible();
    await check(w.locator('[part~="strength-warning"]'), true);

    // Password Reset Verify Confirmation: an address the organization would admit, without a password.
    await page.goto(orgPage(slug, extra));
    await w.locator('input[type="email"]').fill(`b2b-pw-axe-new@${domain}`);
    await w.locator('button[type="button"][part~="button-secondary"]').click();
    await expect(w.locator('form input[type="email"]')).toBeVisible();
    await w.locator('button[type="submit"]').click();
    await check(w.locator('button[part~="link-button"]'));
  });
}
