import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { signedInAdmin } from './b2b-screens.ts';
import { serverApiOf } from './own-site.ts';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';

/*
 * The admin portal's four elements on the demo's Admin page (issue 49), in Chromium against the
 * real provider: each portal's main path as an organization's admin, and a refused action (the
 * provider's RBAC answer shown as the portal's error) as a member without the admin role.
 */

const demo = () => process.env.E2E_DEMO_URL!;
/** The server API, as the site's backend calls it. */
const serverApi = (method: string, path: string, body?: object) =>
  serverApiOf({ url: process.env.E2E_PROVIDER_URL!, config: { projectId: process.env.E2E_PROJECT_ID! } }, process.env.E2E_PROJECT_SECRET!)(method, path, body);
// A portal's first answer waits on its chunk and the provider on a machine other suites share.
const see = expect.configure({ timeout: 20_000 });
test.beforeEach(() => test.setTimeout(120_000));

type Headless = {
  otps: { email: { discovery: { send(o: object): Promise<unknown>; authenticate(o: object): Promise<unknown> } } };
  discovery: { organizations: { create(o: object): Promise<{ organization: { organization_id: string; organization_slug: string } }> } };
  magicLinks: { email: { invite(o: object): Promise<unknown> }; authenticate(o: object): Promise<unknown> };
  session: { revoke(o: object): Promise<unknown> };
};

const members = (page: Page) => page.locator('stytch-b2b-admin-portal-member-management-ui');
const settings = (page: Page) => page.locator('stytch-b2b-admin-portal-org-settings-ui');
const sso = (page: Page) => page.locator('stytch-b2b-admin-portal-sso-ui');

/** The Admin page with one portal (`only`), in the theme asked for. */
async function openPortal(page: Page, only: string, query = ''): Promise<void> {
  await page.goto(`${demo()}/b2b-portal.html?only=${only}${query}`);
}

