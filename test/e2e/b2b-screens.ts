import { expect, type Page } from '@playwright/test';
import { axe } from './axe.ts';

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
