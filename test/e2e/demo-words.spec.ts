import { expect, test } from '@playwright/test';
import { catalog } from '../../provider/services/messages/catalog.ts';
import { latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

// The demo's language picker and strings example, and the message the widget then asks for.

const site = (path: string) => `${process.env.E2E_DEMO_URL}/${path}`;

test('home page: picking French reloads the widget in French, and the magic link it sends is in French', async ({ page }) => {
  await page.goto(site('index.html'));
  await page.getByLabel('Language', { exact: true }).selectOption('fr');
  await expect(page).toHaveURL(/[?&]locale=fr/);
  const w = widget(page);
  await expect(w.getByRole('heading', { name: 'Inscription ou connexion' })).toBeVisible();
  await expect(w.locator('[lang="fr"]').first()).toBeAttached();

  const email = uniqueEmail('demo-fr');
  await w.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await w.getByRole('button', { name: 'Continuer avec l’e-mail' }).click();
  await expect(w.getByRole('heading', { name: 'Consultez vos e-mails' })).toBeVisible();
  const message = (await latestMessage(email)) as { subject?: string };
  // A new address: the sign-up email, with the project's name in place of {name}.
  const [before, after] = catalog.fr.signupSubject.split('{name}');
  expect(message.subject).toMatch(new RegExp(`^${before}.+${after}$`));

  // The pages an email leads to cannot carry the choice in their links: the demo remembers it.
  await page.goto(site('reset-password.html?stytch_token_type=reset_password&token=any'));
  await expect(page.locator('stytch-reset-password').getByRole('heading', { name: 'Réinitialisez votre mot de passe' })).toBeVisible();
  await page.goto(site('index.html?locale=en'));
  await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
});

test('home page: the strings example lays "Sign in" over the words of any language', async ({ page }) => {
  await page.goto(site('index.html?locale=de'));
  await expect(widget(page).getByRole('heading', { name: 'Registrieren oder anmelden' })).toBeVisible();
  // A click reloads the page with the choice in its URL.
  await page.getByLabel(/strings example/).click();
  await expect(page).toHaveURL(/strings=example/);
  await expect(page).toHaveURL(/locale=de/);
  await expect(widget(page).getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();
  // Only the overridden ids change: the rest stays German.
  await expect(widget(page).getByRole('button', { name: 'Weiter mit E-Mail' })).toBeVisible();
});

test('playground: the language picker writes locale into the configuration; the strings editor applies and reports bad entries', async ({ page }) => {
  await page.goto(site(`playground.html?config=${encodeURIComponent(JSON.stringify({ products: ['passwords'] }))}`));
  const w = widget(page);
  await expect(w.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  expect(JSON.parse(await page.getByLabel('Configuration (JSON)').inputValue())).toEqual({ products: ['passwords'], locale: 'ar' });
  await expect(w.getByRole('heading', { name: 'أنشئ حسابًا أو سجّل الدخول' })).toBeVisible();
  await expect(w.locator('[dir="rtl"]').first()).toBeAttached();

  await page.getByRole('button', { name: 'Insert the example' }).click();
  await expect(w.getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();
  const shared = new URL(page.url());
  expect(JSON.parse(shared.searchParams.get('strings')!)['password.login.title']).toBe('Sign in');
  expect(JSON.parse(shared.searchParams.get('config')!).locale).toBe('ar');

  // A link with both opens the same widget.
  const other = await page.context().newPage();
  await other.goto(shared.href);
  await expect(widget(other).getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();
  await expect(other.getByLabel('Language', { exact: true })).toHaveValue('ar');

  const strings = page.getByLabel(/^Strings/);
  await strings.fill('{"login.title": "Hello {name"}');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('login.title');
  await expect(w.getByRole('heading', { name: 'أنشئ حسابًا أو سجّل الدخول' })).toBeVisible();
  await strings.fill('[1]');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('Strings must be a JSON object');
});
