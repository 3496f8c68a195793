import { expect, test, type Page } from '@playwright/test';
import { fakeIssuer } from '../provider/fake-oidc-issuer.ts';
import { axeClean, b2b, expectOpened, expectScreen } from './b2b-screens.ts';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';

/*
 * <stytch-b2b-ui>'s SSO and OAuth (issue 26) against the real provider, through the demo page:
 * OAuth through the provider's development consent page (it stands in for Google, GitHub…),
 * SSO through a local OpenID Connect issuer the organization's admin connects. Each sign-in
 * leaves the page and comes back with a token the element spends.
 */

const demo = (query: string) => `${process.env.E2E_DEMO_URL}/b2b.html?${query}`;
const orgPage = (slug: string, products: string, extra = '') => demo(`flow=Organization&slug=${encodeURIComponent(slug)}&products=${products}${extra}`);

let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
test.beforeAll(async () => {
  issuer = await fakeIssuer('e2e-sso-client', 'e2e-sso-secret');
});
test.afterAll(async () => issuer.close());

type Admin = { slug: string; name: string; connectionId?: string };

/**
 * An organization whose first admin is `email` (by a discovery code, with the demo page's
 * headless client), with an OIDC connection to the local issuer when `sso` names it, members
 * signing in only by SSO when `ssoOnly`, and `policy` set; then signed out.
 */
async function organizationOf(page: Page, email: string, sso: string[] = [], { ssoOnly = false, policy = {} }: { ssoOnly?: boolean; policy?: object } = {}): Promise<Admin> {
  await page.goto(demo('products=emailOtp'));
  await page.evaluate(
    (a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }),
    email,
  );
  const { code } = await latestMessage(email);
  const name = `SSO Org ${Date.now()}`;
  return page.evaluate(
    async ([a, c, n, names, issuerUrl, only, set]) => {
      type C = {
        otps: { email: { discovery: { authenticate(o: object): Promise<unknown> } } };
        discovery: { organizations: { create(o: object): Promise<{ organization: { organization_slug: string } }> } };
        sso: { oidc: { createConnection(o: object): Promise<{ connection: { connection_id: string } }>; updateConnection(o: object): Promise<unknown> } };
        organization: { update(o: object): Promise<unknown> };
        session: { revoke(o: object): Promise<unknown> };
      };
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      const r = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: n });
      let connectionId: string | undefined;
      for (const displayName of names) {
        const created = await client.sso.oidc.createConnection({ display_name: displayName });
        connectionId ??= created.connection.connection_id;
        await client.sso.oidc.updateConnection({ connection_id: created.connection.connection_id, issuer: issuerUrl, client_id: 'e2e-sso-client', client_secret: 'e2e-sso-secret' });
      }
      // Members sign in only through SSO, by the first connection.
      if (only) await client.organization.update({ sso_default_connection_id: connectionId, auth_methods: 'RESTRICTED', allowed_auth_methods: ['sso'] });
      if (Object.keys(set).length) await client.organization.update(set);
      await client.session.revoke({ forceClear: true });
      return { slug: r.organization.organization_slug, name: n, ...(connectionId ? { connectionId } : {}) };
    },
    [email, code!, name, sso, issuer.url, ssoOnly, policy] as const,
  );
}

/** The demo page's own address, without its query: where a sign-in started on it comes back to. */
const demoPage = (page: Page) => new URL('b2b.html', page.url()).href;

/** The page's widget removed and a new one mounted with `config`, on the page's client. */
async function mountAnew(page: Page, config: object): Promise<void> {
  await page.evaluate(async (c) => {
    const { mountB2B } = (await import('/dist/stytch-ui.b2b.js' as string)) as { mountB2B(o: object): HTMLElement };
    document.getElementById('b2b')!.replaceChildren();
    mountB2B({ elementId: '#b2b', client: (window as unknown as { client: unknown }).client, config: c });
  }, config);
}

/** Back from the IdP or provider: the page loads and spends the token, then shows `title`. */
async function expectReturn(page: Page, title: string): Promise<void> {
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 20_000 });
  await expectScreen(page, title);
}

