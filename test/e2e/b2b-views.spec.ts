import { expect, test, type Page, type Request } from '@playwright/test';
import { advanceProviderClock, PROVIDER_CLOCK_TAG } from './provider-clock.ts';
import { latestMessage, uniqueEmail, uniquePhone } from './screens-helpers.ts';
import { axeClean, b2b, expectOpened, expectScreen, loneEmail, organizationWith } from './b2b-screens.ts';

/*
 * <stytch-b2b-ui>'s Email Method Selection, the Error screen's sub-views and the options that
 * shape its sends (issue 26), against the real provider through the demo. Codes and links come
 * from the provider's outbox. A blocked request is the one answer the local provider never
 * gives, so that test answers it in its place.
 */

const demo = (query = '') => `${process.env.E2E_DEMO_URL}/b2b.html${query}`;

/** Mounts the widget again on the demo page with `config` over the demo's own (its links come back to the page). */
async function remount(page: Page, config: object): Promise<void> {
  await page.evaluate(async (c) => {
    const { mountB2B } = (await import('/dist/stytch-ui.b2b.js' as string)) as { mountB2B(o: object): HTMLElement };
    const back = new URL('b2b.html', location.href).href;
    const w = window as unknown as { client: unknown };
    mountB2B({
      elementId: '#b2b',
      client: w.client,
      config: { emailMagicLinksOptions: { discoveryRedirectURL: back, loginRedirectURL: back, signupRedirectURL: back }, ...c },
    });
  }, config);
}

/** The JSON bodies the page sends to a provider path, as they go. */
function bodiesTo(page: Page, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith(path)) bodies.push(r.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

test('Email Method Selection, by keyboard alone: both email products ask which; a refused send stays with its reason; the code signs in', async ({ page }) => {
  const email = loneEmail('b2b-choose');
  await page.goto(demo());
  await expect(b2b(page).getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  await expectScreen(page, 'Select how you’d like to continue');
  const choices = b2b(page).locator('button[part~="button-secondary"]');
  await expect(choices).toHaveText(['Email me a login link', 'Email me a login code']);
  await axeClean(page);
  // 'Go back' returns to Main with the address kept, and Continue asks again.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Go back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Sign up or log in');
  await expect(b2b(page).getByLabel('Email')).toHaveValue(email);
  await b2b(page).getByLabel('Email').focus();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Select how you’d like to continue');

  // The provider refuses the send once: the reason is announced here, and the choice stays.
  let refused = false;
  await page.route('**/b2b/otps/email/discovery/send', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ status_code: 429, request_id: 'request-id-test', error_type: 'too_many_requests', error_message: 'Too many requests have been made.', error_url: '' }),
    });
  });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(choices.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(b2b(page).getByRole('alert')).toBeVisible();
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText('Select how you’d like to continue');
  await choices.nth(1).focus();
  await page.keyboard.press('Enter');

  await expectScreen(page, 'Enter passcode');
  await expect(b2b(page).getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible();
  const { code } = await latestMessage(email);
  await page.keyboard.type(code!);
  await expectScreen(page, 'Create an organization to get started');
});

test('Email Method Selection in an organization: the login link it sends signs in to that organization', async ({ page }) => {
  const email = uniqueEmail('b2b-choose-org');
  const { slug, name } = await organizationWith(page, email, {});
  await page.goto(demo(`?flow=Organization&slug=${encodeURIComponent(slug)}&products=emailMagicLinks,emailOtp`));
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${name}` })).toBeVisible();
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Select how you’d like to continue');
  // Back on the organization's Main, the address is still there.
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, `Continue to ${name}`);
  await expect(b2b(page).getByLabel('Email')).toHaveValue(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Select how you’d like to continue');
  await b2b(page).getByRole('button', { name: 'Email me a login link' }).click();
  await expectScreen(page, 'Check your email');
  const { link } = await latestMessage(email, 1);
  expect(new URL(link!).searchParams.get('stytch_token_type')).toBe('multi_tenant_magic_links');
  await page.goto(link!);
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();
});

test('CannotJoinOrgDueToAuthPolicy lists the methods the organization allows; from Discovery, Go back returns to the list', async ({ page }) => {
  const email = uniqueEmail('b2b-policy');
  const { name } = await organizationWith(page, email, { auth_methods: 'RESTRICTED', allowed_auth_methods: ['sso', 'password', 'google_oauth'] });
  await page.goto(demo('?products=emailOtp'));
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Enter passcode');
  await b2b(page)
    .getByLabel('One-time passcode')
    .fill((await latestMessage(email, 1)).code!);
  await expectScreen(page, 'Select an organization to continue');
  await b2b(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();

  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText(`Unable to join due to ${name}'s authentication policy. Please contact your admin for more information.`);
  await expect(b2b(page).locator('[part="allowed-methods"] li')).toHaveText(['Use single sign-on', 'Log in with email and password', 'Continue with Google']);
  await axeClean(page);
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, 'Select an organization to continue');
  await expect(b2b(page).getByRole('button', { name: new RegExp(name) })).toBeEnabled();
});

