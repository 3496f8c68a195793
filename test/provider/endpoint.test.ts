// The preamble every /sdk/v1 route shares (provider/http/endpoint.ts) answers its refusals in
// one order: the product, then the caller's credentials, then the body, then the session
// duration. Each case below breaks everything from one step on, so it sees that step's refusal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, TEST_TOKEN, type TestProvider } from './harness.ts';

const badCredentials = { Authorization: `Basic ${Buffer.from('public-token-test-unknown:x').toString('base64')}` };
const publicTokenOnly = { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}` };

for (const kind of databases) {
  describe(`endpoint preamble order (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      // Passwords off; sessions of at most an hour.
      provider = await startTestProvider(kind, { products: ['otp', 'emailMagicLinks'], sessionLimits: { maxDurationMinutes: 60 } });
    });
    after(() => provider.destroy());

    it('a disabled product is refused before the credentials and the body are looked at', async () => {
      const res = await sdk(provider, 'POST', '/passwords/authenticate', { email: 'not an email' }, badCredentials);
      assert.equal(res.status, 403, res.text);
      assert.equal(res.json.error_type, 'product_not_enabled');
    });

    it('bad credentials are refused before the body', async () => {
      const res = await sdk(provider, 'POST', '/otps/authenticate', { method_id: 7 }, badCredentials);
      assert.equal(res.status, 401, res.text);
      assert.equal(res.json.error_type, 'unauthorized_credentials');
    });

    it('a route that needs a session refuses a caller without one before the body', async () => {
      const res = await sdk(provider, 'POST', '/otps/email/send/secondary', { email: 'not an email' }, publicTokenOnly);
      assert.equal(res.status, 401, res.text);
      assert.equal(res.json.error_type, 'unauthorized_credentials');
      const unknown = await sdk(
        provider,
        'POST',
        '/otps/email/send/secondary',
        { email: 'not an email' },
        { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:no-such-session`).toString('base64')}` },
      );
      assert.equal(unknown.status, 404, unknown.text);
      assert.equal(unknown.json.error_type, 'session_not_found');
    });

    it('the body is checked against its schema before the session duration', async () => {
      const res = await sdk(provider, 'POST', '/otps/authenticate', { method_id: 'email-test-x', session_duration_minutes: 120 });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error_type, 'invalid_request');
      assert.match(res.json.error_message, /token/);
    });

    it('a session longer than the project allows is refused before anything is redeemed', async () => {
      const res = await sdk(provider, 'POST', '/otps/authenticate', { token: '123456', method_id: 'email-test-x', session_duration_minutes: 120 });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error_type, 'invalid_session_duration');
      const within = await sdk(provider, 'POST', '/otps/authenticate', { token: '123456', method_id: 'email-test-x', session_duration_minutes: 60 });
      assert.equal(within.status, 401, within.text);
      assert.equal(within.json.error_type, 'otp_code_not_found');
    });
  });
}
