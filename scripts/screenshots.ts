// `npm run screenshots`: the main screens in light and dark, from the running demo, as PNGs
// under docs/screenshots/. Starts the provider and the demo exactly as the e2e run does.
import { mkdirSync } from 'node:fs';
import { chromium, type Locator, type Page } from 'playwright';
import ar from '../screens/i18n/locales/ar.ts';
import he from '../screens/i18n/locales/he.ts';
import globalSetup from '../test/e2e/global-setup.ts';
import type { B2BClient } from '../client/b2b/index.ts';
// @ts-expect-error: a plain .mjs helper without declarations
import { CHROMIUM_ARGS, findChromium } from './lib/chromium.mjs';

/** The B2B demo page (demo/b2b.html), which leaves its headless client on `window.client`. */
type DemoB2BPage = typeof window & { client: B2BClient };

const OUT = 'docs/screenshots';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Shot {
  /** File name stem; the theme is appended. */
  name: string;
  /** Page to open, relative to the demo site. */
  path: string;
  /** Drives the page to the screen; returns what to photograph (the widget's box by default). */
  drive?: (page: Page, widget: Locator) => Promise<Locator | Page | void>;
  /** The element holding the widget: the login element unless said (`stytch-b2b-ui`). */
  element?: string;
  /** The window's width for this picture (a phone: 375); 1100 otherwise. */
  width?: number;
}

// Each run starts on an empty database, so fixed addresses keep the pictures the same from run
// to run; each is used at most twice, well under the provider's per-address send limit.
const EMAILS = {
  link: 'ada.lovelace@example.com',
  entry: 'grace.hopper@example.com',
  success: 'alan.turing@example.com',
  password: 'katherine.johnson@example.com',
  passkeyLight: 'margaret.hamilton@example.com',
  passkeyDark: 'radia.perlman@example.com',
  rtlLight: 'al.khwarizmi@example.com',
  rtlDark: 'ibn.al-haytham@example.com',
  heLight: 'ada.yonath@example.com',
  heDark: 'dan.shechtman@example.com',
  arPassword: 'hedy.lamarr@example.com',
  consentLight: 'tim.berners-lee@example.com',
  consentDark: 'vint.cerf@example.com',
  adminLight: 'frances.allen@example.com',
  adminDark: 'barbara.ryder@example.com',
};

/** The newest outbox message to `to`, polling the provider's development API. */
async function latestCode(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${process.env.E2E_PROVIDER_URL}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
    const list = (await res.json()) as { code: string | null }[];
    if (list[0]?.code) return list[0].code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code reached the outbox for ${to}`);
}

/**
 * A new organization named `name` whose admin, `email`, stays signed in on the demo B2B page
 * (its headless client, by emailed passcode): its id and slug.
 */
async function organizationOf(page: Page, email: string, name: string): Promise<{ organization_id: string; organization_slug: string }> {
  await page.evaluate((a) => (window as DemoB2BPage).client.otps.email.discovery.send({ email_address: a }), email);
  const code = await latestCode(email);
  return page.evaluate(
    async ([a, c, n]) => {
      const client = (window as DemoB2BPage).client;
      await client.otps.email.discovery.authenticate({ email_address: a, code: c });
      const { organization } = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: n });
      return { organization_id: organization.organization_id, organization_slug: organization.organization_slug };
    },
    [email, code, name] as const,
  );
}

/**
 * An organization with SSO connections to the demo's local OIDC issuer and SAML IdP (created
 * once, through the demo page's headless client and the admin page's API): its slug.
 */
let acmeSlug: Promise<string> | undefined;
function acme(page: Page): Promise<string> {
  acmeSlug ??= (async () => {
    const organization = await organizationOf(page, 'barbara.liskov@example.com', 'Acme Corp');
    await page.evaluate(async (id) => {
      for (const protocol of ['oidc', 'saml']) {
        const res = await fetch(`/admin/api/organizations/${encodeURIComponent(id)}/sso/${protocol}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        if (!res.ok) throw new Error(`connecting ${protocol}: ${res.status} ${await res.text()}`);
      }
      await (window as DemoB2BPage).client.session.revoke({ forceClear: true });
    }, organization.organization_id);
    return organization.organization_slug;
  })();
  return acmeSlug;
}

