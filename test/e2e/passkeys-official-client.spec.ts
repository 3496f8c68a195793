import { expect, test } from '@playwright/test';
import { openOfficialClient } from './official-client-helpers.ts';

/*
 * The official headless client, unchanged, registers and uses a passkey against our provider
 * (with a CDP virtual authenticator), so our webauthn wire shapes match what it sends and reads.
 */

test('the official headless client registers a passkey and signs in with it against our provider', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await openOfficialClient(page);

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
