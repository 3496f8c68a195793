import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { openOfficialClient } from './official-client-helpers.ts';

// The official headless client, unchanged, signs in against our provider (see official-client-helpers.ts).

async function latest(to: string): Promise<{ code: string; link: string }> {
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
  const [message] = (await res.json()) as Array<{ code: string; link: string }>;
  return message!;
}

const openClient = (page: import('@playwright/test').Page) => openOfficialClient(page);

test('the official headless client signs in with an emailed OTP against our provider', async ({ page }) => {
  await openClient(page);
  const email = `official-${Date.now()}@example.test`;
  const sent = await page.evaluate((address) => (window as any).client.otps.email.loginOrCreate(address, { expiration_minutes: 5 }), email);
  expect(sent.method_id).toMatch(/^email-test-/);
  expect(sent.user_created).toBe(true);

  const { code } = await latest(email);
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

test('the official headless client signs in with a magic link and with a password', async ({ page }) => {
  await openClient(page);
  const email = `official-ml-${Date.now()}@example.test`;
  const redirect = `${process.env.E2E_DEMO_URL}/authenticate.html`;
  await page.evaluate(([address, url]) => (window as any).client.magicLinks.email.loginOrCreate(address, { login_magic_link_url: url, signup_magic_link_url: url }), [email, redirect] as const);
  const link = new URL((await latest(email)).link);
  expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
  const auth = await page.evaluate((token) => (window as any).client.magicLinks.authenticate(token, { session_duration_minutes: 30 }), link.searchParams.get('token')!);
  expect(auth.user.emails[0].email).toBe(email);
  expect(auth.session.authentication_factors[0].type).toBe('magic_link');

  const pwEmail = `official-pw-${Date.now()}@example.test`;
  const password = 'a long and unusual passphrase 73!';
  const strength = await page.evaluate(([e, p]) => (window as any).client.passwords.strengthCheck({ email: e, password: p }), [pwEmail, password] as const);
  expect(strength.valid_password).toBe(true);
  await page.evaluate(([e, p]) => (window as any).client.passwords.create({ email: e, password: p, session_duration_minutes: 30 }), [pwEmail, password] as const);
  const signedIn = await page.evaluate(([e, p]) => (window as any).client.passwords.authenticate({ email: e, password: p, session_duration_minutes: 30 }), [pwEmail, password] as const);
  expect(signedIn.user.emails[0].email).toBe(pwEmail);
});

test('the official headless client enrols TOTP and signs in with a code and a recovery code', async ({ page }) => {
  await openClient(page);
  const email = `official-totp-${Date.now()}@example.test`;
  const sent = await page.evaluate((address) => (window as any).client.otps.email.loginOrCreate(address), email);
  const { code } = await latest(email);
  await page.evaluate(([c, m]) => (window as any).client.otps.authenticate(c, m, { session_duration_minutes: 30 }), [code, sent.method_id] as const);

  const totp = await page.evaluate(() => (window as any).client.totps.create({ expiration_minutes: 10 }));
  expect(totp.recovery_codes).toHaveLength(10);
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const auth = await page.evaluate((c) => (window as any).client.totps.authenticate({ totp_code: c, session_duration_minutes: 30 }), app.generate());
  expect(auth.totp_id).toBe(totp.totp_id);
  expect(auth.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['otp', 'totp']);
  const recovered = await page.evaluate((c) => (window as any).client.totps.recover({ recovery_code: c, session_duration_minutes: 30 }), totp.recovery_codes[3]);
  expect(recovered.totp_id).toBe(totp.totp_id);
  // The session the official client keeps now carries both second factors.
  const session = await page.evaluate(() => (window as any).client.session.getSync());
  expect(session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['otp', 'totp', 'recovery_code']);
});