const config = (c: object) => `index.html?config=${encodeURIComponent(JSON.stringify(c))}`;
const emailOtp = config({ products: ['otp'], otpOptions: { methods: ['email'] } });

/** Signs `email` in on the login element by emailed passcode, up to its success screen. */
async function signInByEmailOtp(widget: Locator, email: string): Promise<void> {
  await sendEmailOtp(widget, email);
  await widget.getByLabel('One-time passcode').fill(await latestCode(email));
  await widget.getByRole('heading', { name: 'Your passcode has been successfully verified.' }).waitFor({ timeout: 15_000 });
}

async function sendEmailOtp(widget: Locator, email: string): Promise<string> {
  await widget.getByRole('textbox', { name: 'Email' }).fill(email);
  await widget.getByRole('button', { name: 'Continue with email' }).click();
  await widget.getByRole('heading', { name: 'Enter passcode' }).waitFor({ timeout: 15_000 });
  return email;
}

const SHOTS: Shot[] = [
  { name: 'main', path: 'index.html' },
  { name: 'main-all-products', path: 'products.html?set=all' },
  {
    name: 'email-confirmation',
    path: config({ products: ['emailMagicLinks'] }),
    drive: async (_page, w) => {
      await w.getByRole('textbox', { name: 'Email' }).fill(EMAILS.link);
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await w.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'otp-entry',
    path: emailOtp,
    drive: async (_page, w) => {
      await sendEmailOtp(w, EMAILS.entry);
    },
  },
  {
    name: 'otp-success',
    path: emailOtp,
    drive: async (_page, w) => {
      await signInByEmailOtp(w, EMAILS.success);
    },
  },
  {
    name: 'social',
    path: config({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: ['google', 'microsoft', 'apple', 'github', 'slack'].map((type) => ({ type })) } }),
  },
  {
    name: 'password-create',
    path: config({ products: ['passwords'] }),
    drive: async (_page, w) => {
      await w.getByRole('textbox', { name: 'Email' }).fill(EMAILS.password);
      await w.getByRole('button', { name: 'Continue with email' }).click();
      await w.getByRole('heading', { name: 'Create an account' }).waitFor({ timeout: 15_000 });
      await w.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await w.getByRole('meter', { name: 'Password strength' }).waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'passkey-registration',
    path: emailOtp,
    drive: async (page, w) => {
      // Each theme signs in its own user, so both pictures show a user with no passkey yet.
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      await signInByEmailOtp(w, dark ? EMAILS.passkeyDark : EMAILS.passkeyLight);
      await page.goto(`${new URL('passkeys.html', page.url()).href}${dark ? '?theme=dark' : ''}`);
      const reg = page.locator('stytch-passkey-registration');
      await reg.getByRole('heading', { name: 'Set up a new Passkey' }).waitFor({ timeout: 15_000 });
      return reg.locator('[part="container"]').first();
    },
  },
  { name: 'config-error', path: config({ products: ['passkeys'] }) },
  // Right to left (Arabic, Hebrew) and the en-XA pseudo-locale, beside the English pictures.
  { name: 'main-ar', path: 'products.html?set=all&locale=ar' },
  {
    name: 'otp-entry-ar',
    path: config({ products: ['otp'], otpOptions: { methods: ['sms', 'email'] }, locale: 'ar' }),
    drive: async (page, w) => {
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      await w.getByRole('tab', { name: ar['tab.email'] }).click();
      await w.getByRole('textbox', { name: ar['formField.email.label'] }).fill(dark ? EMAILS.rtlDark : EMAILS.rtlLight);
      await w.getByRole('button', { name: ar['button.emailLogin'] }).click();
      await w.getByRole('heading', { name: ar['passcode.title'] }).waitFor({ timeout: 15_000 });
    },
  },
  { name: 'main-he', path: config({ products: ['oauth', 'otp', 'passwords'], otpOptions: { methods: ['sms'] }, oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }] }, locale: 'he' }) },
  { name: 'main-en-XA', path: 'products.html?set=all&locale=en-XA' },
  {
    name: 'otp-entry-he',
    path: config({ products: ['otp'], otpOptions: { methods: ['email'] }, locale: 'he' }),
    drive: async (page, w) => {
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      await w.getByRole('textbox', { name: he['formField.email.label'] }).fill(dark ? EMAILS.heDark : EMAILS.heLight);
      await w.getByRole('button', { name: he['button.emailLogin'] }).click();
      await w.getByRole('heading', { name: he['passcode.title'] }).waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'password-create-ar',
    path: config({ products: ['passwords'], locale: 'ar' }),
    drive: async (_page, w) => {
      await w.getByRole('textbox', { name: ar['formField.email.label'] }).fill(EMAILS.arPassword);
      await w.getByRole('button', { name: ar['button.emailLogin'] }).click();
      await w.getByRole('heading', { name: ar['password.createAccount.title'] }).waitFor({ timeout: 15_000 });
      await w.getByLabel(ar['formField.password.label'], { exact: true }).fill('correct horse battery');
      await w.getByRole('meter', { name: ar['password.strength.label'] }).waitFor({ timeout: 15_000 });
    },
  },
  // The B2B element (issue 26): discovery on the demo page, and the same page on a phone.
  { name: 'b2b-discovery', path: 'b2b.html', element: 'stytch-b2b-ui', width: 1280 },
  { name: 'b2b-discovery-375', path: 'b2b.html', element: 'stytch-b2b-ui', width: 375, drive: async (page) => page },
  // An organization's login page with its SSO connections and the OAuth providers, above the email form.
  {
    name: 'b2b-sso',
    path: 'b2b.html',
    element: 'stytch-b2b-ui',
    drive: async (page, w) => {
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      const slug = await acme(page);
      await page.goto(new URL(`org/${encodeURIComponent(slug)}?products=sso,oauth,emailOtp&providers=google,microsoft${dark ? '&theme=dark' : ''}`, page.url()).href);
      await w.getByRole('button', { name: 'Continue with Local SAML IdP' }).waitFor({ timeout: 15_000 });
      return w.locator('[part="container"]').first();
    },
  },
  // The consent element (issue 48): an app's request on the demo's consent page, the user signed in.
  {
    name: 'consent',
    path: emailOtp,
    drive: async (page, w) => {
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      await signInByEmailOtp(w, dark ? EMAILS.consentDark : EMAILS.consentLight);
      // An app registered by the site's backend, asking for the standard scopes and offline access.
      const made = await fetch(`${process.env.E2E_PROVIDER_URL}/v1/connected_apps/clients`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${process.env.E2E_PROJECT_ID}:${process.env.E2E_PROJECT_SECRET}`).toString('base64')}` },
        body: JSON.stringify({ client_type: 'third_party', client_name: 'Notes Pro', client_description: 'Takes notes with your account', redirect_urls: ['https://notes.example/callback'] }),
      });
      const { connected_app } = (await made.json()) as { connected_app: { client_id: string } };
      const request = new URLSearchParams({ client_id: connected_app.client_id, redirect_uri: 'https://notes.example/callback', response_type: 'code', scope: 'openid email profile offline_access' });
      await page.goto(new URL(`authorize?${request}${dark ? '&theme=dark' : ''}`, page.url()).href);
      const consent = page.locator('stytch-identity-provider');
      await consent.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 15_000 });
      return consent.locator('[part="container"]').first();
    },
  },
  // The admin portal (issue 49): an organization's members, as its admin sees them.
  {
    name: 'admin-members',
    path: 'b2b.html',
    element: 'stytch-b2b-ui',
    width: 1280,
    drive: async (page) => {
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      await organizationOf(page, dark ? EMAILS.adminDark : EMAILS.adminLight, 'Globex');
      await page.evaluate(async () => {
        for (const invited of ['ken.thompson@example.com', 'dennis.ritchie@example.com']) await (window as DemoB2BPage).client.magicLinks.email.invite({ email_address: invited });
      });
      await page.goto(new URL(`b2b-portal.html?only=members${dark ? '&theme=dark' : ''}`, page.url()).href);
      const portal = page.locator('stytch-b2b-admin-portal-member-management-ui');
      await portal.getByRole('cell', { name: 'dennis.ritchie@example.com', exact: true }).waitFor({ timeout: 15_000 });
      return portal.locator('[part~="admin-portal"]');
    },
  },
  // A member's page in the admin portal: roles, email, sessions and the danger zone, wide and on a phone.
  ...[1280, 375].map((width): Shot => ({
    name: width === 1280 ? 'admin-member' : 'admin-member-375',
    path: 'b2b.html',
    element: 'stytch-b2b-ui',
    width,
    drive: async (page) => {
      const dark = new URL(page.url()).searchParams.get('theme') === 'dark';
      await organizationOf(page, `${width}-${dark ? EMAILS.adminDark : EMAILS.adminLight}`, 'Initech');
      const member = width === 1280 ? 'dorothy.vaughan@example.com' : 'mary.jackson@example.com';
      await page.evaluate(async (m) => void (await (window as DemoB2BPage).client.magicLinks.email.invite({ email_address: m })), member);
      await page.goto(new URL(`b2b-portal.html?only=members${dark ? '&theme=dark' : ''}`, page.url()).href);
      const portal = page.locator('stytch-b2b-admin-portal-member-management-ui');
      await portal.getByRole('button', { name: `Manage ${member}` }).click({ timeout: 15_000 });
      await portal.getByRole('heading', { level: 1, name: member }).waitFor({ timeout: 15_000 });
      return portal.locator('[part~="admin-portal"]');
    },
  })),
  { name: 'home', path: 'index.html', drive: async (page) => page },
  { name: 'playground', path: 'playground.html', drive: async (page) => page },
];

