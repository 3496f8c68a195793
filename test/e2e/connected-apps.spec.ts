import { expect, test, type Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as oauth from 'oauth4webapi';
import { startMcpDemo, type McpDemo } from '../../demo/connected/mcp-server.ts';
import { startPartner, type Partner } from '../../demo/connected/partner.ts';
import { MemoryOAuthClient } from '../support/mcp-client.ts';
import { catchCallback } from './app-callback.ts';
import { signedInAdmin } from './b2b-screens.ts';
import { serverApiOf } from './own-site.ts';
import { advanceProviderClock, PROVIDER_CLOCK_TAG } from './provider-clock.ts';
import { latestMessage, providerNow, uniqueEmail } from './screens-helpers.ts';

/*
 * What connected apps are for, as `npm start` runs them: the demo's consent pages are the
 * provider's authorization URL. An agent on the official MCP TypeScript SDK connects to the
 * demo MCP server and is sent to the consent element, where a person signs in and allows (or
 * denies); the partner app signs a person in on openid-client and logs out through the
 * element's logout; a member of an organization allows an app on the B2B consent page and the
 * token names the organization. In Chromium, against the run's provider.
 */

const demo = () => process.env.E2E_DEMO_URL!;
const providerUrl = () => process.env.E2E_PROVIDER_URL!;
/** The server API, as the site's backend calls it. */
const serverApi = (method: string, path: string, body?: object) =>
  serverApiOf({ url: providerUrl(), config: { projectId: process.env.E2E_PROJECT_ID! } }, process.env.E2E_PROJECT_SECRET!)(method, path, body);

// The MCP server checks tokens at the provider's time (tests move the provider's clock ahead).
let aheadMs = 0;
let mcp: McpDemo;
let partner: Partner;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  mcp = await startMcpDemo({ issuer: providerUrl(), host: '127.0.0.1', now: () => new Date(Date.now() + aheadMs) });
  partner = await startPartner({ issuer: providerUrl() });
  const made = await serverApi('POST', '/connected_apps/clients', {
    client_type: 'third_party',
    client_name: 'Partner app (demo)',
    redirect_urls: [partner.redirectUri],
    post_logout_redirect_urls: [partner.postLogoutRedirectUri],
  });
  partner.useClient(made.connected_app.client_id, made.connected_app.client_secret);
});
test.afterAll(async () => {
  await mcp?.close();
  await partner?.close();
});

/** The consent element on the demo's consent page (either line's). */
const consent = (page: Page) => page.locator('stytch-identity-provider, stytch-b2b-identity-provider');

/** A new user signs up on the consent page's login element with an emailed passcode (beside a password, which it offers too). */
async function signInOnConsentPage(page: Page, email: string): Promise<void> {
  await expect(consent(page)).toContainText('No active session detected. Please log in to continue.', { timeout: 20_000 });
  const login = page.locator('stytch-ui');
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByRole('button', { name: 'Continue with email' }).click();
  await login.getByRole('button', { name: 'Email me a login code' }).click();
  const code = login.locator('input[autocomplete="one-time-code"]');
  await expect(code).toBeVisible({ timeout: 20_000 });
  await code.fill((await latestMessage(email)).code!);
}

/** An agent on the MCP SDK connecting to the demo MCP server. */
async function connect(agent: MemoryOAuthClient): Promise<Client> {
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: agent }));
  return client;
}

/** The `whoami` tool's answer. */
async function whoami(client: Client): Promise<{ subject: string; client_id: string; organization_id?: string }> {
  const result = await client.callTool({ name: 'whoami', arguments: {} });
  return JSON.parse((result.content as Array<{ text: string }>)[0]!.text);
}

/** A JWT's claims, unverified (the MCP server verified it). */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

test(
  'an MCP client is sent to the consent element: the user signs in and allows, whoami names them, and after the access token expires the client refreshes by itself',
  { tag: PROVIDER_CLOCK_TAG },
  async ({ page }) => {
    // The provider's clock may be ahead already (tests before this one moved it): the server's follows.
    aheadMs = (await providerNow()) - Date.now();
    const agent = new MemoryOAuthClient('http://127.0.0.1:33421/callback', 'Editor agent');
    // Unauthenticated: the SDK finds the provider from the server's 401 and metadata, registers, and sends the user on.
    await expect(connect(agent)).rejects.toThrow(UnauthorizedError);
    const url = agent.authorizationUrl!;
    expect(`${url.origin}${url.pathname}`).toBe(`${demo()}/authorize`);
    expect(url.searchParams.get('resource')).toBe(mcp.url);

    const { at: landed } = await catchCallback(page, agent.redirectUrl);
    await page.goto(url.toString());
    const email = uniqueEmail('mcp-agent');
    await signInOnConsentPage(page, email);
    await expect(consent(page).getByRole('heading', { level: 1 })).toContainText('Editor agent', { timeout: 20_000 });
    await consent(page).getByRole('button', { name: 'Allow' }).click();
    const back = await landed;
    expect(back.searchParams.get('iss')).toBe(providerUrl());
    expect(await auth(agent, { serverUrl: mcp.url, authorizationCode: back.searchParams.get('code')! })).toBe('AUTHORIZED');

    const client = await connect(agent);
    const who = await whoami(client);
    expect(who.client_id).toBe(agent.info!.client_id);
    expect((await serverApi('GET', `/users/${encodeURIComponent(who.subject)}`)).emails[0].email).toBe(email);

    // The access token expires (the provider's clock and the server's move past it): the SDK
    // meets a 401, refreshes with its refresh token, and the call goes through.
    const first = agent.saved!;
    const expiresIn = (claimsOf(first.access_token).exp as number) * 1000 - (await providerNow());
    const step = expiresIn + 60_000;
    await advanceProviderClock(step);
    aheadMs += step;
    expect((await whoami(client)).subject).toBe(who.subject);
    expect(agent.saved!.access_token).not.toBe(first.access_token);
    expect(agent.saved!.refresh_token).not.toBe(first.refresh_token);
    await client.close();
  },
);