/** On the provider's consent page (it stands in for the OAuth provider): sign in as `email`. */
async function consentAs(page: Page, provider: string, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/v1/public/oauth/${provider}/consent`));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Discovery with GitHub alone: its button leads to the provider's consent page for GitHub. */
async function startGitHub(page: Page): Promise<void> {
  await page.goto(demo('products=oauth&providers=github'));
  await b2b(page).getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL(/\/v1\/public\/oauth\/github\/consent/);
}

/** Back from a refused sign-in: the Error screen, its alert saying `alert`. */
async function expectError(page: Page, alert: string): Promise<void> {
  await expectReturn(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText(alert);
}

/** The member signed out on the page's client. */
async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { client: { session: { revoke(o: object): Promise<unknown> } } }).client.session.revoke({ forceClear: true }));
}

/** Discovery's Main with `products`, then 'Use single sign-on': SSO Discovery's address screen. */
async function openSsoDiscovery(page: Page, products: string): Promise<void> {
  await page.goto(demo(`products=${products}`));
  await b2b(page).getByRole('button', { name: 'Use single sign-on' }).click();
  await expectScreen(page, 'Enter your email to continue');
}

/** `value` in the widget's field labelled `label`, then Continue. */
async function fillAndContinue(page: Page, label: string, value: string): Promise<void> {
  await b2b(page).getByLabel(label).fill(value);
  await b2b(page).getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Go back, from the Error screen, to Discovery's Main. */
async function goBackToMain(page: Page): Promise<void> {
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, 'Sign up or log in');
}

test('discovery OAuth, by keyboard alone: the provider vouches for the address, the organizations are listed, a new one is created', async ({ page }) => {
  const email = uniqueEmail('b2b-oauth-disc');
  await page.goto(demo('products=emailOtp,oauth&providers=google,github'));
  await expect(b2b(page).getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  // The providers below the email form (emailOtp comes first in products), in their configured order.
  await expect(b2b(page).locator('[part~="oauth-button"]')).toHaveText(['Continue with Google', 'Continue with GitHub']);
  await expect(b2b(page).getByText('or', { exact: true })).toBeVisible();
  await axeClean(page);

  // Tab from the page's link: the field, Continue, then the providers.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Continue with Google' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByRole('button', { name: 'Continue with GitHub' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/v1\/public\/oauth\/github\/consent/);
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  await expectReturn(page, 'Create an organization to get started');
  // The token left the address bar: a reload does not spend it again.
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  await axeClean(page);
  await b2b(page).getByRole('button', { name: 'Create an organization' }).focus();
  await page.keyboard.press('Enter');
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(email)).toBeVisible();
});

test("organization OAuth: a member signs in through Google; the start carries the provider's own scopes and params", async ({ page }) => {
  const email = uniqueEmail('b2b-oauth-org');
  const { slug, name } = await organizationOf(page, email);
  await page.goto(orgPage(slug, 'emailOtp'));
  // The page's widget replaced by one with per-provider options (the official B2BOAuthProviderConfig).
  const back = demoPage(page);
  await mountAnew(page, {
    products: ['oauth', 'emailOtp'],
    authFlowType: 'Organization',
    organizationSlug: slug,
    oauthOptions: {
      providers: ['microsoft', { type: 'google', customScopes: ['https://www.googleapis.com/auth/calendar.readonly'], providerParams: { prompt: 'select_account' } }],
      loginRedirectURL: back,
      signupRedirectURL: back,
      customScopes: ['offline_access'],
    },
  });
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${name}` })).toBeVisible();
  // oauth first in products: the buttons above the form, in the configured order.
  await expect(b2b(page).locator('[part~="oauth-button"]')).toHaveText(['Continue with Microsoft', 'Continue with Google']);
  const button = await b2b(page).locator('[part~="oauth-button"]').last().boundingBox();
  const field = await b2b(page).getByLabel('Email').boundingBox();
  expect(button!.y).toBeLessThan(field!.y);
  await axeClean(page);
  const started = page.waitForRequest(/\/v1\/b2b\/public\/oauth\/google\/start/);
  await b2b(page).getByRole('button', { name: 'Continue with Google' }).click();
  const q = new URL((await started).url()).searchParams;
  expect(q.get('custom_scopes')).toBe('https://www.googleapis.com/auth/calendar.readonly');
  expect(q.get('provider_prompt')).toBe('select_account');
  expect(q.get('organization_id')).toMatch(/^organization-/);
  await consentAs(page, 'google', email);
  await expectReturn(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();
  await expect(b2b(page).getByText(email)).toBeVisible();
});

