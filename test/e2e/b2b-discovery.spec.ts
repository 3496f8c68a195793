import { expect, test } from '@playwright/test';
import { recordCardFrames } from './card-frames.ts';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';
import { axeClean, b2b, expectOpened, expectScreen } from './b2b-screens.ts';

/*
 * <stytch-b2b-ui> against the real provider (issue 20): discovery by email code to a new
 * organization, and by magic link into an organization that invited the address. Codes and
 * links come from the provider's outbox; axe checks every screen shown.
 */

const page_ = (products: string) => `${process.env.E2E_DEMO_URL}/b2b.html?products=${products}`;

test('discovery by email code, by keyboard alone, creates a new organization and shows the member in it', async ({ page }) => {
  const email = uniqueEmail('b2b-otp');
  type Fired = { type: string; data: Record<string, unknown> };
  const events: Fired[] = [];
  await page.exposeFunction('recordEvent', (e: Fired) => events.push(e));
  await page.goto(page_('emailOtp'));
  await page.evaluate(() => document.querySelector('stytch-b2b-ui')!.addEventListener('stytch-event', (e) => (window as unknown as { recordEvent(e: unknown): void }).recordEvent(e.detail)));
  await expect(b2b(page).getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await axeClean(page);

  // Keyboard alone: Tab from the page's link to the field, type, Enter.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(b2b(page).getByLabel('Email')).toBeFocused();
  await page.keyboard.type('not-an-email');
  await page.keyboard.press('Enter');
  await expect(b2b(page).getByRole('alert')).toHaveText('Email format is invalid.');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  // The code screen puts the caret in the code field (as the B2C one does), not on its heading.
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText('Enter passcode');
  await expect(b2b(page).getByLabel('One-time passcode')).toBeFocused();
  await expect(b2b(page).getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible();
  await axeClean(page);
  const { code } = await latestMessage(email);
  // A wrong code is refused and announced; the field is cleared for another try.
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await expect(b2b(page).getByRole('alert')).toHaveText('Invalid passcode, please try again.');
  await expect(b2b(page).getByLabel('One-time passcode')).toHaveValue('');
  await b2b(page).getByLabel('One-time passcode').focus();
  await page.keyboard.type(code!);

  await expectScreen(page, 'Create an organization to get started');
  await expect(b2b(page).getByText(`${email} does not have an account. Think this is a mistake? Try a different email address, or contact your admin.`)).toBeVisible();
  await axeClean(page);
  await b2b(page).getByRole('button', { name: 'Create an organization' }).focus();
  await page.keyboard.press('Enter');

  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText('You have successfully logged in.')).toBeVisible();
  await expect(b2b(page).getByText(email)).toBeVisible();
  await expect(b2b(page).getByText(`${email.split('@')[0]}'s organization`)).toBeVisible();
  await axeClean(page);
  // Each step fired the official B2B event with the provider's answer (issue 52: only the last came).
  expect(events.map((e) => e.type)).toEqual(['B2B_OTPS_EMAIL_DISCOVERY_SEND', 'B2B_OTPS_EMAIL_DISCOVERY_AUTHENTICATE', 'B2B_DISCOVERY_ORGANIZATIONS_CREATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  const [sent, authenticated, created] = events;
  expect(sent!.data.status_code).toBe(200);
  expect(authenticated!.data).toMatchObject({ email_address: email, discovered_organizations: [], intermediate_session_token: expect.any(String) });
  expect(created!.data).toMatchObject({ organization: { organization_name: `${email.split('@')[0]}'s organization` }, member: { email_address: email }, session_token: expect.any(String) });
  // The client holds the member session the widget started.
  expect(await page.evaluate(() => (window as unknown as { client: { session: { getSync(): unknown } } }).client.session.getSync())).not.toBeNull();
});

test('discovery by magic link lists the organization that invited the address; accepting the invite signs in to it', async ({ page }) => {
  const admin = uniqueEmail('b2b-admin');
  const invitee = uniqueEmail('b2b-invitee');
  await page.goto(page_('emailMagicLinks'));
  // An admin creates an organization and invites the address (headless client on the same page).
  const orgName = `Acme ${Date.now()}`;
  await page.evaluate(
    (a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }),
    admin,
  );
  const { code } = await latestMessage(admin);
  await page.evaluate(
    async ([a, c, name, inv]) => {
      type C = {
        otps: { email: { discovery: { authenticate(o: object): Promise<unknown> } } };
        discovery: { organizations: { create(o: object): Promise<unknown> } };
        magicLinks: { email: { invite(o: object): Promise<unknown> } };
        session: { revoke(o: object): Promise<unknown> };
      };
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: name });
      await client.magicLinks.email.invite({ email_address: inv });
      await client.session.revoke({ forceClear: true });
    },
    [admin, code!, orgName, invitee] as const,
  );
  await latestMessage(invitee);
  await page.reload();

  await b2b(page).getByLabel('Email').fill(invitee);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Check your email');
  await expect(b2b(page).getByText(`An email was sent to ${invitee}.`)).toBeVisible();
  await axeClean(page);

  const { link } = await latestMessage(invitee, 1);
  expect(new URL(link!).searchParams.get('stytch_token_type')).toBe('discovery');
  expect(new URL(link!).searchParams.get('stytch_redirect_type')).toBe('login');
  await page.goto(link!);
  await expectScreen(page, 'Select an organization to continue');
  // The token left the address bar: a reload does not spend it again.
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  expect(new URL(page.url()).searchParams.get('stytch_redirect_type')).toBeNull();
  const row = b2b(page).getByRole('button', { name: new RegExp(orgName) });
  await expect(row).toContainText('Accept Invite');
  await axeClean(page);
  await row.click();

  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(orgName)).toBeVisible();
  await expect(b2b(page).getByText(invitee)).toBeVisible();
});