test('the EmailMagicLink sub-view: a link the provider refuses; the AdBlockerDetected sub-view: a request it says was blocked', async ({ page }) => {
  await page.goto(demo('?stytch_token_type=discovery&token=not-a-real-token'));
  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText(
    'Something went wrong. Your login link may have expired, been revoked, or been used more than once. Request a new login link to try again, or contact your admin for help.',
  );
  // A refused link has nowhere to go back to (as the official): a new link is asked for on Main.
  await expect(b2b(page).getByRole('button')).toHaveCount(0);

  // The hosted provider answers `ad_blocker_detected` when its fraud checks were blocked; ours never does.
  await page.route('**/b2b/magic_links/discovery/authenticate', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ status_code: 403, request_id: 'request-id-test', error_type: 'ad_blocker_detected', error_message: 'The request was blocked.', error_url: '' }),
    }),
  );
  await page.goto(demo('?stytch_token_type=discovery&token=another-token'));
  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText('The request was blocked by an Ad Blocker. Please disable your ad blocker, refresh the page, and try again.');
  await expect(b2b(page).getByRole('button')).toHaveCount(0);
});

test('the Default sub-view: a creation the provider refuses (the discovery session expired) shows its reason, and Go back leads to Main', { tag: PROVIDER_CLOCK_TAG }, async ({ page }) => {
  const email = loneEmail('b2b-default');
  await page.goto(demo('?products=emailOtp'));
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await b2b(page)
    .getByLabel('One-time passcode')
    .fill((await latestMessage(email)).code!);
  await expectScreen(page, 'Create an organization to get started');
  // The discovery session lasts 10 minutes.
  await advanceProviderClock(11 * 60_000);
  await b2b(page).getByRole('button', { name: 'Create an organization' }).click();
  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).not.toBeEmpty();
  await axeClean(page);
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, 'Sign up or log in');
});

test('directCreateOrganizationForNoMembership: discovery that finds no organization creates one and signs in at once', async ({ page }) => {
  const email = loneEmail('b2b-direct-create');
  await page.goto(demo('?products=emailOtp'));
  await remount(page, { products: ['emailOtp'], authFlowType: 'Discovery', directCreateOrganizationForNoMembership: true });
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Enter passcode');
  await b2b(page)
    .getByLabel('One-time passcode')
    .fill((await latestMessage(email)).code!);
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(`${email.split('@')[0]}'s organization`)).toBeVisible();
});

