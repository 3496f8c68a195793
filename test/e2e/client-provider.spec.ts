import { expect, test, type Page } from '@playwright/test';

const provider = () => process.env.E2E_PROVIDER_URL!;

/** Runs `body` in the page with the headless client as `c`; returns its result or `Name: first line` of its error. */
function run<T>(page: Page, body: string, arg: unknown = null): Promise<T | string> {
  return page.evaluate(
    ([src, a]) => {
      const fn = new Function('c', 'arg', `return (async () => { ${src} })()`) as (c: unknown, a: unknown) => Promise<unknown>;
      return fn((window as unknown as { client: unknown }).client, a).catch((e: Error) => `${e.name}: ${e.message.split('\n')[0]}`);
    },
    [body, arg] as const,
  ) as Promise<T | string>;
}

async function outbox(request: import('@playwright/test').APIRequestContext, to: string) {
  const r = await request.get(`${provider()}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
  return (await r.json()) as { text: string; link?: string }[];
}

test('magic link, user search, strength check, user get and update against the running provider', async ({ page, request }) => {
  await page.goto(`${process.env.E2E_DEMO_URL!}/headless.html`);
  await page.waitForFunction(() => 'client' in window);
  const email = `ml-${Date.now()}@example.com`;

  expect(await run(page, 'return (await c.user.search(arg)).userType', email)).toBe('new');

  const sent = await run<{ user_created: boolean }>(
    page,
    'return c.magicLinks.email.loginOrCreate(arg, { login_magic_link_url: location.origin + "/authenticate.html", signup_magic_link_url: location.origin + "/authenticate.html" })',
    email,
  );
  expect(sent).toMatchObject({ user_created: true });
  const [message] = await outbox(request, email);
  const link = message!.link ?? /https?:\/\/\S+/.exec(message!.text)![0];
  const token = new URL(link).searchParams.get('token')!;
  expect(token).toBeTruthy();

  const userId = await run<string>(page, 'return (await c.magicLinks.authenticate(arg, { session_duration_minutes: 30 })).user_id', token);
  expect(userId).toMatch(/^user-test-/);
  await expect(page.locator('#session')).toHaveText(/^session-test-/);
  // A used token is refused with the API error's typed message.
  expect(await run(page, 'return c.magicLinks.authenticate(arg, { session_duration_minutes: 30 })', token)).toMatch(/^StytchAPIError: \[\d{3}\] \w+/);

  const weak = await run<{ valid_password: boolean; strength_policy: string }>(page, 'return c.passwords.strengthCheck({ email: arg, password: "password" })', email);
  expect(weak).toMatchObject({ valid_password: false });
  const strong = await run<{ valid_password: boolean }>(page, 'return c.passwords.strengthCheck({ email: arg, password: "correct-Horse-battery-staple-91!" })', email);
  expect(strong).toMatchObject({ valid_password: true });

  const me = await run<{ user_id: string; emails: { email: string; verified: boolean }[] }>(page, 'return c.user.get()');
  expect(me).toMatchObject({ user_id: userId, emails: [{ email, verified: true }] });
  const updated = await run<string>(page, 'await c.user.update({ untrusted_metadata: { theme: "dark" } }); return c.user.getSync().untrusted_metadata.theme');
  expect(updated).toBe('dark');

  expect(await run(page, 'return c.user.update({ untrusted_metadata: "dark" })')).toBe('StytchSDKUsageError: Invalid call to stytch.user.update');
});
