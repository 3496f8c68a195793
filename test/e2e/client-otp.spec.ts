import { expect, test } from '@playwright/test';

const provider = () => process.env.E2E_PROVIDER_URL!;

type Win = {
  client: {
    otps: {
      email: { loginOrCreate(email: string): Promise<{ method_id: string }> };
      authenticate(code: string, methodId: string, o: { session_duration_minutes: number }): Promise<{ session_token: string; user: { emails: { email: string }[] } }>;
    };
    session: { getSync(): { session_id: string } | null; authenticate(): Promise<{ session: { session_id: string } }>; revoke(): Promise<unknown> };
  };
};

test('the headless client signs in with an email code against the running provider, then signs out', async ({ page, request }) => {
  await page.goto(`${process.env.E2E_DEMO_URL!}/headless.html`);
  await page.waitForFunction(() => 'client' in window);
  const email = `headless-${Date.now()}@example.com`;
  const methodId = await page.evaluate((e) => (window as unknown as Win).client.otps.email.loginOrCreate(e).then((r) => r.method_id), email);
  expect(methodId).toMatch(/^email-test-/);

  const outbox = await request.get(`${provider()}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } });
  const [message] = (await outbox.json()) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(message!.text)![1]!;

  const wrong = await page.evaluate(
    ([m]) =>
      (window as unknown as Win).client.otps.authenticate('000000', m!, { session_duration_minutes: 30 }).then(
        () => 'accepted',
        (e: Error) => `${e.name}: ${e.message.split('\n')[0]}`,
      ),
    [methodId],
  );
  if (code !== '000000') expect(wrong).toMatch(/^StytchAPIError: \[\d{3}\] /);

  const user = await page.evaluate(([c, m]) => (window as unknown as Win).client.otps.authenticate(c!, m!, { session_duration_minutes: 30 }).then((r) => r.user.emails[0]!.email), [code, methodId]);
  expect(user).toBe(email);
  await expect(page.locator('#session')).toHaveText(/^session-test-/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'stytch_session')?.sameSite).toBe('Lax');

  const refreshed = await page.evaluate(() => (window as unknown as Win).client.session.authenticate().then((r) => r.session.session_id));
  expect(refreshed).toMatch(/^session-test-/);

  await page.evaluate(() => (window as unknown as Win).client.session.revoke());
  await expect(page.locator('#session')).toHaveText('none');
  expect((await page.context().cookies()).some((c) => c.name === 'stytch_session')).toBe(false);
});