test('locale, template ids and lifetimes go with every email send in both flows; smsOtpOptions.locale with the MFA text', async ({ page }) => {
  const email = uniqueEmail('b2b-options');
  const { slug } = await organizationWith(page, email, { mfa_policy: 'REQUIRED_FOR_ALL', mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] });
  const options = {
    emailMagicLinksOptions: { locale: 'fr', loginTemplateId: 'eml-login', signupTemplateId: 'eml-signup', discoveryExpirationMinutes: 20, loginExpirationMinutes: 30, signupExpirationMinutes: 40 },
    emailOtpOptions: { locale: 'de', loginTemplateId: 'otp-login', signupTemplateId: 'otp-signup' },
    smsOtpOptions: { locale: 'pt-BR' },
  };
  const discoveryLinks = bodiesTo(page, '/b2b/magic_links/email/discovery/send');
  const orgCodes = bodiesTo(page, '/b2b/otps/email/login_or_signup');
  const texts = bodiesTo(page, '/b2b/otps/sms/send');

  // Discovery: a link.
  await page.goto(demo());
  await remount(page, { products: ['emailMagicLinks'], authFlowType: 'Discovery', ...options });
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Check your email');
  await latestMessage(email, 1);
  expect(discoveryLinks).toHaveLength(1);
  expect(discoveryLinks[0]).toMatchObject({ email_address: email, locale: 'fr', login_template_id: 'eml-login', discovery_expiration_minutes: 20 });

  // The organization: a code, then the MFA text to the phone being enrolled.
  await page.goto(demo(`?flow=Organization&slug=${encodeURIComponent(slug)}&products=emailOtp`));
  await remount(page, { products: ['emailOtp'], authFlowType: 'Organization', organizationSlug: slug, ...options });
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Enter passcode');
  expect(orgCodes[0]).toMatchObject({ email_address: email, locale: 'de', login_template_id: 'otp-login', signup_template_id: 'otp-signup' });
  await b2b(page)
    .getByLabel('One-time passcode')
    .fill((await latestMessage(email, 2)).code!);
  await expect(b2b(page).locator('input[type="tel"]')).toBeVisible();
  await expectOpened(page);
  await b2b(page).locator('input[type="tel"]').fill(uniquePhone());
  await b2b(page).locator('button[type="submit"]').click();
  await expect(b2b(page).locator('input[autocomplete="one-time-code"]')).toBeVisible();
  expect(texts).toHaveLength(1);
  expect(texts[0]).toMatchObject({ locale: 'pt-BR' });
});

/* Each new screen, found by structure rather than by its English, checked by axe in light at 375 px, dark, and right to left. */
for (const [label, query, width] of [
  ['light at 375 px', '', 375],
  ['dark', '&theme=dark', 800],
  ['right to left (Arabic)', '&locale=ar', 800],
] as const) {
  test(`axe is clean on Email Method Selection and every Error sub-view in ${label}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const w = b2b(page);
    const check = async () => {
      await expectOpened(page);
      if (query === '&locale=ar') await expect(w.locator('[dir="rtl"]')).toHaveCount(1);
      await axeClean(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    };
    // Email Method Selection.
    await page.goto(demo(`?products=emailMagicLinks,emailOtp${query}`));
    await w.getByRole('textbox').fill(uniqueEmail('b2b-views-axe'));
    await w.locator('button[type="submit"]').click();
    await expect(w.locator('button[part~="button-secondary"]')).toHaveCount(2);
    await check();
    // EmailMagicLink (a refused link), Organization (no organization at the slug).
    await page.goto(demo(`?stytch_token_type=discovery&token=not-a-real-token${query}`));
    await expect(w.getByRole('alert')).toBeVisible();
    await check();
    await page.goto(demo(`?flow=Organization&slug=no-such-org-${Date.now()}${query}`));
    await expect(w.getByRole('alert')).toBeVisible();
    await check();
    // AdBlockerDetected.
    await page.route('**/b2b/magic_links/discovery/authenticate', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status_code: 403, error_type: 'ad_blocker_detected', error_message: 'Blocked.' }) }),
    );
    await page.goto(demo(`?stytch_token_type=discovery&token=blocked${query}`));
    await expect(w.getByRole('alert')).toBeVisible();
    await check();
    await page.unroute('**/b2b/magic_links/discovery/authenticate');
    // CannotJoinOrgDueToAuthPolicy, with its list of methods.
    const email = uniqueEmail('b2b-views-axe-policy');
    const { name } = await organizationWith(page, email, { auth_methods: 'RESTRICTED', allowed_auth_methods: ['sso', 'microsoft_oauth'] });
    await page.goto(demo(`?products=emailOtp${query}`));
    await w.getByRole('textbox').fill(email);
    await w.locator('button[type="submit"]').click();
    await w.locator('input[autocomplete="one-time-code"]').fill((await latestMessage(email, 1)).code!);
    await w.getByRole('button', { name: new RegExp(name) }).click();
    await expect(w.locator('[part="allowed-methods"] li')).toHaveCount(2);
    await check();
  });
}
