import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as OTPAuth from 'otpauth';
import { localOidcIssuer, type LocalOidcIssuer } from '../../demo/idp/oidc.ts';
import { idpKey, startSamlIdp } from '../provider/fake-saml-idp.ts';
import { bundleOfficial } from '../support/official-bundle.ts';
import { serverApiOf, startOwnSite } from './own-site.ts';
import { uniqueEmail } from './screens-helpers.ts';

/*
 * The referee for the provider's B2B side (issue 26, item 6): the official prebuilt B2B UI
 * (`@stytch/vanilla-js` 6.3.0, `b2b` entry), unchanged, on a developer's own page against
 * our provider, in a real browser: discovery, an organization's password sign-in with a
 * reset, TOTP enrolment and entry, and SSO by SAML and by OIDC. Organizations are set up as a backend would,
 * with the server API and the project secret.
 */

/** The official B2B UI bundled as an IIFE: its element registered as the README shows, and `window.mountOfficial(token, url, config)`. */
function officialB2B(): Promise<string> {
  // 6.x takes product objects (B2BProducts.emailOtp…): the page names them, the bundle maps them.
  return bundleOfficial(`import { StytchB2BUIClient, StytchB2B, B2BProducts } from '@stytch/vanilla-js/b2b';
          customElements.define('stytch-b2b-ui', StytchB2B);
          window.mountOfficial = (token, url, config) => {
            const client = new StytchB2BUIClient(token, { endpoints: { testAPIURL: url } });
            window.client = client;
            const el = document.createElement('stytch-b2b-ui');
            document.getElementById('b2b').append(el);
            el.render({
              client,
              config: { ...config, products: config.products.map((p) => B2BProducts[p]) },
              callbacks: { onEvent: (e) => document.getElementById('events').append(e.type + ' '), onError: (e) => console.error('onError', e.message ?? e) },
            });
          };`).then((text) => text.replaceAll('</script', '<\\/script'));
}

const b2bToken = 'public-token-test-ref0b2b0-0000-4000-8000-000000000000';
const secret = `secret-test-${randomBytes(24).toString('base64url')}`;
let site: Awaited<ReturnType<typeof startOwnSite>>;
let saml: Awaited<ReturnType<typeof startSamlIdp>>;
let samlKey: Awaited<ReturnType<typeof idpKey>>;
let oidcServer: Server;
let oidc: LocalOidcIssuer;

// Each test walks several screens, its provider and IdP start with the file.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startOwnSite({ listed: 1, env: { B2B_PUBLIC_TOKEN: b2bToken, PROJECT_SECRETS: secret, OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8,::1/128' } });
  samlKey = await idpKey();
  saml = await startSamlIdp(samlKey);
  // The demo's local OpenID Connect issuer, on a port of its own, signing in to this provider only.
  oidcServer = createServer((req, res) => void oidc.handle(req, res, new URL(req.url ?? '/', 'http://idp')).then((handled) => handled || res.writeHead(404).end()));
  await new Promise<void>((ok) => oidcServer.listen(0, '127.0.0.1', ok));
  oidc = await localOidcIssuer(`http://127.0.0.1:${(oidcServer.address() as AddressInfo).port}`, new URL(site.provider.url).origin);
});
test.afterAll(async () => {
  await saml?.close();
  oidcServer?.closeAllConnections();
  await new Promise<void>((ok) => (oidcServer ? oidcServer.close(() => ok()) : ok()));
  await site?.close();
});

/** The server API, as the developer's backend calls it. */
const serverApi = (method: string, path: string, body?: object) => serverApiOf(site.provider, secret)(method, path, body);

/** The developer's page: the official B2B UI with `config`, its links coming back to this same page. */
async function openOfficial(page: Page, config: object, query = ''): Promise<void> {
  const own = site.listed[0]!;
  const back = `${own.origin}/index.html`;
  const full = {
    emailMagicLinksOptions: { discoveryRedirectURL: back, loginRedirectURL: back, signupRedirectURL: back },
    passwordOptions: { resetPasswordRedirectURL: back, loginRedirectURL: back },
    ssoOptions: { loginRedirectURL: back, signupRedirectURL: back },
    sessionOptions: { sessionDurationMinutes: 60 },
    ...config,
  };
  own.html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Official B2B UI</title></head><body><main><div id="b2b"></div><p id="events"></p></main>
    <script>${await officialB2B()}</script>
    <script>mountOfficial(${JSON.stringify(b2bToken)}, ${JSON.stringify(site.provider.url)}, ${JSON.stringify(full)});</script></body></html>`;
  await page.goto(`${back}${query}`);
}

const ui = (page: Page) => page.locator('#b2b');

/** Problems the page reports: an error thrown, or logged. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return problems;
}

/** The newest message to `to` in the provider's outbox, once there are more than `after`. */
async function message(to: string, after = 0): Promise<{ code: string | null; link: string | null }> {
  let found: Array<{ code: string | null; link: string | null }> = [];
  await expect
    .poll(async () => {
      const res = await fetch(`${site.provider.url}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
      found = (await res.json()) as typeof found;
      return found.length;
    })
    .toBeGreaterThan(after);
  return found[0]!;
}