test('an MCP client the user denies is told access_denied, and gets no token', async ({ page }) => {
  const agent = new MemoryOAuthClient('http://127.0.0.1:33422/callback', 'Unwanted agent');
  await expect(connect(agent)).rejects.toThrow(UnauthorizedError);
  const { at: landed } = await catchCallback(page, agent.redirectUrl);
  await page.goto(agent.authorizationUrl!.toString());
  await signInOnConsentPage(page, uniqueEmail('mcp-deny'));
  await expect(consent(page).getByRole('heading', { level: 1 })).toContainText('Unwanted agent', { timeout: 20_000 });
  await consent(page).getByRole('button', { name: 'Deny' }).click();
  const back = await landed;
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('code')).toBeNull();
  expect(agent.saved).toBeUndefined();
});

test("the partner app signs a user in through the consent page, shows the ID token's claims, and logs out through the element's logout", async ({ page }) => {
  await page.goto(partner.url);
  await page.getByRole('link', { name: 'Sign in with the demo' }).click();
  await page.waitForURL(`${demo()}/authorize?**`);
  const email = uniqueEmail('partner');
  await signInOnConsentPage(page, email);
  await expect(consent(page).getByRole('heading', { level: 1 })).toContainText('Partner app (demo)', { timeout: 20_000 });
  await consent(page).getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(partner.url);
  await expect(page.getByText('Signed in.')).toBeVisible();
  const claims = JSON.parse((await page.locator('pre').textContent())!) as Record<string, unknown>;
  expect(claims.email).toBe(email);
  expect(claims.iss).toBe(providerUrl());

  // RP-initiated logout through the consent page: the app proves whom it signed in (id_token_hint),
  // so the element ends the session without asking and sends the browser back to the app.
  const through: string[] = [];
  page.on('framenavigated', (f) => void (f === page.mainFrame() && through.push(f.url())));
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with the demo' })).toBeVisible({ timeout: 20_000 });
  expect(through.some((u) => u.startsWith(`${demo()}/authorize?`) && new URL(u).searchParams.get('post_logout_redirect_uri') === partner.url)).toBe(true);
  // The user's session on the site ended with it.
  await page.goto(`${demo()}/authorize?client_id=${encodeURIComponent(claims.aud as string)}&redirect_uri=${encodeURIComponent(partner.redirectUri)}&response_type=code&scope=openid`);
  await expect(consent(page)).toContainText('No active session detected.', { timeout: 20_000 });
});

test("a member allows an app on the B2B consent page, and the app's token names the member's organization", async ({ page }) => {
  const callback = 'http://127.0.0.1:33423/callback';
  const app = (await serverApi('POST', '/connected_apps/clients', { client_type: 'third_party', client_name: 'Team dashboard', redirect_urls: [callback] })).connected_app as {
    client_id: string;
    client_secret: string;
  };
  const organizationId = await signedInAdmin(page, uniqueEmail('b2b-connected'));

  const issuer = new URL(providerUrl());
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', [oauth.allowInsecureRequests]: true }));
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  // The B2B consent page: the organization's app sends its members there.
  const url = new URL(`${demo()}/b2b/authorize`);
  url.search = new URLSearchParams({
    client_id: app.client_id,
    redirect_uri: callback,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const { at: landed } = await catchCallback(page, callback);
  await page.goto(url.toString());
  await expect(consent(page).getByRole('heading', { level: 1 })).toContainText('Team dashboard', { timeout: 20_000 });
  await consent(page).getByRole('button', { name: 'Allow' }).click();
  const back = await landed;

  const client: oauth.Client = { client_id: app.client_id, id_token_signed_response_alg: 'ES256' };
  const params = oauth.validateAuthResponse(as, client, back, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(app.client_secret), params, callback, verifier, { [oauth.allowInsecureRequests]: true });
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, { requireIdToken: true });
  expect((claimsOf(result.access_token)['https://stytch.com/organization'] as { organization_id: string }).organization_id).toBe(organizationId);
});

test("an app written for @stytch/react's IdentityProvider, its import swapped, completes the consent", async ({ page }) => {
  const callback = 'http://127.0.0.1:33424/callback';
  const app = (await serverApi('POST', '/connected_apps/clients', { client_type: 'third_party', client_name: 'Notes for React', redirect_urls: [callback] })).connected_app as { client_id: string };
  const { at: landed } = await catchCallback(page, callback);
  const request = new URLSearchParams({ client_id: app.client_id, redirect_uri: callback, response_type: 'code', scope: 'openid email', state: 'react-sdk-state' });
  await page.goto(`${demo()}/hosts/react-sdk/?${request}`);
  // The app's own StytchLogin signs the user in, then its IdentityProvider asks.
  const login = page.locator('stytch-ui');
  const email = uniqueEmail('react-sdk-consent');
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByRole('button', { name: 'Continue with email' }).click();
  await login.locator('input[autocomplete="one-time-code"]').fill((await latestMessage(email)).code!);
  await expect(consent(page).getByRole('heading', { level: 1 })).toContainText('Notes for React', { timeout: 20_000 });
  // The app's onEvent hears the official event.
  await expect(page.locator('#host-events')).toContainText('OAUTH_AUTHORIZE_FLOW_START');
  await consent(page).getByRole('button', { name: 'Allow' }).click();
  const back = await landed;
  expect(back.searchParams.get('state')).toBe('react-sdk-state');
  expect(back.searchParams.get('code')).toBeTruthy();
});
