import { expect, test, type Page } from '@playwright/test';
import { advanceProviderClock, PROVIDER_CLOCK_TAG } from './provider-clock.ts';
import { demoUrl, headless, uniqueEmail, widget } from './screens-helpers.ts';

const STRONG = 'correct horse battery staple 91!';
const SLOW = { timeout: 15_000 };
const HOUR = 3_600_000;

/** An account whose password is locked: ten wrong guesses, the provider's limit (docs/SECURITY.md). */
async function lockedAccount(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  expect(await headless(page, 'create', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: true });
  for (let i = 0; i < 10; i++) expect(await headless(page, 'authenticate', { email, password: `wrong guess ${i}`, session_duration_minutes: 30 })).toMatchObject({ ok: false });
  expect(await headless(page, 'authenticate', { email, password: STRONG, session_duration_minutes: 30 })).toEqual({ ok: false, error_type: 'too_many_failed_attempts' });
  return email;
}

/** The Log In screen of `email` in `locale`, the right password typed and submitted. */
async function signIn(page: Page, email: string, config: object, words: { email: string; continueEmail: string; password: string; submit: string }) {
  await page.goto(demoUrl({ products: ['passwords', 'emailMagicLinks'], ...config }));
  const w = widget(page);
  await w.getByRole('textbox', { name: words.email }).fill(email);
  await w.getByRole('button', { name: words.continueEmail }).click();
  await w.getByLabel(words.password, { exact: true }).fill(STRONG, SLOW);
  const submit = w.getByRole('button', { name: words.submit, exact: true });
  await submit.click();
  return { w, submit };
}

const LOCALES = [
  {
    locale: 'en',
    words: { email: 'Email', continueEmail: 'Continue with email', password: 'Password', submit: 'Continue' },
    waiting: /^Too many attempts\. Try again in (59:\d\d|60:00)\.$/,
    ready: 'You can try again now.',
    success: 'Success!',
  },
  {
    locale: 'fr',
    words: { email: 'E-mail', continueEmail: 'Continuer avec l’e-mail', password: 'Mot de passe', submit: 'Continuer' },
    waiting: /^Trop de tentatives\. Réessayez dans (59:\d\d|60:00)\.$/,
    ready: 'Vous pouvez réessayer maintenant.',
    success: 'C’est fait\u00a0!',
  },
];

for (const l of LOCALES) {
  test(`a locked password counts down on its button, announced, and the button comes back by itself (${l.locale})`, { tag: PROVIDER_CLOCK_TAG }, async ({ page }) => {
    await page.clock.install();
    const email = await lockedAccount(page, `rl-${l.locale}`);
    const { w, submit } = await signIn(page, email, { locale: l.locale }, l.words);
    // The wait (the provider's Retry-After, about an hour) shows under the field; the button is disabled.
    const countdown = w.locator('[part="error"]');
    await expect(countdown).toHaveText(l.waiting, SLOW);
    await expect(submit).toBeDisabled();
    // Screen readers hear the wait once, politely.
    const status = w.getByRole('status').filter({ hasText: l.waiting });
    await expect(status).toHaveCount(1);
    // An hour later (the provider's lock and the page's clock), the button is back with no click, and signs in.
    await advanceProviderClock(HOUR + 5_000);
    await page.clock.fastForward(HOUR + 5_000);
    await expect(w.getByRole('status').filter({ hasText: l.ready })).toHaveCount(1);
    await expect(countdown).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(w.getByRole('heading', { name: l.success })).toBeVisible(SLOW);
  });
}

test('with rateLimitCountdown off, a locked password shows the provider error and nothing counts down', async ({ page }) => {
  const email = await lockedAccount(page, 'rl-off');
  const { w, submit } = await signIn(page, email, { rateLimitCountdown: false }, LOCALES[0]!.words);
  await expect(w.getByRole('alert')).toHaveText(/Too many failed/, SLOW);
  await expect(w.getByText(/Try again in/)).toHaveCount(0);
  await expect(submit).toBeEnabled();
});