async function shoot(page: Page, base: string, shot: Shot, theme: Theme): Promise<void> {
  const url = new URL(shot.path, `${base}/`);
  if (theme === 'dark') url.searchParams.set('theme', 'dark');
  await page.setViewportSize({ width: shot.width ?? 1100, height: 820 });
  await page.goto(url.href);
  const widget = page.locator(shot.element ?? 'stytch-ui');
  await widget
    .getByRole('heading')
    .or(widget.getByText(/^Error:/))
    .first()
    .waitFor({ timeout: 15_000 });
  // The bordered box itself, not the element's layout slot around it.
  const target = (await shot.drive?.(page, widget)) ?? widget.locator('[part="container"]').first();
  // Let the transition's focus ring and fonts settle before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await target.screenshot({ path: `${OUT}/${shot.name}-${theme}.png`, animations: 'disabled' });
  console.log(`  ${OUT}/${shot.name}-${theme}.png`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const teardown = await globalSetup();
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: (CHROMIUM_ARGS as string[]).filter((a) => a !== '--headless'),
  });
  try {
    const only = process.argv.slice(2);
    for (const theme of THEMES) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 820 }, colorScheme: theme });
      const page = await context.newPage();
      for (const shot of SHOTS) if (only.length === 0 || only.includes(shot.name)) await shoot(page, process.env.E2E_DEMO_URL!, shot, theme);
      await context.close();
    }
  } finally {
    await browser.close();
    await teardown();
  }
}

await main();
