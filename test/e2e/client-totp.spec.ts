import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';

type Client = {
  otps: {
    email: { loginOrCreate(email: string): Promise<{ method_id: string }> };
    authenticate(code: string, methodId: string, o: { session_duration_minutes: number }): Promise<unknown>;
  };
  totps: {
    create(o: { expiration_minutes: number }): Promise<{ totp_id: string; secret: string; qr_code: string; recovery_codes: string[] }>;
    authenticate(o: { totp_code: string; session_duration_minutes: number }): Promise<{ totp_id: string; session: { authentication_factors: { type: string }[] } }>;
    recoveryCodes(): Promise<{ totps: { totp_id: string; recovery_codes: string[] }[] }>;
    recover(o: { recovery_code: string; session_duration_minutes: number }): Promise<{ session: { authentication_factors: { type: string }[] } }>;
  };
  user: { deleteTOTP(id: string): Promise<{ user: { totps: unknown[] } }> };
};

test('the headless client enrols an authenticator app, signs in with its codes and a recovery code, then removes it', async ({ page }) => {
  await page.goto(`${process.env.E2E_DEMO_URL!}/headless.html`);
  await page.waitForFunction(() => 'client' in window);
  const email = uniqueEmail('totp');
  const methodId = await page.evaluate((e) => (window as unknown as { client: Client }).client.otps.email.loginOrCreate(e).then((r) => r.method_id), email);
  const { code } = await latestMessage(email);
  await page.evaluate(([c, m]) => (window as unknown as { client: Client }).client.otps.authenticate(c!, m!, { session_duration_minutes: 30 }), [code, methodId]);

  const totp = await page.evaluate(() => (window as unknown as { client: Client }).client.totps.create({ expiration_minutes: 10 }));
  expect(totp.qr_code).toMatch(/^data:image\/png;base64,/);
  expect(totp.recovery_codes).toHaveLength(10);

  // What the user's authenticator app would show now.
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const wrong = String((Number(app.generate()) + 500_000) % 1_000_000).padStart(6, '0');
  const refused = await page.evaluate(
    (c) =>
      (window as unknown as { client: Client }).client.totps.authenticate({ totp_code: c, session_duration_minutes: 30 }).then(
        () => 'accepted',
        (e: Error) => e.name,
      ),
    wrong,
  );
  expect(refused).toBe('StytchAPIError');
  const ok = await page.evaluate((c) => (window as unknown as { client: Client }).client.totps.authenticate({ totp_code: c, session_duration_minutes: 30 }), app.generate());
  expect(ok.totp_id).toBe(totp.totp_id);
  expect(ok.session.authentication_factors.map((f) => f.type)).toEqual(['otp', 'totp']);

  const recovered = await page.evaluate((c) => (window as unknown as { client: Client }).client.totps.recover({ recovery_code: c, session_duration_minutes: 30 }), totp.recovery_codes[0]!);
  expect(recovered.session.authentication_factors.map((f) => f.type)).toContain('recovery_code');
  const again = await page.evaluate(
    (c) =>
      (window as unknown as { client: Client }).client.totps.recover({ recovery_code: c, session_duration_minutes: 30 }).then(
        () => 'accepted',
        (e: Error) => e.name,
      ),
    totp.recovery_codes[0]!,
  );
  expect(again).toBe('StytchAPIError');

  const removed = await page.evaluate((id) => (window as unknown as { client: Client }).client.user.deleteTOTP(id), totp.totp_id);
  expect(removed.user.totps).toEqual([]);
});