test('Members: the admin invites an address with a role by keyboard only, finds it by search, and revokes the invite', async ({ page }) => {
  const admin = uniqueEmail('portal-admin');
  const invited = uniqueEmail('portal-invited');
  await signedInAdmin(page, admin);
  await openPortal(page, 'members');
  const portal = members(page);
  await see(portal.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await see(portal.getByRole('cell', { name: admin.toLowerCase(), exact: true })).toBeVisible();

  // Keyboard only: focus the invite button, then type and tab through the form.
  await portal.getByRole('button', { name: 'Invite member' }).focus();
  await page.keyboard.press('Enter');
  await expect(portal.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await portal.getByRole('textbox', { name: 'Email' }).focus();
  await page.keyboard.type(invited);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Invited Person');
  await page.keyboard.press('Tab');
  // The first role is stytch_admin in the default policy's order; Space checks it.
  await expect(page.locator(':focus')).toHaveAttribute('type', 'checkbox');
  await page.keyboard.press('Space');
  await portal.getByRole('button', { name: 'Send invite' }).focus();
  await page.keyboard.press('Enter');
  // The provider saves the invite and sends its email before answering.
  await see(portal.getByRole('status')).toContainText(`Invite sent to ${invited}`);
  const mail = await latestMessage(invited);
  expect(mail.link).toContain('token=');

  await portal.getByRole('searchbox', { name: 'Search by email' }).fill(invited.slice(0, 12));
  await portal.getByRole('button', { name: 'Search', exact: true }).click();
  const row = portal.getByRole('row').filter({ hasText: invited.toLowerCase() });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('stytch_admin');
  await row.getByRole('button', { name: `Manage ${invited.toLowerCase()}` }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Invited Person' })).toBeVisible();
  await portal.getByRole('button', { name: 'Revoke invite' }).click();
  await portal.getByRole('group', { name: 'Revoke invite' }).getByRole('button', { name: 'Revoke invite' }).click();
  await expect(portal.getByRole('status')).toContainText('Invite revoked');
  await expect(portal.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
});

test('Members: the admin deactivates a member who had signed in, and reactivates them; the server API reads each change', async ({ page }) => {
  const organizationId = await signedInAdmin(page, uniqueEmail('portal-deactivator'));
  // A member who accepted an invite (a verified address: one that can be reactivated), made by the site's backend.
  const colleague = uniqueEmail('portal-colleague');
  await serverApi('POST', '/b2b/magic_links/email/invite', { organization_id: organizationId, email_address: colleague });
  const token = new URL((await latestMessage(colleague)).link!).searchParams.get('token')!;
  const { member_id } = await serverApi('POST', '/b2b/magic_links/authenticate', { magic_links_token: token, session_duration_minutes: 30 });
  const status = async () => (await serverApi('GET', `/b2b/organizations/${organizationId}/member?member_id=${member_id}`)).member.status as string;

  await openPortal(page, 'members');
  const portal = members(page);
  await see(
    portal
      .getByRole('row')
      .filter({ hasText: colleague.toLowerCase() })
      .getByRole('button', { name: `Manage ${colleague.toLowerCase()}` }),
  ).toBeVisible();
  await portal
    .getByRole('row')
    .filter({ hasText: colleague.toLowerCase() })
    .getByRole('button', { name: `Manage ${colleague.toLowerCase()}` })
    .click();
  await portal.getByRole('button', { name: 'Deactivate member' }).click();
  await portal.getByRole('group', { name: 'Deactivate member' }).getByRole('button', { name: 'Deactivate member' }).click();
  await see(portal.getByRole('status')).toContainText('Member deactivated');
  expect(await status()).toBe('deleted');
  await portal.getByRole('button', { name: 'Reactivate member' }).click();
  await portal.getByRole('group', { name: 'Reactivate member' }).getByRole('button', { name: 'Reactivate member' }).click();
  await see(portal.getByRole('status')).toContainText('Member reactivated');
  expect(await status()).toBe('active');
});

test("Members: the admin changes an invited member's address on its page by keyboard, warned of what the change ends; axe finds nothing there", async ({ page }) => {
  const admin = uniqueEmail('portal-email-admin');
  const invited = uniqueEmail('portal-email-old').toLowerCase();
  const moved = uniqueEmail('portal-email-new').toLowerCase();
  await signedInAdmin(page, admin);
  await openPortal(page, 'members');
  const portal = members(page);
  await portal.getByRole('button', { name: 'Invite member' }).click();
  await portal.getByRole('textbox', { name: 'Email' }).fill(invited);
  await portal.getByRole('button', { name: 'Send invite' }).click();
  await see(portal.getByRole('status')).toContainText(`Invite sent to ${invited}`);
  await portal.getByRole('searchbox', { name: 'Search by email' }).fill(invited);
  await portal.getByRole('button', { name: 'Search', exact: true }).click();
  await portal.getByRole('button', { name: `Manage ${invited}` }).click();
  await see(portal.getByRole('heading', { level: 1, name: invited })).toBeVisible();
  await expect(portal).toContainText('Changing the address signs the member out everywhere');
  expect(await axe(page, 'stytch-b2b-admin-portal-member-management-ui')).toEqual([]);

  const field = portal.getByRole('textbox', { name: 'Email' });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(moved);
  await page.keyboard.press('Enter');
  await see(portal.getByRole('status')).toContainText('Changes saved');
  await expect(portal.getByRole('heading', { level: 1, name: moved })).toBeVisible();
  // The provider took it: the old address is no member's any more, the new one is.
  await portal.getByRole('button', { name: 'Back to members' }).click();
  await portal.getByRole('searchbox', { name: 'Search by email' }).fill(moved);
  await portal.getByRole('button', { name: 'Search', exact: true }).click();
  await see(portal.getByRole('cell', { name: moved, exact: true })).toBeVisible();
});

test('Members: a member without the admin role sees no admin actions, and the provider refuses the list with an error the portal shows', async ({ page }) => {
  const admin = uniqueEmail('portal-owner');
  const plain = uniqueEmail('portal-plain');
  const orgId = await signedInAdmin(page, admin);
  // The admin invites a member with no roles, then signs out; the member accepts the invite.
  await page.evaluate(async (a) => {
    const client = (window as unknown as { client: Headless }).client;
    await client.magicLinks.email.invite({ email_address: a });
    await client.session.revoke({ forceClear: true });
  }, plain);
  const token = new URL((await latestMessage(plain)).link!).searchParams.get('token')!;
  await page.evaluate((tk) => (window as unknown as { client: Headless }).client.magicLinks.authenticate({ magic_links_token: tk, session_duration_minutes: 30 }), token);
  expect(orgId).toMatch(/^organization-/);

  await openPortal(page, 'members');
  const portal = members(page);
  // The provider's refusal (403 unauthorized_action), in its words.
  await see(portal.getByRole('alert')).toContainText('does not have permission');
  await expect(portal.getByRole('button', { name: 'Invite member' })).toHaveCount(0);

  await openPortal(page, 'settings');
  // Settings are read only: no Save anywhere, the MFA choice disabled.
  await see(settings(page).getByRole('radio', { name: 'Optional' })).toBeDisabled();
  await expect(settings(page).getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('Organization settings: the admin requires MFA, restricts sign-in methods and gives a role by email domain; a reload reads them back', async ({ page }) => {
  await signedInAdmin(page, uniqueEmail('portal-settings'));
  await openPortal(page, 'settings');
  const portal = settings(page);
  const mfa = portal.getByRole('region', { name: 'Multi-factor authentication' });
  await see(mfa).toBeVisible();
  // By keyboard: the choice with Space, the save with Enter.
  await mfa.getByRole('radio', { name: 'Required for every member' }).focus();
  await page.keyboard.press('Space');
  await expect(mfa.getByRole('radio', { name: 'Required for every member' })).toBeChecked();
  await mfa.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await see(portal.getByRole('status')).toContainText('Changes saved');

  const methods = portal.getByRole('region', { name: 'Allowed sign-in methods' });
  await methods.getByRole('radio', { name: 'Only the methods checked' }).check();
  await methods.getByRole('checkbox', { name: 'Email login codes' }).check();
  await methods.getByRole('checkbox', { name: 'Single sign-on (SSO)' }).check();
  await methods.getByRole('button', { name: 'Save' }).click();
  // Saved before the reload: the provider reads the restriction back (a reload during the
  // save would end the request, and the page would read the methods as they were).
  await see
    .poll(() =>
      page.evaluate(async () => {
        const org = await (window as unknown as { client: { organization: { get(): Promise<{ auth_methods: string; allowed_auth_methods: string[] }> } } }).client.organization.get();
        return { mode: org.auth_methods, allowed: [...org.allowed_auth_methods].sort() };
      }),
    )
    .toEqual({ mode: 'RESTRICTED', allowed: ['email_otp', 'sso'] });
  await expect(methods.getByRole('alert')).toHaveCount(0);

  // A role by email domain: the domain is kept in lower case.
  const byDomain = portal.getByRole('region', { name: 'Role assignment by email domain' });
  await expect(byDomain.getByText('No roles are assigned by email domain.')).toBeVisible();
  await byDomain.getByRole('textbox', { name: 'Email domain' }).fill(' Example.COM ');
  await byDomain.getByRole('combobox', { name: 'Roles' }).selectOption('stytch_admin');
  await byDomain.getByRole('button', { name: 'Add assignment' }).click();
  await expect(byDomain.getByRole('row')).toHaveCount(2);
  await byDomain.getByRole('button', { name: 'Save' }).click();
  await see
    .poll(() =>
      page.evaluate(
        async () =>
          (await (window as unknown as { client: { organization: { get(): Promise<{ rbac_email_implicit_role_assignments: unknown }> } } }).client.organization.get())
            .rbac_email_implicit_role_assignments,
      ),
    )
    .toEqual([{ domain: 'example.com', role_id: 'stytch_admin' }]);

  await page.reload();
  await see(settings(page).getByRole('radio', { name: 'Required for every member' })).toBeChecked();
  await expect(settings(page).getByRole('checkbox', { name: 'Email login codes' })).toBeChecked();
  await expect(settings(page).getByRole('checkbox', { name: 'Passwords' })).not.toBeChecked();
  await expect(settings(page).getByRole('row').filter({ hasText: 'example.com' })).toContainText('stytch_admin');
});

/** On the SSO portal of an organization without connections, a new SAML connection for Okta named `name`: the portal. */
async function newOktaSamlConnection(page: Page, name: string) {
  await openPortal(page, 'sso');
  const portal = sso(page);
  await see(portal.getByText('No SSO connections yet.')).toBeVisible();
  // By keyboard: each control focused in turn, Space for a choice, Enter for a button.
  await portal.getByRole('button', { name: 'New connection' }).focus();
  await page.keyboard.press('Enter');
  await portal.getByRole('textbox', { name: 'Display name' }).focus();
  await page.keyboard.type(name);
  for (const choice of ['Okta', 'SAML']) {
    await portal.getByRole('radio', { name: choice }).focus();
    await page.keyboard.press('Space');
  }
  await portal.getByRole('button', { name: 'Create connection' }).focus();
  await page.keyboard.press('Enter');
  return portal;
}

test('SSO: the admin makes a SAML connection for Okta, copies our ACS URL, pastes the IdP settings, gives roles by the connection and a group, and the connection is active', async ({ page }) => {
  const organizationId = await signedInAdmin(page, uniqueEmail('portal-sso'));
  const metadata = await (await fetch(`${demo()}/idp/saml/metadata`)).text();
  const entityId = /entityID="([^"]+)"/.exec(metadata)![1]!;
  const ssoUrl = /Location="([^"]+)"/.exec(metadata)![1]!;
  const cert = /<ds:X509Certificate>([^<]+)</.exec(metadata)![1]!;
  const portal = await newOktaSamlConnection(page, 'Okta');
  // The provider makes the connection (its signing certificate included) on a machine other suites share.
  await see(portal.getByRole('heading', { name: 'Set up Okta' })).toBeVisible();
  await expect(portal.getByLabel('ACS URL', { exact: true })).toContainText(`${process.env.E2E_PROVIDER_URL}/v1/`);
  await portal.getByRole('textbox', { name: 'Identity provider entity ID' }).fill(entityId);
  await portal.getByRole('textbox', { name: 'Identity provider sign-in URL' }).fill(ssoUrl);
  await portal.getByRole('textbox', { name: 'Signing certificate (PEM)' }).fill(`-----BEGIN CERTIFICATE-----\n${cert}\n-----END CERTIFICATE-----`);
  await portal.getByRole('region', { name: 'From your identity provider' }).getByRole('button', { name: 'Save' }).click();
  await see(portal.getByRole('status')).toContainText('Changes saved');
  await expect(portal.getByRole('region', { name: 'Signing certificates' }).getByRole('row')).toHaveCount(2);

  // Roles by the connection: one for everyone who signs in through it, one for a SAML group.
  const roles = portal.getByRole('region', { name: 'Role assignments' });
  await roles.getByRole('checkbox', { name: 'stytch_admin' }).check();
  await roles.getByRole('textbox', { name: 'Group' }).fill(' engineering ');
  await roles.getByRole('button', { name: 'Add assignment' }).click();
  await expect(roles.getByRole('row').filter({ hasText: 'engineering' })).toBeVisible();
  await roles.getByRole('button', { name: 'Save' }).click();
  type Saml = { saml_connection_implicit_role_assignments: unknown; saml_group_implicit_role_assignments: unknown };
  await see
    .poll(() =>
      page.evaluate(async () => {
        const { saml_connections } = await (window as unknown as { client: { sso: { getConnections(): Promise<{ saml_connections: Saml[] }> } } }).client.sso.getConnections();
        return [saml_connections[0]?.saml_connection_implicit_role_assignments, saml_connections[0]?.saml_group_implicit_role_assignments];
      }),
    )
    .toEqual([[{ role_id: 'stytch_admin' }], [{ group: 'engineering', role_id: 'stytch_admin' }]]);
  await portal.getByRole('button', { name: 'Back to connections' }).click();
  const row = portal.getByRole('row').filter({ hasText: 'Okta' });
  await expect(row).toContainText('Active');

  // The test sign-in: a new address signs in at the IdP, and the organization has a member for
  // it, with the role the connection gives everyone who signs in through it.
  const employee = uniqueEmail('portal-sso-employee');
  await row.getByRole('button', { name: 'Test sign-in through Okta' }).click();
  await page.waitForURL(/\/idp\/saml\/sso/);
  // Another person at the same browser: the admin's session is not theirs to add a factor to.
  await page.context().clearCookies();
  await page.getByRole('textbox', { name: 'Email' }).fill(employee);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/b2b\.html/);
  await see
    .poll(async () => {
      const { members } = await serverApi('POST', '/b2b/organizations/members/search', {
        organization_ids: [organizationId],
        query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [employee] }] },
      });
      return (members as Array<{ status: string; roles: Array<{ role_id: string }> }>).map((m) => [m.status, m.roles.map((r) => r.role_id).sort()]);
    })
    .toEqual([['active', ['stytch_admin', 'stytch_member']]]);
});

