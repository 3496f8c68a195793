import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { catchCallback } from './app-callback.ts';
import { axe } from './axe.ts';
import { bundleOfficial } from '../support/official-bundle.ts';
import { trustedIssuer, type TrustedIssuer } from '../support/trusted-issuer.ts';
import { serverApiOf, startOwnSite } from './own-site.ts';
import { uniqueEmail } from './screens-helpers.ts';

/*
 * <stytch-identity-provider> against the real provider, in Chromium: the site's consent page
 * is a page of the developer's own site, named as the provider's authorization URL. An OAuth
 * client (oauth4webapi, unchanged) sends the user there; the user signs in with the page's
 * login element, allows, and the client gets tokens; a denial gives it access_denied. The
 * official 6.3.0 element, unchanged, completes the same consent (the referee).
 */

// The built stytch-ui/server (dist/server.js, what ships), typed by its source.
const SERVER = '../../dist/server.js';
const { renderIdentityProviderToString } = (await import(SERVER)) as typeof import('../../elements/server/index.ts');

const secret = `secret-test-${randomBytes(24).toString('base64url')}`;
let site: Awaited<ReturnType<typeof startOwnSite>>;
const CALLBACK = 'http://127.0.0.1:8123/callback';
/** The other system whose users the site's consent page takes (authTokenParams): its key is the profile's PEM. */
let partnerLogin: TrustedIssuer;
const PARTNER = { profile_id: 'partner-login', issuer: 'https://login.partner.test', audience: 'our-site' };

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  partnerLogin = await trustedIssuer();
  const profiles = [{ ...PARTNER, pem_files: [partnerLogin.pem], attribute_mapping: { email: 'email', token_id: 'jti' }, can_jit_provision: true }];
  // The provider's authorization URL is the site's consent page (discovery names it).
  site = await startOwnSite({
    listed: 1,
    env: (listed) => ({ PROJECT_SECRETS: secret, CONNECTED_APPS_AUTHORIZATION_URL: `${listed[0]!.origin}/index.html`, TRUSTED_AUTH_TOKEN_PROFILES: JSON.stringify(profiles) }),
  });
});
test.afterAll(async () => {
  await site?.close();
});

/** The server API, as the developer's backend calls it. */
const serverApi = (method: string, path: string, body?: object) => serverApiOf(site.provider, secret)(method, path, body);

/** A connected app, registered by the site's backend. */
async function connectedApp(extra: object = {}): Promise<{ client_id: string; client_secret?: string }> {
  const made = await serverApi('POST', '/connected_apps/clients', {
    client_type: 'third_party',
    client_name: 'Partner Notes',
    client_description: 'Takes your notes',
    redirect_urls: [CALLBACK],
    ...extra,
  });
  return made.connected_app;
}