test('a spent discovery link shows the EmailMagicLink sub-view, announced', async ({ page }) => {
  const email = uniqueEmail('b2b-spent');
  await page.goto(page_('emailMagicLinks'));
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Check your email');
  const { link } = await latestMessage(email);
  await page.goto(link!);
  await expectScreen(page, 'Create an organization to get started');
  await page.goto(link!);
  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText(
    'Something went wrong. Your login link may have expired, been revoked, or been used more than once. Request a new login link to try again, or contact your admin for help.',
  );
  await axeClean(page);
});

test('a bad config is refused with the option and the rule named, and reported to onError', async ({ page }) => {
  await page.goto(page_('emailOtp'));
  const message = await page.evaluate(async () => {
    const { mountB2B } = (await import('/dist/stytch-ui.b2b.js' as string)) as { mountB2B(o: object): HTMLElement };
    const host = document.createElement('div');
    host.id = 'bad';
    document.body.append(host);
    return new Promise<string>((resolve) => {
      mountB2B({ elementId: '#bad', config: { products: ['emailOtp', 'fax'], authFlowType: 'Discovery' }, callbacks: { onError: (e: Error) => resolve(e.message) } });
    });
  });
  expect(message).toBe('Invalid B2B config: config.products.1: must be one of emailMagicLinks, emailOtp, sso, passwords, oauth (or B2BProducts.<name>)');
  await expect(page.locator('#bad stytch-b2b-ui').getByRole('alert')).toHaveText(message);
});

test('directLoginForSingleMembership: a member of one organization goes straight to Logged In', async ({ page }) => {
  const email = uniqueEmail('b2b-direct');
  await page.goto(page_('emailOtp'));
  const orgName = `Solo ${Date.now()}`;
  await page.evaluate(
    (a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }),
    email,
  );
  const first = await latestMessage(email);
  await page.evaluate(
    async ([a, c, name]) => {
      type C = {
        otps: { email: { discovery: { authenticate(o: object): Promise<unknown> } } };
        discovery: { organizations: { create(o: object): Promise<unknown> } };
        session: { revoke(o: object): Promise<unknown> };
      };
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: name });
      await client.session.revoke({ forceClear: true });
    },
    [email, first.code!, orgName] as const,
  );
  await page.evaluate(async () => {
    const { mountB2B } = (await import('/dist/stytch-ui.b2b.js' as string)) as { mountB2B(o: object): HTMLElement };
    const w = window as unknown as { client: unknown };
    mountB2B({ elementId: '#b2b', client: w.client, config: { products: ['emailOtp'], authFlowType: 'Discovery', directLoginForSingleMembership: { status: true } } });
  });
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email, 1);
  await b2b(page).getByLabel('One-time passcode').fill(code!);
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(orgName)).toBeVisible();
});

