import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { idpKey, startSamlIdp } from '../provider/fake-saml-idp.ts';
import { bundleOfficial } from '../support/official-bundle.ts';
import { serverApiOf, startOwnSite } from './own-site.ts';
import { uniqueEmail } from './screens-helpers.ts';

/*
 * The referee for the admin portal (issue 49): the official 6.3.0 admin portal components
 * (`@stytch/vanilla-js/b2b/adminPortal`), unchanged, on a developer's own page against our
 * provider in Chromium, signed in as an organization's admin with the official B2B client. Each
 * portal's actions are done through its own UI and read back through the server API, as the
 * site's backend would: members invited, deactivated and an invitation revoked; MFA required; a
 * SCIM connection made and its token rotated (the new one provisions, the old one is refused);
 * a SAML connection made and configured by hand, then signed in through from a test IdP. One
 * portal per test, each flow continued in the portal it opened (the suite's time is tight).
 */

/** The official admin portal, bundled unchanged: `window.setupOfficial(token, url)` makes the B2B client; `window.mountPortal(name)` mounts one portal in #portal. */
function officialPortal(): Promise<string> {
  return bundleOfficial(`import { StytchB2BUIClient } from '@stytch/vanilla-js/b2b';
          import { mountAdminPortalMemberManagement, mountAdminPortalOrgSettings, mountAdminPortalSSO, mountAdminPortalSCIM } from '@stytch/vanilla-js/b2b/adminPortal';
          window.setupOfficial = (token, url) => { window.client = new StytchB2BUIClient(token, { endpoints: { testAPIURL: url } }); };
          window.mountPortal = (name) => {
            const mount = { members: mountAdminPortalMemberManagement, settings: mountAdminPortalOrgSettings, sso: mountAdminPortalSSO, scim: mountAdminPortalSCIM }[name];
            mount({ client: window.client, element: '#portal' });
          };`).then((text) => text.replaceAll('</script', '<\\/script'));
}

const b2bToken = 'public-token-test-refadm00-0000-4000-8000-000000000000';
const secret = `secret-test-${randomBytes(24).toString('base64url')}`;
let site: Awaited<ReturnType<typeof startOwnSite>>;
let samlKey: Awaited<ReturnType<typeof idpKey>>;
let saml: Awaited<ReturnType<typeof startSamlIdp>>;
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  site = await startOwnSite({ listed: 1, env: { B2B_PUBLIC_TOKEN: b2bToken, PROJECT_SECRETS: secret } });
  samlKey = await idpKey();
  saml = await startSamlIdp(samlKey);
});
test.afterAll(async () => {
  await saml?.close();
  await site?.close();
});

/** The server API, as the developer's backend calls it. */
const serverApi = (method: string, path: string, body?: object) => serverApiOf(site.provider, secret)(method, path, body);

/**
 * The developer's page with the official B2B client signed in as a new organization's admin
 * (discovery by emailed code), and the portal `name` mounted, after `before` has set the
 * organization up as the site's backend would: the organization's id.
 */
