import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, uniqueEmail, uniquePhone, type TestProvider } from './harness.ts';

// The provider refuses what the widget's config and the client's argument check refuse, in the same words.
for (const kind of databases) {
  describe(`shared numeric rules (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind);
    });
    after(() => provider.destroy());

    it('an OTP expiration outside 1–10 minutes: "must be an integer from 1 to 10"', async () => {
      for (const [path, body] of [
        ['/otps/email/login_or_create', { email: uniqueEmail() }],
        ['/otps/sms/login_or_create', { phone_number: uniquePhone() }],
      ] as const) {
        for (const minutes of [0, 11, 2.5]) {
          const res = await sdk(provider, 'POST', path, { ...body, expiration_minutes: minutes });
          assert.equal(res.status, 400, res.text);
          assert.equal(res.json.error_type, 'invalid_request');
          assert.match(res.json.error_message, /\.expiration_minutes: must be an integer from 1 to 10/);
        }
        const good = await sdk(provider, 'POST', path, { ...body, expiration_minutes: 10 });
        assert.equal(good.status, 200, good.text);
      }
    });
  });
}
