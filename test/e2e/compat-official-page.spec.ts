import { expect, test } from '@playwright/test';
import { startOwnSite } from './own-site.ts';
import { uniqueEmail } from './screens-helpers.ts';

// A page written for the official prebuilt UI 6.3.0, the way its README shows it: the client
// from `StytchUIClient`, the element class registered by the page, `render()` with product
// objects and enums. Moving to this widget changes the import line and nothing else.

const OFFICIAL_PAGE_SCRIPT = `
import { StytchUIClient, StytchUI, Products, OTPMethods, StytchEventType } from '@stytch/vanilla-js';

const stytch = new StytchUIClient(window.DEMO.publicToken, { endpoints: { testAPIURL: window.DEMO.providerUrl } });

customElements.define('stytch-ui', StytchUI);

const login = document.getElementById('stytch-ui');
login.render({
  client: stytch,
  config: {
    products: [Products.otp],
    otpOptions: { methods: [OTPMethods.Email], expirationMinutes: 10 },
    sessionOptions: { sessionDurationMinutes: 60 },
  },
  styles: { colors: { primary: '#5b2a86' } },
  callbacks: {
    onEvent: ({ type, data }) => {
      if (type === StytchEventType.OTPsAuthenticate) document.getElementById('who').textContent = data.user.emails[0].email;
    },
    onError: (error) => console.error(error),
  },
});
login.addEventListener('stytch-event', (e) => document.getElementById('events').append(e.stytchEventType + ' '));
`;

/** The page with only its import swapped to this package. */
function swapped(script: string): string {
  const out = script.replace("from '@stytch/vanilla-js'", "from 'stytch-ui/compat'");
  expect(out).not.toBe(script);
  return out;
}

let site: Awaited<ReturnType<typeof startOwnSite>>;
test.beforeAll(async () => {
  site = await startOwnSite({ listed: 1 });
});
test.afterAll(() => site.close());

test('a page written for the official UI 6.3.0, its import swapped to stytch-ui/compat, signs in with an email code', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  // The developer's own page, on an origin the provider lists; the built files from the demo server.
  const own = site.listed[0]!;
  own.html = `<!doctype html>
    <script>window.DEMO = ${JSON.stringify({ providerUrl: site.provider.url, publicToken: site.publicToken })};</script>
    <script type="importmap">{ "imports": { "stytch-ui/compat": "${site.demo.url}/dist/stytch-ui.compat.js" } }</script>
    <stytch-ui id="stytch-ui"></stytch-ui>
    <p id="who"></p><p id="events"></p>
    <script type="module">${swapped(OFFICIAL_PAGE_SCRIPT)}</script>`;
  await page.goto(`${own.origin}/index.html`);
  const w = page.locator('stytch-ui');
  const email = uniqueEmail('compat');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  // As in the official UI, the code goes in six cells; the whole code typed into the first fills them all.
  await w
    .getByRole('textbox', { name: /One-time passcode/ })
    .first()
    .fill(await site.code(email));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#who')).toHaveText(email);
  await expect(page.locator('#events')).toContainText('OTP_AUTHENTICATE');
  // The styles reached the widget too.
  expect(await w.evaluate((el) => getComputedStyle(el).getPropertyValue('--stytch-colors-primary').trim())).toBe('#5b2a86');
  expect(problems).toEqual([]);
});