test('organization flow by slug: email and password sign in to that organization; a wrong password is announced', async ({ page }) => {
  const email = uniqueEmail('b2b-pw');
  const password = `Correct-Horse-${Date.now()}-battery`;
  const orgName = `Pw Org ${Date.now()}`;
  await page.goto(page_('emailOtp'));
  await page.evaluate(
    (a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }),
    email,
  );
  const { code } = await latestMessage(email);
  const slug = await page.evaluate(
    async ([a, c, name, pw]) => {
      type C = {
        otps: { email: { discovery: { authenticate(o: object): Promise<unknown> } } };
        discovery: { organizations: { create(o: object): Promise<{ organization: { organization_id: string; organization_slug: string } }> } };
        passwords: { resetBySession(o: object): Promise<unknown> };
        session: { revoke(o: object): Promise<unknown> };
      };
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      const r = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: name });
      await client.passwords.resetBySession({ organization_id: r.organization.organization_id, password: pw });
      await client.session.revoke({ forceClear: true });
      return r.organization.organization_slug;
    },
    [email, code!, orgName, password] as const,
  );
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  await page.exposeFunction('recordEvent', (e: { type: string; data: Record<string, unknown> }) => events.push(e));
  // Listening before the element's first screen asks for the organization by its slug.
  await page.addInitScript(() => document.addEventListener('stytch-event', (e) => (window as unknown as { recordEvent(e: unknown): void }).recordEvent(e.detail), true));
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?flow=Organization&slug=${encodeURIComponent(slug)}`);
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${orgName}` })).toBeVisible();
  await axeClean(page);
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByLabel('Password', { exact: true }).fill('wrong-password-123');
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expect(b2b(page).getByRole('alert')).toBeVisible();
  await axeClean(page);
  await b2b(page).getByLabel('Password', { exact: true }).fill(password);
  await b2b(page).getByLabel('Password', { exact: true }).press('Enter');
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(orgName)).toBeVisible();
  await expect(b2b(page).getByText(email)).toBeVisible();
  // The official events of the organization flow, the wrong password firing none.
  expect(events.map((e) => e.type)).toEqual(['B2B_ORGANIZATIONS_GET_BY_SLUG', 'B2B_PASSWORD_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(events[0]!.data).toMatchObject({ organization: { organization_slug: slug, organization_name: orgName } });
  expect(events[1]!.data).toMatchObject({ member: { email_address: email }, organization_id: expect.any(String) });
});