test('a refused OAuth sign-in comes back to the Error screen in the widget; Go back returns to Main', async ({ page }) => {
  await startGitHub(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectError(page, 'An error was encountered in the callback of the OAuth flow. Please try again.');
  expect(new URL(page.url()).searchParams.get('error')).toBeNull();
  await axeClean(page);
  await goBackToMain(page);
});

test('a spent or forged return token shows the Error screen with the reason', async ({ page }) => {
  await page.goto(demo('products=sso&stytch_token_type=sso&token=not-a-real-token'));
  await expectReturn(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).not.toBeEmpty();
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  // The return is over: Go back is Main again, not 'Logging in...'.
  await goBackToMain(page);
  await expect(b2b(page).getByRole('button', { name: 'Use single sign-on' })).toBeVisible();
});

test("organization SSO: the organization's connection is a button; the IdP's answer signs the member in", async ({ page }) => {
  const email = uniqueEmail('b2b-sso-org');
  const { slug, name } = await organizationOf(page, email, ['Acme IdP']);
  issuer.as({ sub: `sub-${email}`, email, name: 'Ada Admin' });
  await page.goto(orgPage(slug, 'sso,emailOtp'));
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${name}` })).toBeVisible();
  const button = b2b(page).getByRole('button', { name: 'Continue with Acme IdP' });
  await expect(button).toBeVisible();
  await axeClean(page);
  await button.click();
  await expectReturn(page, 'Success!');
  await expect(b2b(page).getByText(email)).toBeVisible();
  await expect(b2b(page).getByText(name)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
});

test('discovery SSO: the address finds its connection and signs in; an address with none asks for the slug, and an unknown slug is refused', async ({ page }) => {
  const email = uniqueEmail('b2b-sso-disc');
  const { slug, name } = await organizationOf(page, email, ['Discovery IdP']);
  issuer.as({ sub: `sub-${email}`, email, name: 'Dee Admin' });
  await openSsoDiscovery(page, 'emailOtp,sso');
  await axeClean(page);

  // An address no connection knows: the slug fallback.
  await fillAndContinue(page, 'Email', uniqueEmail('nobody'));
  await expectScreen(page, "Sorry, we couldn't find any connections");
  await axeClean(page);
  await fillAndContinue(page, 'Organization slug', `no-such-org-${Date.now()}`);
  await expect(b2b(page).getByRole('alert')).toHaveText('Organization not found. Please try again.');
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, 'Enter your email to continue');

  // The member's address: its one connection starts at once.
  await fillAndContinue(page, 'Email', email);
  await expectReturn(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();

  // The slug of an organization with one connection starts it too.
  await signOut(page);
  await openSsoDiscovery(page, 'emailOtp,sso');
  await fillAndContinue(page, 'Email', uniqueEmail('nobody'));
  await expectScreen(page, "Sorry, we couldn't find any connections");
  await fillAndContinue(page, 'Organization slug', slug);
  await expectReturn(page, 'Success!');
  await expect(b2b(page).getByText(email)).toBeVisible();
});

test('discovery into an organization that allows only SSO starts its default connection (as the official does) and signs in', async ({ page }) => {
  const email = uniqueEmail('b2b-sso-only');
  const { name } = await organizationOf(page, email, ['Only IdP'], { ssoOnly: true });
  issuer.as({ sub: `sub-${email}`, email, name: 'Sol Admin' });
  await page.goto(demo('products=emailOtp,sso'));
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email, 1);
  await b2b(page).getByLabel('One-time passcode').fill(code!);
  await expectScreen(page, 'Select an organization to continue');
  await b2b(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expectReturn(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();
  await expect(b2b(page).getByText(email)).toBeVisible();
});

test('One Tap against a provider without a Google client: the developer message (test token) and the Google button, which still signs in', async ({ page }) => {
  const google: string[] = [];
  page.on('request', (r) => r.url().includes('accounts.google.com') && google.push(r.url()));
  await page.goto(demo('products=emailOtp'));
  await mountAnew(page, { products: ['oauth'], authFlowType: 'Discovery', oauthOptions: { providers: [{ type: 'google', one_tap: true }], discoveryRedirectURL: demoPage(page) } });
  await expect(b2b(page).locator('[part~="one-tap-error"]')).toHaveText('One Tap cannot render: no Google OAuth client is configured for this project.');
  await expect(b2b(page).getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(google).toEqual([]);
  await b2b(page).getByRole('button', { name: 'Continue with Google' }).click();
  await consentAs(page, 'google', uniqueEmail('b2b-one-tap'));
  await expectReturn(page, 'Create an organization to get started');
});

test('discovery SSO with several connections lists them (SSO Discovery Menu); Go back returns to the address; each starts its IdP', async ({ page }) => {
  const email = uniqueEmail('b2b-sso-menu');
  const { name } = await organizationOf(page, email, ['Okta Staff', 'Okta Contractors']);
  issuer.as({ sub: `sub-${email}`, email, name: 'Mo Admin' });
  await page.goto(demo('products=sso,emailOtp'));
  // sso first in products: 'Use single sign-on' above the form.
  const sso = await b2b(page).getByRole('button', { name: 'Use single sign-on' }).boundingBox();
  const field = await b2b(page).getByLabel('Email').boundingBox();
  expect(sso!.y).toBeLessThan(field!.y);
  await b2b(page).getByRole('button', { name: 'Use single sign-on' }).click();
  await expectScreen(page, 'Enter your email to continue');
  await fillAndContinue(page, 'Email', email);
  await expectScreen(page, 'Select a connection to continue');
  await expect(b2b(page).locator('[part~="sso-button"]')).toHaveText(['Continue with Okta Staff', 'Continue with Okta Contractors']);
  await axeClean(page);
  await b2b(page).getByRole('button', { name: 'Go back' }).click();
  await expectScreen(page, 'Enter your email to continue');
  await fillAndContinue(page, 'Email', email);
  await b2b(page).getByRole('button', { name: 'Continue with Okta Contractors' }).click();
  await expectReturn(page, 'Success!');
  await expect(b2b(page).getByText(name)).toBeVisible();

  // Back again, the connection used last comes first, marked 'Last used'.
  await signOut(page);
  await openSsoDiscovery(page, 'sso,emailOtp');
  await fillAndContinue(page, 'Email', email);
  await expectScreen(page, 'Select a connection to continue');
  await expect(b2b(page).locator('[part~="sso-button"]')).toHaveText(['Continue with Okta Contractors', 'Continue with Okta Staff']);
  await expect(b2b(page).locator('[part~="last-used"]')).toHaveText('Last used');
  await axeClean(page);
});

test("an SSO sign-in the IdP refuses comes back to the Error screen in the widget, in the widget's words, not the IdP's", async ({ page }) => {
  const email = uniqueEmail('b2b-sso-denied');
  const { slug } = await organizationOf(page, email, ['Refusing IdP']);
  // The IdP says no: where the provider's start sends the browser to its authorize endpoint,
  // the IdP answers the callback at once with access_denied (and words of its own).
  await page.route(/\/v1\/public\/sso\/start/, async (route) => {
    const started = await route.fetch({ maxRedirects: 0 });
    const authorize = new URL(started.headers()['location']!);
    const back = new URL(authorize.searchParams.get('redirect_uri')!);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'Call 555-0100 to unlock your account');
    back.searchParams.set('state', authorize.searchParams.get('state')!);
    return route.fulfill({ status: 302, headers: { location: back.href } });
  });
  await page.goto(orgPage(slug, 'sso'));
  await b2b(page).getByRole('button', { name: 'Continue with Refusing IdP' }).click();
  await expectError(page, 'Something went wrong. Try again later or contact your admin for help.');
  // The IdP's own text never reaches the card.
  await expect(b2b(page).getByText('555-0100')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('error')).toBeNull();
  await axeClean(page);
});

test("an SSO sign-in our provider refuses (the organization does not provision the IdP's account) comes back to the widget's Error screen", async ({ page }) => {
  const email = uniqueEmail('b2b-sso-jit');
  const { slug } = await organizationOf(page, email, ['Closed IdP'], { policy: { sso_jit_provisioning: 'NOT_ALLOWED' } });
  // The IdP vouches for someone the organization has never invited.
  issuer.as({ sub: `sub-stranger-${email}`, email: uniqueEmail('b2b-sso-stranger'), name: 'Stranger' });
  await page.goto(orgPage(slug, 'sso'));
  await b2b(page).getByRole('button', { name: 'Continue with Closed IdP' }).click();
  await expectError(page, 'Something went wrong. Try again later or contact your admin for help.');
  // Back on the app's own page, with the refusal taken out of the address bar.
  expect(page.url().startsWith(`${process.env.E2E_DEMO_URL}/b2b.html`)).toBe(true);
  expect(new URL(page.url()).searchParams.get('error')).toBeNull();
  await axeClean(page);
  // The return URL is the demo's discovery page: Go back is its Main.
  await goBackToMain(page);
});

test('an OAuth sign-in whose state was already spent (finished in another tab) comes back to the Error screen, not a provider page', async ({ page }) => {
  await startGitHub(page);
  // Another tab finishes this same sign-in first.
  const state = new URL(page.url()).searchParams.get('state')!;
  const other = await page.request.post(new URL('/v1/public/oauth/github/consent', page.url()).href, {
    form: { state, email: uniqueEmail('b2b-oauth-other-tab'), decision: 'allow' },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(303);
  await consentAs(page, 'github', uniqueEmail('b2b-oauth-late'));
  await expectError(page, 'An error was encountered in the callback of the OAuth flow. Please try again.');
  expect(page.url().startsWith(`${process.env.E2E_DEMO_URL}/b2b.html`)).toBe(true);
  expect(new URL(page.url()).searchParams.get('error')).toBeNull();
});

/*
 * Every SSO and OAuth screen, found by structure rather than by its English (a locale may
 * translate it), checked by axe in light at 375 px, dark, and right to left: the organization's
 * login with its SSO and OAuth buttons, Discovery's Main with 'Use single sign-on' and the
 * providers, SSO Discovery's address, its slug fallback and its menu of connections. (The Error
 * screen a refused return lands on is b2b-views.spec.ts's Default sub-view: the demo's return URL
 * carries neither theme nor locale.)
 */
for (const [label, extra, width] of [
  ['light at 375 px', '', 375],
  ['dark', '&theme=dark', 800],
  ['right to left (Arabic)', '&locale=ar', 800],
] as const) {
  test(`axe is clean on every SSO and OAuth screen in ${label}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail('b2b-sso-axe');
    const { slug } = await organizationOf(page, email, ['Okta Staff', 'Okta Contractors']);
    const w = b2b(page);
    // `landed`: the page opened on this screen (no transition: the heading does not take focus).
    const check = async (ready: ReturnType<Page['locator']>, landed = false) => {
      await expect(ready.first()).toBeVisible();
      if (extra === '&locale=ar') await expect(w.locator('[dir="rtl"]')).toHaveCount(1);
      if (!landed) await expectOpened(page);
      await axeClean(page);
      // Nothing wider than the page, at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    };
    const sso = w.locator('[part~="sso-button"]');
    const oauth = w.locator('[part~="oauth-button"]');

    // The organization's login: its connections and the providers, above the email form.
    await page.goto(orgPage(slug, 'sso,oauth,emailOtp', `&providers=google,microsoft,github${extra}`));
    await expect(sso).toHaveCount(2);
    await check(oauth, true);
    await expect(oauth).toHaveCount(3);

    // Discovery's Main: 'Use single sign-on' and the providers; then SSO Discovery's address.
    await page.goto(demo(`products=sso,oauth,emailOtp&providers=google,slack${extra}`));
    await expect(oauth).toHaveCount(2);
    await check(w.locator('input[type="email"]'), true);
    await sso.click();
    await check(w.locator('form input[type="email"]'));
    // An address with no connection: the slug fallback.
    await w.locator('form input[type="email"]').fill(uniqueEmail('b2b-sso-axe-nobody'));
    await w.locator('button[type="submit"]').click();
    await check(w.locator('form input:not([type="email"])'));
    // Back, and the member's address: the menu of its two connections.
    await w.locator('[part~="link-button"]').last().click();
    await w.locator('form input[type="email"]').fill(email);
    await w.locator('button[type="submit"]').click();
    await check(sso);
    await expect(sso).toHaveCount(2);
  });
}
