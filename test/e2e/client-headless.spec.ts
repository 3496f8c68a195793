import { expect, test, type Page } from '@playwright/test';
// A session in the provider's wire shape, as the client's unit tests use it.
import { SESSION } from '../unit/client/fake-env.ts';

const demo = () => `${process.env.E2E_DEMO_URL!}/headless.html`;
const TOKEN = () => process.env.E2E_PUBLIC_TOKEN!;

async function open(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(demo());
  await page.waitForFunction(() => 'client' in window);
  return errors;
}

test('the headless client loads the project bootstrap from the provider and keeps it for the next load', async ({ page }) => {
  const errors = await open(page);
  const b = await page.evaluate(async () => {
    const c = (window as unknown as { client: { bootstrap: { ready(): Promise<Record<string, unknown>> } } }).client;
    return c.bootstrap.ready();
  });
  expect(b.vertical).toBe('CONSUMER');
  expect(b.password_config).toBeTruthy();
  await expect(page.locator('#project')).not.toHaveText('loading…');
  // The next load reads it synchronously, before any answer.
  await page.reload();
  await page.waitForFunction(() => 'client' in window);
  const sync = await page.evaluate(() => (window as unknown as { client: { bootstrap: { getSync(): Record<string, unknown> } } }).client.bootstrap.getSync());
  expect(sync.vertical).toBe('CONSUMER');
  expect(errors).toEqual([]);
});

test('signing out in one tab signs out the other', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await open(a);
  await open(b);
  await expect(b.locator('#session')).toHaveText('none');
  // Another tab of the same site signs in: its client writes the shared session state.
  await a.evaluate(([token, s]) => localStorage.setItem(`stytch_sdk_state_${token}`, JSON.stringify({ session: s, user: null })), [TOKEN(), SESSION] as const);
  await expect(b.locator('#session')).toHaveText(SESSION.session_id);
  // Tab A signs out (forceClear: local state goes even if the provider refuses the revoke).
  await a.getByRole('button', { name: 'Sign out' }).click();
  await expect(b.locator('#session')).toHaveText('none');
  expect(await b.evaluate(() => (window as unknown as { client: { session: { getSync(): unknown } } }).client.session.getSync())).toBeNull();
});

test("the client runs from client.js alone; its request checks and its calls' code arrive in a chunk of their own before any call, and a call's bad input is refused by them", async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => void (/\/dist\/chunks-client\//.test(r.url()) && chunks.push(new URL(r.url()).pathname)));
  const errors = await open(page);
  await expect.poll(() => chunks).toEqual([expect.stringMatching(/^\/dist\/chunks-client\/calls-[\w-]+\.js$/)]);
  const refused = await page.evaluate(async () => {
    const c = (window as unknown as { client: { magicLinks: { email: { loginOrCreate(e: string): Promise<unknown> } } } }).client;
    return c.magicLinks.email.loginOrCreate('not-an-email').then(
      () => 'sent',
      (e: Error) => `${e.name}: ${e.message}`,
    );
  });
  expect(refused).toBe('StytchSDKUsageError: Invalid call to stytch.magicLinks.email.loginOrCreate\nemail must be a valid email address');
  expect(chunks).toHaveLength(1);
  expect(errors).toEqual([]);
});

test("the calls' part that cannot load: the call is refused in words and nothing is sent; once it can, the next call goes through", async ({ page }) => {
  let blocked = true;
  await page.route(/\/dist\/chunks-client\//, (route) => (blocked ? route.abort('connectionreset') : route.continue()));
  const sent: string[] = [];
  page.on('request', (r) => void (/login_or_create/.test(r.url()) && sent.push(r.url())));
  const errors = await open(page);
  const call = () =>
    page.evaluate(async (email) => {
      const c = (window as unknown as { client: { otps: { email: { loginOrCreate(e: string): Promise<{ method_id: string }> } } } }).client;
      return c.otps.email.loginOrCreate(email).then(
        (r) => `sent ${r.method_id.split('-')[0]}`,
        (e: Error) => `${e.name}: ${e.message}`,
      );
    }, `checks-${Date.now()}@example.com`);
  expect(await call()).toMatch(/^StytchSDKError: Part of the client did not load \(.+\)\. Check the connection and try again\.$/);
  expect(sent).toEqual([]);
  blocked = false;
  expect(await call()).toBe('sent email');
  expect(errors).toEqual([]);
});