/** The consent page of the developer's site: our element (with `authTokenParams` when given), and our login element while signed out. */
function ourConsentPage(authTokenParams?: { trustedAuthToken: string; tokenProfileID: string }): string {
  const dist = `${site.demo.url}/dist`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Allow an app</title></head><body><main><div id="consent"></div><div id="login"></div><p id="events"></p></main>
    <script type="module">
      import { mountIdentityProvider, mountLogin } from '${dist}/stytch-ui.js';
      import { createClient } from '${dist}/client.js';
      const client = createClient(${JSON.stringify(site.publicToken)}, { baseUrl: ${JSON.stringify(site.provider.url)} });
      const events = document.getElementById('events');
      mountIdentityProvider({ elementId: '#consent', client, authTokenParams: ${JSON.stringify(authTokenParams ?? null)} ?? undefined, callbacks: { onEvent: (e) => events.append(e.type + ' '), onError: (e) => console.info('onError', e.name) } });
      const login = () => mountLogin({ elementId: '#login', client, config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
      if (!client.session.getSync()) login();
      client.session.onChange((s) => (document.getElementById('login').hidden = !!s));
    </script></body></html>`;
}

/** The official 6.3.0 consent element, bundled unchanged: registered as its docs show, `window.mountOfficial(token, url)`. */
function officialIdp(): Promise<string> {
  return bundleOfficial(`import { StytchUIClient, StytchIdentityProvider } from '@stytch/vanilla-js';
          customElements.define('stytch-identity-provider', StytchIdentityProvider);
          window.mountOfficial = (token, url) => {
            const client = new StytchUIClient(token, { endpoints: { testAPIURL: url } });
            window.client = client;
            window.renderConsent = () => {
              const el = document.createElement('stytch-identity-provider');
              document.getElementById('consent').append(el);
              el.render({ client, callbacks: { onEvent: (e) => document.getElementById('events').append(e.type + ' '), onError: (e) => console.info('onError', e.message ?? e) } });
            };
          };`).then((text) => text.replaceAll('</script', '<\\/script'));
}

/** An OAuth client's authorization request, made with oauth4webapi against the provider's discovery. */
async function authorizationRequest(clientId: string, scope = 'openid email profile') {
  const issuer = new URL(site.provider.url);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', [oauth.allowInsecureRequests]: true }));
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { as, url, verifier, state, nonce };
}

/** The OAuth client's side of the landing: validates the callback and exchanges its code (PKCE, its secret) for tokens with an ID token. */
async function redeem(app: { client_id: string; client_secret?: string }, req: { as: oauth.AuthorizationServer; verifier: string; state: string; nonce: string }, back: URL) {
  const client: oauth.Client = { client_id: app.client_id, id_token_signed_response_alg: 'ES256' };
  const params = oauth.validateAuthResponse(req.as, client, back, req.state);
  const response = await oauth.authorizationCodeGrantRequest(req.as, client, oauth.ClientSecretBasic(app.client_secret!), params, CALLBACK, req.verifier, { [oauth.allowInsecureRequests]: true });
  return oauth.processAuthorizationCodeResponse(req.as, client, response, { expectedNonce: req.nonce, requireIdToken: true });
}

/** Signs in with an emailed code on the page's login element. */
async function signIn(page: Page, email: string): Promise<void> {
  const login = page.locator('stytch-ui');
  await login.locator('input[type="email"]').fill(email);
  await login.locator('input[type="email"]').press('Enter');
  const code = login.locator('input[autocomplete="one-time-code"]');
  await expect(code).toBeVisible({ timeout: 20_000 });
  await code.fill(await site.code(email));
}

const consent = (page: Page) => page.locator('stytch-identity-provider');

test('an OAuth client sends the user to the consent page: signed out, the login element signs in, the consent follows with the request, Allow gives the client a code it exchanges for tokens', async ({
  page,
}) => {
  const app = await connectedApp();
  const { as, url, verifier, state, nonce } = await authorizationRequest(app.client_id);
  expect(url.origin).toBe(site.listed[0]!.origin);
  site.listed[0]!.html = ourConsentPage();
  const { at: landed } = await catchCallback(page, CALLBACK);
  await page.goto(url.toString());
  await expect(consent(page)).toContainText('No active session detected. Please log in to continue.');
  const email = uniqueEmail('consent');
  await signIn(page, email);
  await expect(consent(page).getByRole('heading', { level: 1 })).toHaveText('Sign in to Partner Notes with ' + (await projectName()), { timeout: 20_000 });
  await expect(consent(page)).toContainText('Takes your notes');
  await expect(consent(page)).toContainText('Partner Notes is requesting to:');
  await consent(page).getByRole('button', { name: 'Allow' }).click();
  const back = await landed;
  expect(back.searchParams.get('state')).toBe(state);

  const result = await redeem(app, { as, verifier, state, nonce }, back);
  expect(oauth.getValidatedIdTokenClaims(result)!.email).toBe(email);
  expect(result.access_token).toBeTruthy();
});

test("authTokenParams: the site passes a JWT its other login system signed; the element attests it, the consent is that person's at once (no login), Allow gives the client their code", async ({
  page,
}) => {
  const app = await connectedApp();
  const { as, url, verifier, state, nonce } = await authorizationRequest(app.client_id);
  const email = uniqueEmail('consent-attest');
  const trustedAuthToken = await partnerLogin.sign({ email, jti: `jti-${email}` }, { issuer: PARTNER.issuer, audience: PARTNER.audience, now: new Date() });
  site.listed[0]!.html = ourConsentPage({ trustedAuthToken, tokenProfileID: PARTNER.profile_id });
  const { at: landed } = await catchCallback(page, CALLBACK);
  await page.goto(url.toString());
  await expect(consent(page).getByRole('heading', { level: 1 })).toHaveText('Sign in to Partner Notes with ' + (await projectName()), { timeout: 20_000 });
  // Nobody signed in on the page: the token did.
  await expect(page.locator('#login')).toBeHidden();
  await consent(page).getByRole('button', { name: 'Allow' }).click();
  const back = await landed;
  const result = await redeem(app, { as, verifier, state, nonce }, back);
  expect(oauth.getValidatedIdTokenClaims(result)!.email).toBe(email);
});

test('Deny: the client is told access_denied; a request for an unregistered redirect is shown on the page, never followed', async ({ page }) => {
  const app = await connectedApp();
  site.listed[0]!.html = ourConsentPage();
  const { at: landed } = await catchCallback(page, CALLBACK);
  const { url, state } = await authorizationRequest(app.client_id);
  await page.goto(url.toString());
  await signIn(page, uniqueEmail('consent-deny'));
  await consent(page).getByRole('button', { name: 'Deny' }).click();
  const back = await landed;
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe(state);
  expect(back.searchParams.get('code')).toBeNull();
  // The browser is still committing the navigation to the app; the next goto would interrupt it.
  await page.waitForURL(`${CALLBACK}**`);

  // Signed in now (the same browser): an unregistered redirect is an error on the page.
  const bad = new URL(url);
  bad.searchParams.set('redirect_uri', 'https://elsewhere.example/steal');
  let wentAway = false;
  await page.route('https://elsewhere.example/**', (route) => ((wentAway = true), route.abort()));
  await page.goto(bad.toString());
  await expect(consent(page).getByRole('alert')).toContainText('redirect', { timeout: 20_000 });
  expect(wentAway).toBe(false);
});

test('axe: the consent screen at 320 and 1280 px, light, dark and right to left; keyboard only reaches Allow', async ({ page }) => {
  const app = await connectedApp();
  const { url } = await authorizationRequest(app.client_id, 'openid email profile offline_access');
  site.listed[0]!.html = ourConsentPage();
  await page.goto(url.toString());
  await signIn(page, uniqueEmail('consent-axe'));
  await expect(consent(page).getByRole('button', { name: 'Allow' })).toBeVisible({ timeout: 20_000 });
  for (const width of [320, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axe(page, 'stytch-identity-provider'), `${width} ${scheme}`).toEqual([]);
    }
  }
  // Keyboard only: Tab reaches each disclosure and the buttons, in order; Enter opens details.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const names: string[] = [];
  for (let i = 0; i < 12 && !names.includes('Deny'); i++) {
    await page.keyboard.press('Tab');
    names.push(await page.evaluate(() => (document.activeElement?.shadowRoot?.activeElement ?? document.activeElement)?.textContent?.trim() ?? ''));
  }
  expect(names).toContain('Allow');
  expect(names.indexOf('Allow')).toBeLessThan(names.indexOf('Deny'));
});

test('right to left: Arabic from the page language, axe clean at 320 px', async ({ page }) => {
  const app = await connectedApp();
  const { url } = await authorizationRequest(app.client_id);
  site.listed[0]!.html = ourConsentPage().replace('<html lang="en">', '<html lang="ar" dir="rtl">');
  await page.goto(url.toString());
  await signIn(page, uniqueEmail('consent-rtl'));
  await expect(consent(page).getByRole('button', { name: 'سماح' })).toBeVisible({ timeout: 20_000 });
  expect(await consent(page).locator('[dir="rtl"]').count()).toBeGreaterThan(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 320, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axe(page, 'stytch-identity-provider'), scheme).toEqual([]);
  }
});

test('the referee: the official 6.3.0 StytchIdentityProvider, unchanged, completes the same consent against our provider', async ({ page }) => {
  const app = await connectedApp();
  const { as, url, verifier, state, nonce } = await authorizationRequest(app.client_id);
  const own = site.listed[0]!;
  own.html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Official consent</title></head><body><main><div id="consent"></div><p id="events"></p></main>
    <script>${await officialIdp()}</script>
    <script>mountOfficial(${JSON.stringify(site.publicToken)}, ${JSON.stringify(site.provider.url)});</script></body></html>`;
  const { at: landed } = await catchCallback(page, CALLBACK);
  await page.goto(url.toString());
  const email = uniqueEmail('consent-official');
  // The official client signs in headlessly (its login element is not what is refereed here), then the element renders.
  const methodId = await page.evaluate(async (e) => (await (window as any).client.otps.email.loginOrCreate(e)).method_id as string, email);
  const code = await site.code(email);
  await page.evaluate(async ([c, m]) => void (await (window as any).client.otps.authenticate(c, m, { session_duration_minutes: 60 })), [code, methodId] as const);
  await page.evaluate(() => (window as any).renderConsent());
  const official = page.locator('stytch-identity-provider');
  await expect(official.getByRole('button', { name: 'Allow' })).toBeVisible({ timeout: 20_000 });
  await expect(official).toContainText('Partner Notes');
  await official.getByRole('button', { name: 'Allow' }).click();
  const back = await landed;
  const result = await redeem(app, { as, verifier, state, nonce }, back);
  expect(oauth.getValidatedIdTokenClaims(result)!.email).toBe(email);
});

test("server-rendered: the site's server starts the consent (server API) and renders it; the screen is there before any script, the browser does not start it again, and Allow completes", async ({
  page,
  context,
}) => {
  const app = await connectedApp();
  const { as, url, verifier, state, nonce } = await authorizationRequest(app.client_id);
  const own = site.listed[0]!;
  // The user signed in earlier: the site's cookies hold the session, which its server reads.
  const email = uniqueEmail('consent-ssr');
  const { session_token, session_jwt } = await serverApi('POST', '/passwords', { email, password: `Consent-${randomBytes(12).toString('hex')}`, session_duration_minutes: 60 });
  await context.addCookies([
    { name: 'stytch_session', value: session_token, url: own.origin },
    { name: 'stytch_session_jwt', value: session_jwt, url: own.origin },
  ]);
  // What the site's server does for the consent page's request (as with the Node SDK's idp.oauth.authorizeStart).
  const q = url.searchParams;
  const start = await serverApi('POST', '/idp/oauth/authorize/start', {
    client_id: q.get('client_id'),
    redirect_uri: q.get('redirect_uri'),
    response_type: 'code',
    scopes: q.get('scope')!.split(' '),
    session_token,
  });
  const element = await renderIdentityProviderToString({ prefetchedConsent: { request: url.search, start, projectName: await projectName() } });
  own.html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Allow an app</title></head><body><main>${element}</main>
    <script type="module">
      import '${site.demo.url}/dist/stytch-ui.js';
      import { createClient } from '${site.demo.url}/dist/client.js';
      document.querySelector('stytch-identity-provider').client = createClient(${JSON.stringify(site.publicToken)}, { baseUrl: ${JSON.stringify(site.provider.url)} });
    </script></body></html>`;
  const starts: string[] = [];
  page.on('request', (r) => r.url().includes('/oauth/authorize/start') && starts.push(r.url()));
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  await page.route('**/dist/stytch-ui.js', async (route) => (await released, route.continue()));
  const { at: landed } = await catchCallback(page, CALLBACK);
  await page.goto(url.toString(), { waitUntil: 'commit' });

  // Before the widget's script: the consent screen, as the server drew it.
  const allow = consent(page).getByRole('button', { name: 'Allow' });
  await expect(consent(page).getByRole('heading', { level: 1 })).toHaveText('Sign in to Partner Notes with ' + (await projectName()));
  await expect(allow).toBeVisible();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  release();
  // Hydrated: React's props are on the same button, and nothing was started again from the browser.
  await expect.poll(() => allow.evaluate((b) => Object.keys(b).some((k) => k.startsWith('__reactProps')))).toBe(true);
  await allow.click();
  const back = await landed;
  expect(starts).toEqual([]);
  expect(errors).toEqual([]);
  const result = await redeem(app, { as, verifier, state, nonce }, back);
  expect(oauth.getValidatedIdTokenClaims(result)!.email).toBe(email);
});

/** The project's name, as the consent title names it. */
async function projectName(): Promise<string> {
  const res = await fetch(`${site.provider.url}/sdk/v1/projects/bootstrap/${site.publicToken}`);
  return ((await res.json()) as { data: { project_name: string } }).data.project_name;
}
