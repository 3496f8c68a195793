import { expect, test } from '@playwright/test';
import * as esbuild from 'esbuild';

/*
 * The official headless client, unchanged, pointed at our provider through its `endpoints`
 * option (its customBaseUrl would force https on 443). The page is served on the demo origin,
 * which the provider authorizes, and the bundle is added to it; every call goes to the real local provider.
 */

let bundle = '';

test.beforeAll(async () => {
  const out = await esbuild.build({
    stdin: {
      contents: `import { StytchHeadlessClient } from '@stytch/vanilla-js/headless';
        window.makeClient = (token, url) => new StytchHeadlessClient(token, { endpoints: { testAPIURL: url } });`,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  bundle = out.outputFiles[0]!.text;
});

async function latestCode(to: string): Promise<string> {
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
  const [message] = (await res.json()) as Array<{ code: string }>;
  return message!.code;
}

test('the official headless client signs in with an emailed OTP against our provider', async ({ page }) => {
  const demo = process.env.E2E_DEMO_URL!;
  // A page really served from the demo origin (a fulfilled route would lose its loopback
  // address space, and Chromium would then refuse calls to the loopback provider).
  await page.goto(demo);
  await page.addScriptTag({ content: bundle });
  const email = `official-${Date.now()}@example.test`;
  await page.evaluate(([token, url]) => {
    (window as any).client = (window as any).makeClient(token, url);
  }, [process.env.E2E_PUBLIC_TOKEN!, process.env.E2E_PROVIDER_URL!] as const);

  const sent = await page.evaluate((address) => (window as any).client.otps.email.loginOrCreate(address, { expiration_minutes: 5 }), email);
  expect(sent.method_id).toMatch(/^email-test-/);
  expect(sent.user_created).toBe(true);

  const code = await latestCode(email);
  const auth = await page.evaluate(([c, m]) => (window as any).client.otps.authenticate(c, m, { session_duration_minutes: 30 }), [code, sent.method_id] as const);
  expect(auth.user.emails[0].email).toBe(email);
  expect(auth.session.authentication_factors[0].type).toBe('otp');

  // The client keeps the session and can use it: the current user, a session check, sign-out.
  const me = await page.evaluate(() => (window as any).client.user.get());
  expect(me.user_id).toBe(auth.user_id);
  const refreshed = await page.evaluate(() => (window as any).client.session.authenticate({ session_duration_minutes: 30 }));
  expect(refreshed.session.session_id).toBe(auth.session.session_id);
  await page.evaluate(() => (window as any).client.session.revoke());
  expect(await page.evaluate(() => (window as any).client.session.getSync())).toBeNull();
});