const FIRST = 'a long and unusual passphrase 73!';
const SECOND = 'another quite different passphrase 19?';

/** The organization's sign-in page (`config`) opened afresh: `email`, then Continue. */
async function enterEmail(page: Page, config: object, email: string): Promise<void> {
  await openOfficial(page, config);
  await ui(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await ui(page).getByRole('button', { name: 'Continue' }).click();
}

/** `password` in the Password field, then Continue. */
async function enterPassword(page: Page, password: string): Promise<void> {
  await ui(page).getByRole('textbox', { name: 'Password' }).fill(password);
  await ui(page).getByRole('button', { name: 'Continue' }).click();
}

/** The reset `link` opened on the developer's page: a new `password` signs the member in. */
async function resetBy(page: Page, config: object, link: URL, password: string): Promise<void> {
  await openOfficial(page, { ...config, authFlowType: 'PasswordReset' }, link.search);
  await expect(ui(page).getByText('Set a new password')).toBeVisible();
  await enterPassword(page, password);
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
}

/** The authenticator app's code, `ahead` time steps from now (a code is accepted once, and one step either side). */
const totp = (secret: string, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.toUpperCase()), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + ahead * 30_000 });

/** A new organization (the backend's server API) with one active member, `email`; `settings` on the organization. */
async function organization(email: string, settings: object = {}): Promise<{ id: string; slug: string; name: string }> {
  const name = `Referee ${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
  const { organization: org } = await serverApi('POST', '/b2b/organizations', { organization_name: name, ...settings });
  await serverApi('POST', `/b2b/organizations/${org.organization_id}/members`, { email_address: email });
  return { id: org.organization_id, slug: org.organization_slug, name };
}

test('discovery: an email code lists no organization, the official UI creates one and signs in', async ({ page }) => {
  const problems = watch(page);
  await openOfficial(page, { products: ['emailOtp'], authFlowType: 'Discovery' });
  const email = uniqueEmail('official-b2b-disc');
  await ui(page).getByRole('textbox').first().fill(email);
  await ui(page).getByRole('button', { name: 'Continue with email' }).click();
  await expect(ui(page).getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible();
  await ui(page)
    .getByRole('textbox', { name: 'One-time passcode' })
    .fill((await message(email)).code!);
  await expect(ui(page).getByText('Create an organization to get started')).toBeVisible();
  await ui(page).getByRole('button', { name: 'Create an organization' }).click();
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  const session = await page.evaluate(() => (window as any).client.session.getSync());
  expect(session.roles).toContain('stytch_admin');
  expect(problems).toEqual([]);
});

test('organization: password reset from the sign-in screen, the reset link, a new password, then sign-in with it', async ({ page }) => {
  const problems = watch(page);
  const email = uniqueEmail('official-b2b-pw');
  // Addresses of the company's domain may join: a member without a password sets one by email first.
  const org = await organization(email, { email_allowed_domains: ['example.com'], email_jit_provisioning: 'RESTRICTED' });
  const config = { products: ['passwords'], authFlowType: 'Organization', organizationSlug: org.slug };
  await openOfficial(page, config);
  await expect(ui(page).getByText(`Continue to ${org.name}`)).toBeVisible();
  await ui(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await ui(page).getByRole('button', { name: 'Continue' }).click();
  await expect(ui(page).getByText(`A login link was sent to you at ${email}.`)).toBeVisible();
  let link = new URL((await message(email)).link!);
  expect(link.searchParams.get('stytch_token_type')).toBe('multi_tenant_magic_links');
  await resetBy(page, config, link, FIRST);
  await page.evaluate(() => (window as any).client.session.revoke());

  // Signed out: the password signs in; then "Sign up or reset password" sends a reset link.
  await enterEmail(page, config, email);
  await enterPassword(page, FIRST);
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  await page.evaluate(() => (window as any).client.session.revoke());

  await enterEmail(page, config, email);
  await ui(page).getByRole('button', { name: 'Sign up or reset password' }).click();
  await expect(ui(page).getByText('Check your email for help signing in')).toBeVisible();
  await ui(page).getByRole('button', { name: 'Continue' }).click();
  await expect(ui(page).getByText(`A login link was sent to you at ${email}.`)).toBeVisible();
  link = new URL((await message(email, 1)).link!);
  expect(link.searchParams.get('stytch_token_type')).toBe('multi_tenant_passwords');
  await resetBy(page, config, link, SECOND);
  await page.evaluate(() => (window as any).client.session.revoke());

  expect(problems).toEqual([]);

  // The new password signs in; the old one no longer does (the one refusal is all the page reports).
  await enterEmail(page, config, email);
  await enterPassword(page, FIRST);
  await expect(ui(page).getByText('You have successfully logged in.')).toHaveCount(0);
  await expect(ui(page).getByRole('textbox', { name: 'Password' })).toHaveAttribute('aria-invalid', 'true');
  await enterPassword(page, SECOND);
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  expect(problems.filter((p) => !/401|unauthorized_credentials/.test(p))).toEqual([]);
});

test('organization requiring MFA: TOTP enrolment (manual code, backup codes), then TOTP entry at the next sign-in', async ({ page }) => {
  const problems = watch(page);
  const email = uniqueEmail('official-b2b-totp');
  const org = await organization(email, { mfa_policy: 'REQUIRED_FOR_ALL' });
  await openOfficial(page, { products: ['emailOtp'], authFlowType: 'Organization', organizationSlug: org.slug });
  await ui(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await ui(page).getByRole('button', { name: 'Continue with email' }).click();
  await ui(page)
    .getByRole('textbox', { name: 'One-time passcode' })
    .fill((await message(email)).code!);
  await expect(ui(page).getByText('Set up Multi-Factor Authentication')).toBeVisible();
  await ui(page).getByRole('button', { name: 'Use an authenticator app' }).click();
  await expect(ui(page).getByRole('img', { name: 'QR code for TOTP enrollment' })).toBeVisible();
  await ui(page).getByRole('button', { name: 'Having trouble scanning?' }).click();
  await expect(ui(page).getByText('Having trouble scanning the QR code?')).toBeVisible();
  const secret = /\b([a-z2-7]{4}(?:\s+[a-z2-7]{4}){3,})\b/.exec(await ui(page).innerText())![1]!.replace(/\s+/g, '');
  await ui(page).getByRole('button', { name: 'Continue' }).click();
  await expect(ui(page).getByText('Enter verification code')).toBeVisible();
  await ui(page).getByRole('textbox', { name: 'One-time passcode' }).fill(totp(secret));
  await expect(ui(page).getByText('Save your backup codes!')).toBeVisible();
  await ui(page).getByRole('button', { name: 'Done' }).click();
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  await page.evaluate(() => (window as any).client.session.revoke());

  // The next sign-in asks for the authenticator's code (the next time step: each is accepted once).
  await openOfficial(page, { products: ['emailOtp'], authFlowType: 'Organization', organizationSlug: org.slug });
  await ui(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await ui(page).getByRole('button', { name: 'Continue with email' }).click();
  await ui(page)
    .getByRole('textbox', { name: 'One-time passcode' })
    .fill((await message(email, 1)).code!);
  await expect(ui(page).getByText('Enter verification code')).toBeVisible();
  await ui(page).getByRole('textbox', { name: 'One-time passcode' }).fill(totp(secret, 1));
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('organization SSO: the connection button, the SAML IdP, back signed in', async ({ page }) => {
  const problems = watch(page);
  const email = uniqueEmail('official-b2b-sso');
  const org = await organization(email, { sso_jit_provisioning: 'ALL_ALLOWED' });
  const { connection } = await serverApi('POST', `/b2b/sso/saml/${org.id}`, { display_name: 'Acme IdP' });
  await serverApi('PUT', `/b2b/sso/saml/${org.id}/connections/${connection.connection_id}`, {
    idp_entity_id: saml.entityId,
    idp_sso_url: saml.ssoUrl,
    x509_certificate: samlKey.certificate,
    attribute_mapping: { email: 'email', first_name: 'first_name', last_name: 'last_name' },
  });
  saml.as({ email });
  await openOfficial(page, { products: ['sso'], authFlowType: 'Organization', organizationSlug: org.slug });
  await ui(page).getByRole('button', { name: 'Continue with Acme IdP' }).click();
  // The IdP posted its signed answer; the provider sent the browser back with an SSO token, which the UI spent.
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  const session = await page.evaluate(() => (window as any).client.session.getSync());
  expect(session.authentication_factors[0].delivery_method).toBe('sso_saml');
  expect(problems).toEqual([]);
});

test("organization SSO by OIDC: the connection button, the local OpenID Connect issuer's sign-in page, back signed in", async ({ page }) => {
  const problems = watch(page);
  const email = uniqueEmail('official-b2b-oidc');
  const org = await organization(email);
  const { connection } = await serverApi('POST', `/b2b/sso/oidc/${org.id}`, { display_name: 'Acme OIDC' });
  await serverApi('PUT', `/b2b/sso/oidc/${org.id}/connections/${connection.connection_id}`, { issuer: oidc.issuer, client_id: oidc.clientId, client_secret: oidc.clientSecret });
  await openOfficial(page, { products: ['sso'], authFlowType: 'Organization', organizationSlug: org.slug });
  await ui(page).getByRole('button', { name: 'Continue with Acme OIDC' }).click();
  // The issuer's own sign-in page: the member's address.
  await expect(page.getByRole('heading', { name: 'Sign in to Local OIDC issuer' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The provider redeemed the code (PKCE, the ID token checked) and sent the browser back with an SSO token, which the UI spent.
  await expect(ui(page).getByText('You have successfully logged in.')).toBeVisible();
  const session = await page.evaluate(() => (window as any).client.session.getSync());
  expect(session.authentication_factors[0].delivery_method).toBe('sso_oidc');
  const member = await page.evaluate(() => (window as any).client.self.getSync());
  expect(member.email_address).toBe(email);
  expect(problems).toEqual([]);
});