async function openPortal(page: Page, name: string, before?: (organizationId: string) => Promise<void>): Promise<string> {
  const own = site.listed[0]!;
  own.html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Official admin portal</title></head><body><main><div id="portal"></div></main>
    <script>${await officialPortal()}</script>
    <script>setupOfficial(${JSON.stringify(b2bToken)}, ${JSON.stringify(site.provider.url)});</script></body></html>`;
  await page.goto(`${own.origin}/index.html`);
  const email = uniqueEmail(`official-admin-${name}`);
  await page.evaluate((e) => (window as any).client.otps.email.discovery.send({ email_address: e }), email);
  const code = await site.code(email);
  const organizationId = await page.evaluate(
    async ([e, c]) => {
      const client = (window as any).client;
      await client.otps.email.discovery.authenticate({ email_address: e, code: c });
      return (await client.discovery.organizations.create({ session_duration_minutes: 60, organization_name: `Official Admin ${Date.now()}` })).organization.organization_id as string;
    },
    [email, code] as const,
  );
  await before?.(organizationId);
  await page.evaluate((n) => (window as any).mountPortal(n), name);
  await expect(page.locator('#portal').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  return organizationId;
}

test('member management: the admin invites a member (listed as invited), deactivates an active member and revokes the invitation', async ({ page }) => {
  const active = uniqueEmail('official-active');
  let activeId = '';
  const organizationId = await openPortal(page, 'members', async (id) => {
    activeId = (await serverApi('POST', `/b2b/organizations/${id}/members`, { email_address: active })).member.member_id;
  });
  const invited = uniqueEmail('official-invited');
  await page.getByRole('button', { name: 'Invite' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Email address' }).fill(invited);
  await page.getByRole('dialog').getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('alert')).toContainText(`Invite sent to ${invited}`);
  await expect(page.getByRole('row').filter({ hasText: invited })).toContainText('Invited');
  const invitedNow = () =>
    serverApi('POST', '/b2b/organizations/members/search', {
      organization_ids: [organizationId],
      query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [invited] }] },
    }).then((found) => found.members.map((m: { status: string }) => m.status));
  expect(await invitedNow()).toEqual(['invited']);

  // Deactivate: the active member's row menu, then the official confirmation.
  await page.getByRole('row').filter({ hasText: active }).getByRole('button', { name: 'actions' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: 'Deactivate Member?' }).getByRole('button', { name: 'Deactivate Member' }).click();
  await expect.poll(async () => (await serverApi('GET', `/b2b/organizations/${organizationId}/member?member_id=${activeId}`)).member.status).toBe('deleted');

  // Delete: revoking the invitation removes the invited member's record.
  await page.getByRole('row').filter({ hasText: invited }).getByRole('button', { name: 'actions' }).click();
  await page.getByRole('menuitem', { name: 'Revoke invite' }).click();
  await page.getByRole('dialog', { name: 'Revoke invite?' }).getByRole('button', { name: 'Revoke invite' }).click();
  await expect.poll(invitedNow).toEqual([]);
});

test('organization settings: the admin requires MFA for every member', async ({ page }) => {
  const organizationId = await openPortal(page, 'settings');
  const portal = page.locator('#portal');
  // The second Edit is the authentication settings' (the first, the details').
  await portal.getByRole('button', { name: 'Edit' }).nth(1).click();
  await portal.getByRole('checkbox', { name: /Require MFA for all users/ }).check();
  await portal.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save changes?' }).getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(async () => (await serverApi('GET', `/b2b/organizations/${organizationId}`)).organization.mfa_policy, { timeout: 20_000 }).toBe('REQUIRED_FOR_ALL');
});

/** The value the official SCIM portal shows under the label `label` (a token shown once). */
const shownValue = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText();

test('SCIM: the admin creates a connection for Okta, and rotates its token: the new one works, the old one is refused once the rotation is completed', async ({ page }) => {
  const organizationId = await openPortal(page, 'scim');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('combobox', { name: 'Select' }).click();
  await page.getByRole('menuitem', { name: 'Okta' }).click();
  await page.getByRole('textbox', { name: 'Display name' }).fill('Okta SCIM');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Configure Okta SCIM' })).toBeVisible({ timeout: 20_000 });
  const { connection } = await serverApi('GET', `/b2b/scim/${organizationId}/connection`);
  expect([connection.display_name, connection.identity_provider]).toEqual(['Okta SCIM', 'okta']);

  // The token is shown once, in the settings to copy to the IdP.
  await page.getByRole('button', { name: 'Copy the SCIM Connection Settings to your IdP.' }).click();
  const first = await shownValue(page, 'HTTP Header Authorization: Bearer');
  const users = (token: string) => fetch(`${connection.base_url}/Users`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);
  expect(await users(first)).toBe(200);
  await page.getByRole('checkbox', { name: 'I have copied the above values to my IdP.' }).check();
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Start token rotation' }).click();
  const rotation = page.getByRole('dialog', { name: 'Start HTTP Header Bearer Token Rotation' });
  const next = await shownValue(page, 'Click to copy your new HTTP Header Authorization: Bearer');
  await rotation.getByRole('checkbox', { name: 'I have copied the token to my IdP.' }).check();
  await rotation.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Complete rotation' }).click();
  await page.getByRole('dialog', { name: 'Complete token rotation?' }).getByRole('button', { name: 'Complete rotation' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The portal shows the new token's last four as the current one.
  await expect(page.getByText(`${'*'.repeat(10)}${next.slice(-4)}`, { exact: true })).toBeVisible();
  expect(first).not.toBe(next);
  expect([await users(next), await users(first)]).toEqual([200, 401]);
});

test('SSO: the admin creates a SAML connection for Okta and configures it by hand, and a member signs in through it', async ({ page, browser }) => {
  const organizationId = await openPortal(page, 'sso');
  await page.getByRole('button', { name: 'New connection' }).click();
  await page.getByRole('textbox', { name: 'Text' }).fill('Okta SSO');
  await page.getByRole('combobox', { name: 'Select' }).click();
  // Okta is listed twice (SAML and OIDC); the first is SAML.
  await page.getByRole('menuitem', { name: 'Okta' }).first().click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect
    .poll(async () => {
      const listed = await serverApi('GET', `/b2b/sso/${organizationId}`);
      return listed.saml_connections.map((c: { display_name: string }) => c.display_name);
    })
    .toEqual(['Okta SSO']);

  // The IdP's settings, pasted by hand: its sign-on URL, issuer and signing certificate.
  await expect(page.getByRole('heading', { name: 'Configure Okta SSO' })).toBeVisible();
  await page.getByRole('button', { name: 'Enter the following from Okta.' }).click();
  await page.getByRole('button', { name: 'Configure manually' }).click();
  await page.getByRole('textbox', { name: 'Sign-on URL' }).fill(saml.ssoUrl);
  await page.getByRole('textbox', { name: 'Issuer' }).fill(saml.entityId);
  await page.getByRole('textbox', { name: 'Signing Certificate' }).fill(samlKey.certificate);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'SSO Connections' })).toBeVisible();
  const [connection] = (await serverApi('GET', `/b2b/sso/${organizationId}`)).saml_connections;
  expect([connection.status, connection.idp_sso_url, connection.idp_entity_id]).toEqual(['active', saml.ssoUrl, saml.entityId]);

  // A member of the organization signs in at the IdP, in a browser of their own: the IdP posts its signed answer back.
  const email = uniqueEmail('official-sso-member');
  saml.as({ email });
  const back = `${site.listed[0]!.origin}/index.html`;
  const member = await browser.newPage();
  await member.goto(
    `${site.provider.url}/v1/public/sso/start?${new URLSearchParams({ public_token: b2bToken, connection_id: connection.connection_id, login_redirect_url: back, signup_redirect_url: back })}`,
  );
  await member.waitForURL((u) => u.href.startsWith(back) && u.searchParams.has('token'));
  const token = new URL(member.url()).searchParams.get('token');
  await member.close();
  const signedIn = await serverApi('POST', '/b2b/sso/authenticate', { sso_token: token, session_duration_minutes: 60 });
  expect([signedIn.member.email_address, signedIn.organization_id]).toEqual([email, organizationId]);
  const { member_sessions } = await serverApi('GET', `/b2b/sessions?${new URLSearchParams({ organization_id: organizationId, member_id: signedIn.member_id })}`);
  expect(member_sessions.map((s: { authentication_factors: Array<{ delivery_method: string }> }) => s.authentication_factors[0]!.delivery_method)).toEqual(['sso_saml']);
});
