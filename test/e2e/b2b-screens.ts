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
 * to be typed into (the email passcode), the code field has it instead, as on the login element.
 */
export async function expectScreen(page: Page, title: string | RegExp): Promise<void> {
  const heading = b2b(page).getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(title);
  if (title === 'Enter passcode') await expect(b2b(page).getByLabel('One-time passcode')).toBeFocused();
  else await expect(heading).toBeFocused();
}