test("SSO by metadata URL: an address that serves no metadata is an error on the page; the IdP's metadata URL sets the connection up", async ({ page }) => {
  await signedInAdmin(page, uniqueEmail('portal-sso-url'));
  const portal = await newOktaSamlConnection(page, 'Okta by URL');
  const theirs = portal.getByRole('region', { name: 'From your identity provider' });
  const url = theirs.getByRole('textbox', { name: 'Identity provider metadata URL' });
  await see(url).toBeVisible();
  await url.fill(`${demo()}/idp/saml/no-such-metadata`);
  await theirs.getByRole('button', { name: 'Read metadata' }).click();
  await see(theirs.getByRole('alert')).toContainText("The identity provider's metadata could not be read");
  await url.fill(`${demo()}/idp/saml/metadata`);
  await theirs.getByRole('button', { name: 'Read metadata' }).click();
  await see(portal.getByRole('status')).toContainText('Changes saved');
  await expect(portal.getByRole('region', { name: 'Signing certificates' }).getByRole('row')).toHaveCount(2);
  // The fields below show what the metadata said.
  const entityId = /entityID="([^"]+)"/.exec(await (await fetch(`${demo()}/idp/saml/metadata`)).text())![1]!;
  await expect(theirs.getByRole('textbox', { name: 'Identity provider entity ID' })).toHaveValue(entityId);
  await portal.getByRole('button', { name: 'Back to connections' }).click();
  await expect(portal.getByRole('row').filter({ hasText: 'Okta by URL' })).toContainText('Active');
});

