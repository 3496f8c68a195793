import { expect, test, type Page } from '@playwright/test';
import { demoUrl, widget } from './screens-helpers.ts';

// Issue 14, item 6: switching login tabs and pressing Tab at once reaches the new panel's first
// field, even while that panel's form is still loading. The phone form's chunk is held until the
// test lets it go, so the keys are pressed while the Text panel is really pending.

const TABS = { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } };
const SLOW = { timeout: 15_000 };

/** Holds the phone form's chunk; `requested` settles when the page asks for it, `release()` answers it. */
async function holdPhoneForm(page: Page) {
  let requested!: () => void;
  let release!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/chunks[^/]*\/PhoneForm-[^/]*\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: asked, release };
}

test("arrow to another tab and Tab at once: focus waits in the pending panel, then the form's first field has it", async ({ page }) => {
  const phone = await holdPhoneForm(page);
  await page.goto(demoUrl(TABS));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible(SLOW);
  await w.getByRole('tab', { name: 'Email' }).focus();

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await phone.requested;
  await expect(w.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  // Still in the widget, on the panel the form will fill, not past it.
  await expect(w.getByRole('tabpanel')).toBeFocused();
  await expect(w.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
  phone.release();
  await expect(w.getByRole('combobox', { name: 'Country' })).toBeFocused(SLOW);
  await expect(w.getByRole('tabpanel')).not.toHaveAttribute('aria-busy');
  // The panel is a Tab stop only while it waits: Shift+Tab goes straight back to the tab.
  await page.keyboard.press('Shift+Tab');
  await expect(w.getByRole('tab', { name: 'Text' })).toBeFocused();

  // Back to a form already loaded: the keys at once land in it.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Tab');
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type('a@example.com');
  await expect(w.getByRole('textbox', { name: 'Email' })).toHaveValue('a@example.com');
});

test("click another tab and Tab at once: the pending form's first field gets focus when it arrives", async ({ page }) => {
  const phone = await holdPhoneForm(page);
  await page.goto(demoUrl(TABS));
  const w = widget(page);
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible(SLOW);

  await w.getByRole('tab', { name: 'Text' }).click();
  await page.keyboard.press('Tab');
  await phone.requested;
  phone.release();
  await expect(w.getByRole('combobox', { name: 'Country' })).toBeFocused(SLOW);
  await page.keyboard.press('Tab');
  await expect(w.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
});

test('Text and WhatsApp share one phone form: the number typed stays across the switch', async ({ page }) => {
  await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Phone number' }).fill('2015550123');
  await w.getByRole('tab', { name: 'WhatsApp' }).click();
  await expect(w.getByRole('tab', { name: 'WhatsApp' })).toHaveAttribute('aria-selected', 'true');
  await expect(w.getByRole('textbox', { name: 'Phone number' })).toHaveValue(/201.*555.*0123/);
});
