import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundleOfficial } from '../support/official-bundle.ts';
import { startOwnSite } from './own-site.ts';

/*
 * One page written for the official prebuilt UI 6.3.0, rendered twice: with the official package
 * (bundled from node_modules, served by the page's own site) and with its import swapped to
 * stytch-ui/compat. What a user sees must match: colours, radii, fonts and sizes of the card,
 * header, tabs, input, buttons and inbox links, and the presentation's options. Run with
 * DOCS_SCREENSHOTS=1 to rewrite the side-by-side pictures under docs/compat/.
 */

const CUSTOM = {
  theme: {
    primary: '#5b2a86',
    'primary-foreground': '#ffffff',
    background: '#fffaf0',
    foreground: '#2a1a3a',
    border: '#d9c8ee',
    input: '#b79ad9',
    accent: '#efe4fb',
    'rounded-base': '2px',
    'container-radius': '4px',
    'font-family': 'Georgia, serif',
  },
  options: { hideHeaderText: true, logo: { url: '/logo.svg', alt: 'Acme' } },
};

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="32"><rect width="96" height="32" rx="6" fill="#5b2a86"/></svg>';

const PAGE_SCRIPT = (products: string, presentation: unknown) => `
import { StytchUIClient, StytchUI, Products, OTPMethods } from '@stytch/vanilla-js';

const stytch = new StytchUIClient(window.DEMO.publicToken, { endpoints: { testAPIURL: window.DEMO.providerUrl } });
customElements.define('stytch-ui', StytchUI);
document.getElementById('stytch-ui').render({
  client: stytch,
  config: {
    products: [${products}],
    otpOptions: { methods: [OTPMethods.Email, OTPMethods.SMS], expirationMinutes: 10 },
    emailMagicLinksOptions: {},
    oauthOptions: { providers: [{ type: 'google' }] },
  },
  ${presentation === undefined ? '' : `presentation: ${JSON.stringify(presentation)},`}
});
`;

let site: Awaited<ReturnType<typeof startOwnSite>>;
test.describe.configure({ timeout: 60_000 });
test.beforeAll(async () => {
  // Starting a provider and bundling the official package take a while on a loaded machine.
  test.setTimeout(120_000);
  site = await startOwnSite({ listed: 1 });
  const own = site.listed[0]!;
  own.files['/official.js'] = await bundleOfficial("export * from '@stytch/vanilla-js';", 'esm');
  own.files['/logo.svg'] = LOGO;
});
test.afterAll(() => site.close());

type Which = 'official' | 'compat';

