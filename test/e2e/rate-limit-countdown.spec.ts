import { expect, test, type Locator, type Page } from '@playwright/test';
import { b2b, expectScreen, loneEmail } from './b2b-screens.ts';
import { advanceProviderClock, PROVIDER_CLOCK_TAG } from './provider-clock.ts';
import { demoUrl, headless, latestMessage, uniqueEmail, widget } from './screens-helpers.ts';

const STRONG = 'quokka umbrella jazz wharf';
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

/*
 * The provider's real send limit (not a mocked 429): five sends per address a minute, and three
 * within any three seconds (config.ts sendLimits, the defaults the shared provider runs with).
 * The earlier sends are spent one burst window apart on the provider's clock, so the refusal
 * is the minute's, with a Retry-After of most of a minute; then both clocks move past it.
 */
const SEND_WINDOW = 61_000;
const BURST_WINDOW = 3_500;
const WAITING = /^Too many attempts\. Try again in 0:\d\d\.$/;

/** Spends `n` of an address's sends, each in a burst window of its own, then leaves that window too. */
async function spendSends(n: number, send: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < n; i++) {
    await send();
    await advanceProviderClock(BURST_WINDOW);
  }
}

/** The wait as it shows under the control (the status region says it too, hidden). */
const shownWait = (w: Locator) => w.locator('[part="error"]').filter({ hasText: WAITING });

/** The control counts the provider's wait down, is disabled, and the wait is announced once (role=status, in the accessibility tree). */
async function expectCountingDown(w: Locator, control: Locator): Promise<void> {
  await expect(shownWait(w)).toBeVisible(SLOW);
  await expect(control).toBeDisabled();
  await expect(w.getByRole('status').filter({ hasText: WAITING })).toHaveCount(1);
  expect(await w.ariaSnapshot()).toMatch(/- status: Too many attempts\. Try again in 0:\d\d\./);
}

/** Past the window (the provider's clock and the page's), the control is back with no click, and that is announced. */
async function expectBackByItself(page: Page, w: Locator, control: Locator): Promise<void> {
  await advanceProviderClock(SEND_WINDOW);
  await page.clock.fastForward(SEND_WINDOW);
  await expect(w.getByRole('status').filter({ hasText: 'You can try again now.' })).toHaveCount(1);
  expect(await w.ariaSnapshot()).toContain('- status: You can try again now.');
  await expect(shownWait(w)).toHaveCount(0);
  await expect(control).toBeEnabled();
}

test('login: the provider refuses a sixth email in a minute; Continue counts the wait down, announced, then comes back by itself and sends', { tag: PROVIDER_CLOCK_TAG }, async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail('rl-send');
  await spendSends(5, async () => expect(await headless(page, 'magicLink', { email })).toEqual({ ok: true }));
  expect(await headless(page, 'magicLink', { email })).toEqual({ ok: false, error_type: 'too_many_requests' });
  await advanceProviderClock(BURST_WINDOW);

  await page.goto(demoUrl({ products: ['emailMagicLinks'] }));
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  const send = w.getByRole('button', { name: 'Continue with email' });
  await send.click();
  await expectCountingDown(w, send);
  // Never a raw error: the provider's message is not shown.
  await expect(w.getByText(/Too many requests/)).toHaveCount(0);
  await expectBackByItself(page, w, send);
  await send.click();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible(SLOW);
  await latestMessage(email, 5);
});

test('B2B: a resent passcode over the provider send limit counts down on Resend code, announced, then Resend comes back by itself and sends', { tag: PROVIDER_CLOCK_TAG }, async ({ page }) => {
  await page.clock.install();
  const email = loneEmail('rl-b2b');
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?products=emailOtp`);
  const sendDiscoveryCode = () =>
    page.evaluate((a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }), email);
  // Four sends spent beside the element; its own Continue is the fifth, its Resend the sixth.
  await spendSends(4, sendDiscoveryCode);
  const w = b2b(page);
  await w.getByLabel('Email').fill(email);
  await w.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Enter passcode');
  await latestMessage(email, 4);
  await advanceProviderClock(BURST_WINDOW);

  const resend = w.getByRole('button', { name: 'Resend code' });
  await resend.click();
  await expectCountingDown(w, resend);
  await expect(w.getByText(/Too many requests/)).toHaveCount(0);
  // The code field is not blocked by the send's wait: the code already sent may still be typed.
  await expect(w.getByLabel('One-time passcode')).toBeEnabled();
  await expectBackByItself(page, w, resend);
  await resend.click();
  await latestMessage(email, 5);
  await expect(resend).toBeEnabled();
});
