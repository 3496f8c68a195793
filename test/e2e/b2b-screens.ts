import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { axe } from './axe.ts';
import { latestMessage, providerNow } from './screens-helpers.ts';

/** The B2B element (its shadow DOM is pierced by Playwright locators). */
export const b2b = (page: Page) => page.locator('stytch-b2b-ui');

/** axe finds nothing on the B2B element. */
export async function axeClean(page: Page): Promise<void> {
  expect(await axe(page, 'stytch-b2b-ui')).toEqual([]);
}

/**
 * After a transition the new screen is announced: its heading has focus; on a screen that exists
 * to be typed into (a six-digit code: email, text or authenticator app), the code field has it
 * instead, as on the login element.
 */
export async function expectScreen(page: Page, title: string | RegExp): Promise<void> {
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText(title);
  await expectOpened(page);
}

/** The current screen took focus as it opened: its code field if it has one, else its heading. */
export async function expectOpened(page: Page): Promise<void> {
  const heading = b2b(page).getByRole('heading', { level: 1 });
  // By what it is, not by its name, which is in the widget's language.
  const code = b2b(page).locator('input[autocomplete="one-time-code"]');
  if ((await code.count()) > 0) await expect(code).toBeFocused();
  else await expect(heading).toBeFocused();
}

/**
 * An organization whose first admin is `email`, with `policy` set (the admin's own session,
 * from the demo page's headless client, then signed out): its slug and name.
 */
export async function organizationWith(page: Page, email: string, policy: object): Promise<{ slug: string; name: string }> {
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?products=emailOtp`);
  await page.evaluate(
    (a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }),
    email,
  );
  const { code } = await latestMessage(email);
  const name = `Org ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const slug = await page.evaluate(
    async ([a, c, n, p]) => {
      type C = {
        otps: { email: { discovery: { authenticate(o: object): Promise<unknown> } } };
        discovery: { organizations: { create(o: object): Promise<{ organization: { organization_slug: string } }> } };
        organization: { update(o: object): Promise<unknown> };
        session: { revoke(o: object): Promise<unknown> };
      };
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      const r = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: n });
      await client.organization.update(p);
      await client.session.revoke({ forceClear: true });
      return r.organization.organization_slug;
    },
    [email, code!, name, policy] as const,
  );
  return { slug, name };
}

/**
 * A new organization whose admin, `email`, stays signed in on this page's browser (the demo B2B
 * page's headless client): its id.
 */
export async function signedInAdmin(page: Page, email: string): Promise<string> {
  type C = {
    otps: { email: { discovery: { send(o: object): Promise<unknown>; authenticate(o: object): Promise<unknown> } } };
    discovery: { organizations: { create(o: object): Promise<{ organization: { organization_id: string } }> } };
  };
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html`);
  await page.evaluate((a) => (window as unknown as { client: C }).client.otps.email.discovery.send({ email_address: a }), email);
  const { code } = await latestMessage(email);
  return page.evaluate(
    async ([a, c]) => {
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      return (await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: `Admin Org ${Date.now()}` })).organization.organization_id;
    },
    [email, code!] as const,
  );
}

/**
 * A fresh address on a domain of its own: no organization admits it by its domain (other tests
 * make organizations that admit every example.com address), so discovery finds nothing for it.
 */
export function loneEmail(tag: string): string {
  const n = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return `${tag}-${n}@lone-${n}.example.org`;
}

/**
 * Opens an organization's login page (`url`), and by keyboard alone, as a user without a mouse
 * would, Tabs from the page's link to the email field and types `email` there.
 */
export async function typeEmailOnOrganizationPage(page: Page, url: string, organizationName: string, email: string): Promise<void> {
  await page.goto(url);
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${organizationName}` })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
}

/** What the member's authenticator app shows for `secret`, by the provider's clock (which tests move ahead). */
export async function totpCode(secret: string): Promise<string> {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.toUpperCase()), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: await providerNow() });
}

/**
 * TOTP enrolment as a member does it, from 'Scan the QR code…': 'Having trouble scanning?' for
 * the key, Continue, the app's code, then Done on the backup codes; the widget lands on
 * 'Success!'. The authenticator's secret, for the codes of later sign-ins.
 */
export async function enrolTotp(page: Page): Promise<string> {
  await expectScreen(page, 'Scan the QR code to link your authenticator app');
  await b2b(page).getByRole('button', { name: 'Having trouble scanning?' }).click();
  await expectScreen(page, 'Having trouble scanning the QR code?');
  const secret = (await b2b(page).locator('code').innerText()).replace(/\s+/g, '');
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Enter verification code');
  await b2b(page)
    .getByLabel('One-time passcode')
    .fill(await totpCode(secret));
  await expectScreen(page, 'Save your backup codes!');
  await b2b(page).getByRole('button', { name: 'Done' }).click();
  await expectScreen(page, 'Success!');
  return secret;
}
