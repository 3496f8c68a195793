import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type RunningDemo } from '../../demo/server.ts';
import { startProvider, type RunningProvider } from '../../provider/server.ts';
import { fakeMessaging, twilioError } from '../provider/fake-messaging.ts';
import { uniquePhone, widget } from './screens-helpers.ts';

/*
 * The widget against a provider whose SMS go through Twilio (a local server speaking its API):
 * a delivery that fails for good shows the provider's error_message under the form, and a
 * sent SMS carries the Web OTP line.
 */
const creds = { twilioSid: 'AC99990000111122223333444455556666', twilioToken: 'tw-secret', cloudToken: 'unused', phoneId: '1' };
const publicToken = 'public-token-test-e2e-delivery-0000-4000-8000-000000000000';
let fake: Awaited<ReturnType<typeof fakeMessaging>>;
let provider: RunningProvider;
let demo: RunningDemo;
let dataDir: string;

test.beforeAll(async () => {
  fake = await fakeMessaging(creds);
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-delivery-'));
  // The demo origin must be authorized before the provider starts: reserve a port first.
  const probe = await startDemo({ port: 0, providerUrl: 'about:blank', publicToken });
  await probe.close();
  const port = Number(new URL(probe.url).port);
  const origin = `http://localhost:${port}`;
  const projectFile = join(dataDir, 'project.json');
  writeFileSync(
    projectFile,
    JSON.stringify({
      publicTokens: { test: publicToken },
      authorizedOrigins: [origin],
      redirectUrls: [`${origin}/authenticate.html`],
      // The fake messaging API is on loopback: the outbound policy must allow it.
      outbound: { allowedRanges: ['127.0.0.0/8'] },
      delivery: {
        twilio: { accountSid: creds.twilioSid, authToken: creds.twilioToken, from: '+15005550006', baseUrl: fake.url },
        retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 100, timeoutMs: 2000 },
      },
    }),
  );
  provider = await startProvider({ port: 0, dataDir, projectFile, env: { DEV_PAGES: '1' } });
  demo = await startDemo({ port, providerUrl: provider.url, publicToken });
});

test.afterAll(async () => {
  await demo?.close();
  await provider?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function submitPhone(page: import('@playwright/test').Page, phone: string) {
  await page.goto(`${demo.url}/index.html?config=${encodeURIComponent(JSON.stringify({ products: ['otp'], otpOptions: { methods: ['sms'] } }))}`);
  const w = widget(page);
  await w.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await w.getByRole('button', { name: 'Continue' }).click();
  return w;
}

test("an SMS that cannot be sent shows the provider's message under the form; a sent one carries the Web OTP line", async ({ page }) => {
  fake.queue(twilioError(400, 21211, "The 'To' number is not a valid phone number."));
  let w = await submitPhone(page, uniquePhone());
  await expect(w.getByText('This phone number cannot receive a text message. Check the number or use another method.')).toBeVisible({ timeout: 15_000 });
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toHaveCount(0);

  fake.queue(twilioError(503, 20503, 'Service Unavailable'), twilioError(503, 20503, 'Service Unavailable'));
  w = await submitPhone(page, uniquePhone());
  await expect(w.getByText('We could not send the text message. Please try again in a moment or use another method.')).toBeVisible({ timeout: 15_000 });

  fake.reset();
  w = await submitPhone(page, uniquePhone());
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  expect(fake.received).toHaveLength(1);
  const body = fake.received[0]!.form.get('Body')!;
  const code = /#(\d{6})$/.exec(body)?.[1];
  expect(body.split('\n').at(-1)).toBe(`@localhost #${code}`);
  await w.getByLabel('One-time passcode').fill(code!);
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
});