test('SCIM: the admin connects an identity provider, its token is shown once and works, group roles map what it pushed, a rotation switches tokens without a gap, and deleting ends it', async ({
  page,
}) => {
  await signedInAdmin(page, uniqueEmail('portal-scim'));
  await openPortal(page, 'scim');
  const portal = page.locator('stytch-b2b-admin-portal-scim');
  await see(portal.getByRole('heading', { name: 'New SCIM connection' })).toBeVisible();
  // By keyboard: the name typed, the identity provider chosen with Space, created with Enter.
  await portal.getByRole('textbox', { name: 'Display name' }).focus();
  await page.keyboard.type('Okta SCIM');
  await portal.getByRole('radio', { name: 'Okta' }).focus();
  await page.keyboard.press('Space');
  await portal.getByRole('button', { name: 'Create connection' }).focus();
  await page.keyboard.press('Enter');
  await see(portal.getByRole('region', { name: 'Your bearer token' })).toBeVisible();
  const token = (await portal.getByLabel('Bearer token', { exact: true }).first().textContent())!.trim();
  const baseUrl = (await portal.getByLabel('SCIM base URL', { exact: true }).textContent())!.trim();
  await expect(portal.getByRole('region', { name: 'Connection' })).toContainText(`…${token.slice(-4)}`);

  // The identity provider's side: the token provisions a user and pushes a group holding them.
  const scim = (method: string, path: string, bearer: string, body?: object) =>
    fetch(`${baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/scim+json' }, body: body ? JSON.stringify(body) : undefined });
  const email = uniqueEmail('scim-user');
  const user = await scim('POST', '/Users', token, { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, emails: [{ value: email, primary: true }], active: true });
  expect(user.status).toBe(201);
  const userId = ((await user.json()) as { id: string }).id;
  expect((await scim('POST', '/Groups', token, { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Engineering', members: [{ value: userId }] })).status).toBe(201);

  // The group shows once the portal reads the connection again; its role is given to its members.
  await page.reload();
  const groups = portal.getByRole('region', { name: 'Group role assignments' });
  await see(groups.getByRole('combobox', { name: 'Role for Engineering' })).toBeVisible();
  await groups.getByRole('combobox', { name: 'Role for Engineering' }).selectOption('stytch_admin');
  await groups.getByRole('button', { name: 'Save' }).click();
  await see
    .poll(() =>
      page.evaluate(async (e) => {
        type Search = { organization: { members: { search(o: object): Promise<{ members: Array<{ roles: Array<{ role_id: string }> }> }> } } };
        const found = await (window as unknown as { client: Search }).client.organization.members.search({
          query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [e] }] },
        });
        return found.members[0]?.roles.map((r) => r.role_id).sort();
      }, email),
    )
    .toEqual(['stytch_admin', 'stytch_member']);

  // Rotation: a new token beside the old one until the rotation is completed.
  const rotation = portal.getByRole('region', { name: 'Token rotation' });
  await rotation.getByRole('button', { name: 'Rotate token' }).click();
  const nextToken = rotation.getByLabel('New bearer token', { exact: true });
  await see(nextToken).toBeVisible();
  const next = (await nextToken.textContent())!.trim();
  expect(next).not.toBe(token);
  expect((await scim('GET', '/Users', token)).status).toBe(200);
  expect((await scim('GET', '/Users', next)).status).toBe(200);
  await rotation.getByRole('button', { name: 'Complete rotation' }).click();
  await see(portal.getByRole('status').filter({ hasText: 'Token rotated' })).toBeVisible();
  expect((await scim('GET', '/Users', token)).status).toBe(401);
  expect((await scim('GET', '/Users', next)).status).toBe(200);

  await portal.getByRole('button', { name: 'Delete connection' }).click();
  await portal.getByRole('group', { name: 'Delete connection' }).getByRole('button', { name: 'Delete connection' }).click();
  await see(portal.getByRole('heading', { name: 'New SCIM connection' })).toBeVisible();
  expect((await scim('GET', '/Users', next)).status).toBe(401);
});

for (const width of [320, 1280]) {
  for (const theme of ['light', 'dark']) {
    test(`axe finds nothing on the members and settings portals at ${width} px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signedInAdmin(page, uniqueEmail(`portal-axe-${width}-${theme}`));
      await openPortal(page, 'members', `&theme=${theme}`);
      await see(members(page).getByRole('table')).toBeVisible();
      expect(await axe(page, 'stytch-b2b-admin-portal-member-management-ui')).toEqual([]);
      await openPortal(page, 'settings', `&theme=${theme}`);
      await see(settings(page).getByRole('heading', { name: 'Details' })).toBeVisible();
      expect(await axe(page, 'stytch-b2b-admin-portal-org-settings-ui')).toEqual([]);
      await openPortal(page, 'sso', `&theme=${theme}`);
      await see(sso(page).getByRole('heading', { name: 'SSO connections' })).toBeVisible();
      expect(await axe(page, 'stytch-b2b-admin-portal-sso-ui')).toEqual([]);
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}

test('Arabic: the portal reads right to left in its words', async ({ page }) => {
  await signedInAdmin(page, uniqueEmail('portal-ar'));
  await openPortal(page, 'members', '&locale=ar');
  await see(members(page).locator('[dir="rtl"]').first()).toBeAttached();
  expect(await axe(page, 'stytch-b2b-admin-portal-member-management-ui')).toEqual([]);
});