test('organization flow: an unknown slug shows the Organization sub-view, with nowhere to go back to', async ({ page }) => {
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?flow=Organization&slug=no-such-org-${Date.now()}`);
  await expectScreen(page, 'Looks like there was an error!');
  await expect(b2b(page).getByRole('alert')).toHaveText('The organization you are looking for could not be found. If you think this is a mistake, contact your admin.');
  await expect(b2b(page).getByRole('button')).toHaveCount(0);
  await axeClean(page);
});

test('every B2B screen change keeps a card on screen (lazy screens held for frames): Main, passcode, Discovery, Logged In', async ({ page }) => {
  const frames = await recordCardFrames(page, 'stytch-b2b-ui');
  const email = uniqueEmail('b2b-frames');
  await page.goto(page_('emailOtp'));
  await expect(b2b(page).getByLabel('Email')).toBeVisible();
  await frames.start();
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email);
  await b2b(page).getByLabel('One-time passcode').fill(code!);
  await expectScreen(page, 'Create an organization to get started');
  await b2b(page).getByRole('button', { name: 'Create an organization' }).click();
  await expectScreen(page, 'Success!');
  await frames.expectNeverBlank(['Sign up or log in', 'Enter passcode', 'Create an organization to get started', 'Success!']);
});

for (const [label, query] of [
  ['dark', '&theme=dark'],
  ['right to left (Arabic)', '&locale=ar'],
] as const) {
  test(`axe is clean in ${label}: Main and Enter passcode`, async ({ page }) => {
    await page.goto(page_('emailOtp') + query);
    await expect(b2b(page).getByRole('heading', { level: 1 })).toBeVisible();
    if (query === '&locale=ar') await expect(b2b(page).locator('[dir="rtl"]')).toHaveCount(1);
    await axeClean(page);
    await b2b(page).getByRole('textbox').fill(uniqueEmail('b2b-axe'));
    await b2b(page).getByRole('button').last().click();
    // The code screen (in the page's language) puts the caret in its field.
    await expect(b2b(page).locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await expectOpened(page);
    await axeClean(page);
  });
}

test('organization flow: a member signs in to the organization by email code, and by its login link', async ({ page }) => {
  const email = uniqueEmail('b2b-orgcode');
  const orgName = `Code Org ${Date.now()}`;
  await page.goto(page_('emailOtp'));
  await page.evaluate(
    (a) => (window as unknown as { client: { otps: { email: { discovery: { send(o: object): Promise<unknown> } } } } }).client.otps.email.discovery.send({ email_address: a }),
    email,
  );
  const first = await latestMessage(email);
  const slug = await page.evaluate(
    async ([a, c, name]) => {
      type C = {
        otps: { email: { discovery: { authenticate(o: object): Promise<unknown> } } };
        discovery: { organizations: { create(o: object): Promise<{ organization: { organization_slug: string } }> } };
        session: { revoke(o: object): Promise<unknown> };
      };
      const client = (window as unknown as { client: C }).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      const r = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: name });
      await client.session.revoke({ forceClear: true });
      return r.organization.organization_slug;
    },
    [email, first.code!, orgName] as const,
  );
  const orgPage = `${process.env.E2E_DEMO_URL}/b2b.html?flow=Organization&slug=${encodeURIComponent(slug)}&products=emailMagicLinks,emailOtp`;
  await page.goto(orgPage);
  await expect(b2b(page).getByRole('heading', { name: `Continue to ${orgName}` })).toBeVisible();
  await b2b(page).getByLabel('Email').fill(email);
  // Both email products: 'Continue with email' asks which (Email Method Selection).
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await expectScreen(page, 'Select how you’d like to continue');
  await axeClean(page);
  await b2b(page).getByRole('button', { name: 'Email me a login code' }).click();
  await expectScreen(page, 'Enter passcode');
  const { code } = await latestMessage(email, 1);
  await b2b(page).getByLabel('One-time passcode').fill(code!);
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(orgName)).toBeVisible();

  await page.evaluate(() => (window as unknown as { client: { session: { revoke(o: object): Promise<unknown> } } }).client.session.revoke({ forceClear: true }));
  await page.goto(orgPage);
  await b2b(page).getByLabel('Email').fill(email);
  await b2b(page).getByRole('button', { name: 'Continue with email' }).click();
  await b2b(page).getByRole('button', { name: 'Email me a login link' }).click();
  await expectScreen(page, 'Check your email');
  const { link } = await latestMessage(email, 2);
  expect(new URL(link!).searchParams.get('stytch_token_type')).toBe('multi_tenant_magic_links');
  // The redirect URL's type, as the hosted provider names it: a member's login.
  expect(new URL(link!).searchParams.get('stytch_redirect_type')).toBe('login');
  await page.goto(link!);
  await expectScreen(page, 'Success!');
  await expect(b2b(page).getByText(orgName)).toBeVisible();
  // The link's parameters left the address bar.
  expect([...new URL(page.url()).searchParams.keys()].filter((k) => k.startsWith('stytch_') || k === 'token')).toEqual([]);
  await axeClean(page);
});
