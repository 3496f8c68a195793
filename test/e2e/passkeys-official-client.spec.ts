import { expect, test } from '@playwright/test';
import * as esbuild from 'esbuild';

/*
 * The official headless client, unchanged, registers and uses a passkey against our provider
 * (with a CDP virtual authenticator), so our webauthn wire shapes match what it sends and reads.
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

test('the official headless client registers a passkey and signs in with it against our provider', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(process.env.E2E_DEMO_URL!);
  await page.addScriptTag({ content: bundle });
  await page.evaluate(([token, url]) => {
    (window as any).client = (window as any).makeClient(token, url);
  }, [process.env.E2E_PUBLIC_TOKEN!, process.env.E2E_PROVIDER_URL!] as const);

  const email = `official-passkey-${Date.now()}@example.test`;
  const sent = await page.evaluate((address) => (window as any).client.otps.email.loginOrCreate(address, { expiration_minutes: 5 }), email);
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } });
  const [{ code }] = (await res.json()) as Array<{ code: string }>;
  const signedIn = await page.evaluate(([c, m]) => (window as any).client.otps.authenticate(c, m, { session_duration_minutes: 30 }), [code, sent.method_id] as const);

  const registered = await page.evaluate(() => (window as any).client.webauthn.register({ is_passkey: true, session_duration_minutes: 30 }));
  expect(registered.webauthn_registration_id).toMatch(/^webauthn-registration-test-/);
  const me = await page.evaluate(() => (window as any).client.user.get());
  expect(me.webauthn_registrations.map((r: { webauthn_registration_id: string }) => r.webauthn_registration_id)).toEqual([registered.webauthn_registration_id]);
  const renamed = await page.evaluate((id) => (window as any).client.webauthn.update({ webauthn_registration_id: id, name: 'Official' }), registered.webauthn_registration_id);
  expect(renamed.webauthn_registration.name).toBe('Official');

  await page.evaluate(() => (window as any).client.session.revoke());
  const auth = await page.evaluate(() => (window as any).client.webauthn.authenticate({ session_duration_minutes: 30, is_passkey: true }));
  expect(auth.user_id).toBe(signedIn.user_id);
  expect(auth.webauthn_registration_id).toBe(registered.webauthn_registration_id);
  expect(auth.session.authentication_factors[0].type).toBe('webauthn');
});
