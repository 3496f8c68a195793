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
