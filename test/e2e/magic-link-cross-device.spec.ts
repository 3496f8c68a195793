import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { demoUrl, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';
import { englishMessages } from '../../screens/i18n/en/all.ts';
import pseudoLocale from '../../screens/i18n/locales/en-XA.ts';
import ar from '../../screens/i18n/locales/ar.ts';
import de from '../../screens/i18n/locales/de.ts';
import es from '../../screens/i18n/locales/es.ts';
import fr from '../../screens/i18n/locales/fr.ts';
import he from '../../screens/i18n/locales/he.ts';
import it from '../../screens/i18n/locales/it.ts';
import ja from '../../screens/i18n/locales/ja.ts';
import ko from '../../screens/i18n/locales/ko.ts';
import nl from '../../screens/i18n/locales/nl.ts';
import pl from '../../screens/i18n/locales/pl.ts';
import ptBR from '../../screens/i18n/locales/pt-BR.ts';
import zhCN from '../../screens/i18n/locales/zh-CN.ts';

/*
 * Scanner-proof, cross-device magic links (emailMagicLinksOptions.crossDevice): the asking tab
 * waits with a code, the link opened in another browser context asks for that code, and the
 * confirmation signs the asking tab in. A mail scanner's plain GET (following redirects), and
 * even a scanner that renders the page, spend nothing.
 */
const page = () => `${process.env.E2E_DEMO_URL}/index.html`;
const config = (extra: object = {}) => ({
  products: ['emailMagicLinks'],
  emailMagicLinksOptions: { crossDevice: true, loginRedirectURL: page(), signupRedirectURL: page() },
  ...extra,
});

/** The link as the page hosting the widget (with the same config) receives it. */
function linkPage(link: string, extra: object = {}): string {
  const url = new URL(link);
  url.searchParams.set('config', JSON.stringify(config(extra)));
  return url.toString();
}

/** Asks for a link in a fresh context; returns the asking page, its code and the link. */
async function ask(browser: Browser, extra: object = {}) {
  const context = await browser.newContext();
  const asking = await context.newPage();
  const email = uniqueEmail('xdevice');
  await asking.goto(demoUrl(config(extra)));
  const w = widget(asking);
  await w.getByRole('textbox').first().fill(email);
  await w.getByRole('button').filter({ hasNotText: /^$/ }).last().click();
  const code = w.locator('[part~="link-request-code"]');
  await expect(code).toHaveText(/^\d{3}$/, { timeout: 15_000 });
  const message = await latestMessage(email);
  return { context, asking, email, code: (await code.textContent())!, link: message.link! };
}

async function signedIn(p: Page): Promise<boolean> {
  return (await p.context().cookies()).some((c) => c.name === 'stytch_session');
}

test('the asking tab waits with a code; the link opened in another context asks for it, and confirming signs the asking tab in', async ({ browser }) => {
  const { asking, code, link } = await ask(browser);
  const w = widget(asking);
  await expect(w.getByText('Opening the link on another device? Enter this code there:')).toBeVisible();
  expect(await axe(asking)).toEqual([]);

  // A mail scanner: a plain GET that follows redirects, then one that renders the page's scripts.
  const fetched = await fetch(link, { redirect: 'follow' });
  expect(fetched.status).toBe(200);
  await fetched.text();
  const scanner = await browser.newContext();
  const scanned = await scanner.newPage();
  await scanned.goto(linkPage(link));
  await expect(widget(scanned).getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible({ timeout: 15_000 });
  await scanner.close();

  // The person, on another device, by keyboard only.
  const other = await browser.newContext();
  const device = await other.newPage();
  await device.goto(linkPage(link));
  const d = widget(device);
  await expect(d.getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible({ timeout: 15_000 });
  expect(await axe(device)).toEqual([]);
  const field = d.getByRole('textbox', { name: 'Code' });
  await field.focus();
  const wrong = String((Number(code) + 1) % 1000).padStart(3, '0');
  await device.keyboard.type(wrong);
  await device.keyboard.press('Enter');
  await expect(d.getByRole('alert')).toContainText('not the code');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await axe(device)).toEqual([]);
  await field.fill('');
  await device.keyboard.type(code);
  await device.keyboard.press('Tab');
  await expect(d.getByRole('checkbox', { name: 'Also sign in on this device' })).toBeFocused();
  await device.keyboard.press('Tab');
  await expect(d.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await device.keyboard.press('Enter');
  await expect(d.getByRole('heading', { name: 'Sign-in confirmed' })).toBeVisible({ timeout: 15_000 });
  expect(await axe(device)).toEqual([]);

  await expect(w.getByText('You have successfully logged in.')).toBeVisible({ timeout: 15_000 });
  expect(await signedIn(asking)).toBe(true);
  expect(await signedIn(device)).toBe(false);

  // Spent everywhere: the link opened again says so.
  const again = await other.newPage();
  await again.goto(linkPage(link));
  await expect(widget(again).getByRole('alert')).toBeVisible({ timeout: 15_000 });
  await other.close();
  await asking.context().close();
});

test("'Also sign in on this device' signs in both", async ({ browser }) => {
  const { asking, code, link } = await ask(browser);
  const other = await browser.newContext();
  const device = await other.newPage();
  await device.goto(linkPage(link));
  const d = widget(device);
  await d.getByRole('textbox', { name: 'Code' }).fill(code);
  await d.getByRole('checkbox', { name: 'Also sign in on this device' }).focus();
  await device.keyboard.press('Space');
  await d.getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('You have successfully logged in.')).toBeVisible({ timeout: 15_000 });
  await expect(widget(asking).getByText('You have successfully logged in.')).toBeVisible({ timeout: 15_000 });
  expect(await signedIn(device)).toBe(true);
  expect(await signedIn(asking)).toBe(true);
  await other.close();
  await asking.context().close();
});

test('a link sent without a waiting tab is spent only by its one-click Sign in, never by opening it', async ({ browser }) => {
  const context = await browser.newContext();
  const p = await context.newPage();
  const email = uniqueEmail('oneclick');
  // The official send (no link_request), then the link's page with crossDevice on.
  await p.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
  await p.waitForFunction(() => 'client' in window);
  await p.evaluate(
    ([e, url]) =>
      (window as unknown as { client: { magicLinks: { email: { loginOrCreate(e: string, o: object): Promise<unknown> } } } }).client.magicLinks.email.loginOrCreate(e!, {
        login_magic_link_url: url,
        signup_magic_link_url: url,
      }),
    [email, page()],
  );
  const link = (await latestMessage(email)).link!;
  expect((await fetch(link, { redirect: 'follow' })).status).toBe(200);
  await p.goto(linkPage(link));
  const w = widget(p);
  await expect(w.getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible({ timeout: 15_000 });
  await expect(w.getByText('Select the button to finish signing in.')).toBeVisible();
  expect(await signedIn(p)).toBe(false);
  expect(await axe(p)).toEqual([]);
  await w.getByRole('button', { name: 'Sign in' }).focus();
  await p.keyboard.press('Enter');
  await expect(w.getByText('You have successfully logged in.')).toBeVisible({ timeout: 15_000 });
  expect(await signedIn(p)).toBe(true);
  await context.close();
});

const LOCALES: Record<string, Record<string, string>> = {
  ar,
  de,
  'en-XA': pseudoLocale(englishMessages),
  es,
  fr,
  he,
  it,
  ja,
  ko,
  nl,
  pl,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
};

test('every locale: the waiting screen, the link page and its wrong-code error are in the widget language, axe-clean', async ({ browser }) => {
  test.setTimeout(180_000);
  const other = await browser.newContext();
  const device = await other.newPage();
  for (const [locale, words] of Object.entries(LOCALES)) {
    const { asking, code, link } = await ask(browser, { locale });
    await expect(widget(asking).getByText(words['linkRequest.codeIntro']!)).toBeVisible();
    await device.goto(linkPage(link, { locale }));
    const d = widget(device);
    await expect(d.getByRole('heading', { name: words['linkConfirm.title'] })).toBeVisible({ timeout: 15_000 });
    const field = d.getByRole('textbox', { name: words['linkConfirm.codeLabel'] });
    await field.fill(String((Number(code) + 1) % 1000).padStart(3, '0'));
    await d.getByRole('button', { name: words['linkConfirm.submit'] }).click();
    await expect(d.getByRole('alert'), locale).toHaveText(words['error.invalidLinkCode']!);
    expect(await axe(device), locale).toEqual([]);
    await asking.context().close();
  }
  await other.close();
});

test('the waiting tab says so when the link signed in the device it was opened on instead', async ({ browser }) => {
  const { asking, link } = await ask(browser);
  const token = new URL(link).searchParams.get('token')!;
  // The official client's authenticate on the link's device, as any page redeeming the link by script would.
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/sdk/v1/magic_links/authenticate`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: new URL(process.env.E2E_DEMO_URL!).origin,
      Authorization: `Basic ${Buffer.from(`${process.env.E2E_PUBLIC_TOKEN}:${process.env.E2E_PUBLIC_TOKEN}`).toString('base64')}`,
    },
    body: JSON.stringify({ token, session_duration_minutes: 30 }),
  });
  expect(res.status).toBe(200);
  await expect(widget(asking).getByRole('alert')).toHaveText('The link was used to sign in on another device.', { timeout: 15_000 });
  expect(await signedIn(asking)).toBe(false);
  await asking.context().close();
});

test('dark theme: the waiting code and the link page are axe-clean', async ({ browser }) => {
  const context = await browser.newContext();
  const asking = await context.newPage();
  const email = uniqueEmail('xdark');
  await asking.goto(demoUrl(config(), '&theme=dark'));
  const w = widget(asking);
  await w.getByRole('textbox').first().fill(email);
  await w.getByRole('button').filter({ hasNotText: /^$/ }).last().click();
  await expect(w.locator('[part~="link-request-code"]')).toHaveText(/^\d{3}$/, { timeout: 15_000 });
  expect(await axe(asking)).toEqual([]);
  const device = await context.newPage();
  await device.goto(`${linkPage((await latestMessage(email)).link!)}&theme=dark`);
  await expect(widget(device).getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible({ timeout: 15_000 });
  expect(await axe(device)).toEqual([]);
  await context.close();
});