/** Opens the page with the official package or with its import swapped to stytch-ui/compat. */
async function open(page: Page, which: Which, width: number, products: string, presentation?: unknown): Promise<Locator> {
  const own = site.listed[0]!;
  const target = which === 'official' ? '/official.js' : `${site.demo.url}/dist/stytch-ui.compat.js`;
  own.html = `<!doctype html>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <script>window.DEMO = ${JSON.stringify({ providerUrl: site.provider.url, publicToken: site.publicToken })};</script>
    <script type="importmap">{ "imports": { "@stytch/vanilla-js": "${target}" } }</script>
    <body style="margin:16px">
    <stytch-ui id="stytch-ui"></stytch-ui>
    <script type="module">${PAGE_SCRIPT(products, presentation)}</script>`;
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${own.origin}/index.html`);
  const w = page.locator('stytch-ui');
  await expect(w.getByRole('button', { name: /^Continue with (email|Google)$/ }).first()).toBeVisible({ timeout: 15_000 });
  return w;
}

/** What a user sees of one element: its box and the computed styles that draw it. */
async function look(l: Locator) {
  return l.evaluate(async (el) => {
    // A hover that just ended may still be fading (both UIs ease their colours).
    await Promise.all(el.getAnimations().map((a) => a.finished));
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      width: Math.round(r.width),
      height: Math.round(r.height),
      background: s.backgroundColor,
      color: s.color,
      border: `${s.borderTopWidth} ${s.borderTopColor}`,
      radius: [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomRightRadius, s.borderBottomLeftRadius].join(' '),
      font: `${s.fontSize} ${s.fontWeight} ${s.fontFamily}`,
      align: s.textAlign,
      icon: el.querySelector('svg') ? Math.round(el.querySelector('svg')!.getBoundingClientRect().width) : 0,
    };
  });
}

/** The card: the nearest ancestor of the email field that draws a border. */
async function card(w: Locator) {
  return w.getByPlaceholder('example@email.com').evaluate((input) => {
    let el = input.parentElement!;
    while (getComputedStyle(el).borderTopWidth !== '1px' && el.parentElement) el = el.parentElement;
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      width: Math.round(r.width),
      background: s.backgroundColor,
      border: `${s.borderTopWidth} ${s.borderTopColor}`,
      radius: s.borderTopLeftRadius,
      color: s.color,
      font: s.fontFamily,
      padding: s.paddingTop,
    };
  });
}

/** The main screen as a user sees it. */
async function mainScreen(w: Locator) {
  const tabs = w.getByRole('tab');
  return {
    card: await card(w),
    header: (await w.getByText('Sign up or log in', { exact: true }).count()) ? await look(w.getByText('Sign up or log in', { exact: true })) : null,
    logo: (await w.getByRole('img', { name: 'Acme' }).count()) ? await look(w.getByRole('img', { name: 'Acme' })) : null,
    tabs: await Promise.all((await tabs.all()).map(look)),
    selectedTab: await look(w.getByRole('tab', { selected: true })),
    input: await look(w.getByPlaceholder('example@email.com')),
    // Both keep the field's label for screen readers only: a 1px clipped box.
    emailLabelWidth: await w
      .locator('label')
      .filter({ hasText: /^Email$/ })
      .evaluate((label) => {
        let width = Infinity;
        for (let el: Element | null = label; el && el !== label.closest('form'); el = el.parentElement) width = Math.min(width, el.getBoundingClientRect().width);
        return width;
      }),
    primary: await look(w.getByRole('button', { name: 'Continue with email' })),
    oauth: await look(w.getByRole('button', { name: 'Continue with Google' })),
    divider: await look(w.getByText('or', { exact: true })),
    // The blocks follow the order of products (here the codes' form, then Google).
    formAboveOAuth: (await w.getByRole('button', { name: 'Continue with email' }).boundingBox())!.y < (await w.getByRole('button', { name: 'Continue with Google' }).boundingBox())!.y,
  };
}

/** Sizes may differ by a pixel of rounding; everything else must be equal. */
function expectSame(ours: unknown, official: unknown, path = ''): void {
  if (typeof official === 'number' && typeof ours === 'number') {
    expect(Math.abs(ours - official), `${path}: ${ours} vs ${official}`).toBeLessThanOrEqual(1);
  } else if (official && typeof official === 'object') {
    expect(ours, path).toBeTruthy();
    for (const key of Object.keys(official)) expectSame((ours as Record<string, unknown>)[key], (official as Record<string, unknown>)[key], `${path}.${key}`);
  } else expect(ours, path).toEqual(official);
}

const SHOTS = process.env.DOCS_SCREENSHOTS === '1';
const shots: Record<string, Buffer> = {};
/** The top left of the page, where the widget is (the whole width of a phone). */
const shot = (page: Page, width: number) => page.screenshot({ clip: { x: 0, y: 0, width: Math.min(width, 440), height: 480 } });

for (const [name, presentation] of [
  ['default', undefined],
  ['custom', CUSTOM],
] as const) {
  for (const width of [1280, 375]) {
    test(`the official page in compat looks as 6.3.0 draws it: ${name} presentation, ${width} px`, async ({ page }) => {
      const products = 'Products.otp, Products.oauth';
      const official = await mainScreen(await open(page, 'official', width, products, presentation));
      if (SHOTS) shots[`official-${name}-${width}`] = await shot(page, width);
      const ours = await mainScreen(await open(page, 'compat', width, products, presentation));
      if (SHOTS) shots[`compat-${name}-${width}`] = await shot(page, width);

      // The shapes 6.3.0 draws: segmented outline tabs, a filled primary button, an outline OAuth button.
      expect(official.tabs.length).toBe(2);
      expect(official.formAboveOAuth).toBe(true);
      expectSame(ours, official);
      if (name === 'default') {
        expect(ours.primary.background).toBe('oklch(0.2 0 0)');
        expect(ours.tabs[0]!.radius).toBe('8px 0px 0px 8px');
        expect(ours.tabs[1]!.radius).toBe('0px 8px 8px 0px');
        expect(ours.card.radius).toBe('24px');
        expect(ours.header).not.toBeNull();
      } else {
        // The presentation's tokens and options took effect, in both.
        expect(ours.primary.background).toBe('rgb(91, 42, 134)');
        expect(ours.primary.radius).toBe('4px 4px 4px 4px');
        expect(ours.card.radius).toBe('4px');
        expect(ours.card.font).toBe('Georgia, serif');
        expect(ours.header).toBeNull();
        expect(ours.logo).not.toBeNull();
      }
      expect(ours.emailLabelWidth).toBeLessThanOrEqual(1);
    });
  }

  test(`the inbox links are outline buttons with icons, as 6.3.0 draws them: ${name} presentation`, async ({ page }) => {
    const products = 'Products.emailMagicLinks, Products.oauth';
    const inbox = async (w: Locator) => {
      await w.getByPlaceholder('example@email.com').fill(`inbox-${name}@example.com`);
      await w.getByRole('button', { name: 'Continue with email' }).click();
      const links = [w.getByRole('link', { name: 'Open in Gmail' }), w.getByRole('link', { name: 'Open in Yahoo' }), w.getByRole('link', { name: 'Open in Outlook' })];
      await expect(links[0]!).toBeVisible({ timeout: 15_000 });
      await page.mouse.move(0, 0);
      return { links: await Promise.all(links.map(look)), heading: await look(w.getByText('Check your email')) };
    };
    const official = await inbox(await open(page, 'official', 1280, products, presentation));
    const ours = await inbox(await open(page, 'compat', 1280, products, presentation));
    for (const link of official.links) {
      expect(link.icon).toBe(20);
      expect(link.border.startsWith('1px')).toBe(true);
    }
    expectSame(ours.links, official.links, 'links');
    expectSame(
      { font: ours.heading.font, color: ours.heading.color, align: ours.heading.align },
      { font: official.heading.font, color: official.heading.color, align: official.heading.align },
      'heading',
    );
  });
}

test('the code screen shows six 36px cells, as 6.3.0 draws them', async ({ page }) => {
  const w = await open(page, 'compat', 1280, 'Products.otp');
  await w.getByPlaceholder('example@email.com').fill('cells@example.com');
  await w.getByRole('button', { name: 'Continue with email' }).click();
  const cells = w.getByRole('textbox', { name: /One-time passcode/ });
  await expect(cells).toHaveCount(6, { timeout: 15_000 });
  const all = await cells.all();
  for (const cell of all) expect(await look(cell)).toMatchObject({ width: 36, height: 36, radius: '8px 8px 8px 8px' });
  // The focused first cell wears the focus ring's colour, the others the input border.
  expect((await look(all[0]!)).border).toBe('1px oklch(0.72 0 0)');
  expect((await look(all[1]!)).border).toBe('1px oklch(0.92 0 0)');
  expect(await look(w.getByRole('heading', { name: 'Enter passcode' }))).toMatchObject({ align: 'start' });
});

test('a [light, dark] theme pair follows the system colour scheme as 6.3.0 does', async ({ page }) => {
  const pair = { theme: [{ primary: '#5b2a86' }, { primary: '#d8b4fe', 'primary-foreground': '#1a0b2e', 'color-scheme': 'dark' }] };
  await page.emulateMedia({ colorScheme: 'dark' });
  const products = 'Products.otp, Products.oauth';
  const official = await mainScreen(await open(page, 'official', 1280, products, pair));
  const ours = await mainScreen(await open(page, 'compat', 1280, products, pair));
  expectSame(ours, official);
  expect(ours.primary.background).toBe('rgb(216, 180, 254)');
  // As in 6.3.0, the dark theme is laid over the light defaults: what it leaves out stays light.
  expect(ours.card.background).toBe('oklch(1 0 0)');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await look(page.locator('stytch-ui').getByRole('button', { name: 'Continue with email' }))).toMatchObject({ background: 'rgb(91, 42, 134)' });
});

test.afterAll(async ({ browser }) => {
  if (!SHOTS) return;
  // Official and ours side by side, one picture per presentation and width.
  mkdirSync('docs/compat', { recursive: true });
  const page = await browser.newPage();
  for (const name of ['default', 'custom']) {
    for (const width of [1280, 375]) {
      const [a, b] = [shots[`official-${name}-${width}`], shots[`compat-${name}-${width}`]];
      if (!a || !b) continue;
      const cell = (label: string, png: Buffer) =>
        `<figure style="margin:0"><figcaption style="font:600 14px system-ui;padding:6px 0">${label}</figcaption><img style="display:block;border:1px solid #ccc" src="data:image/png;base64,${png.toString('base64')}"></figure>`;
      await page.setViewportSize({ width: 2 * Math.min(width, 440) + 60, height: 560 });
      await page.setContent(`<body style="margin:16px;display:flex;gap:24px;background:#fff">${cell('@stytch/vanilla-js 6.3.0', a)}${cell('stytch-ui/compat', b)}</body>`);
      writeFileSync(`docs/compat/${name}-${width}.png`, await page.screenshot({ fullPage: true }));
    }
  }
  await page.close();
});
