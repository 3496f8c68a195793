// The member preamble (provider/http/endpoint.ts, `as: 'member'`) answers its refusals in the order of every
// other /sdk/v1 route: the product, the caller's credentials, the body, the session duration.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, TEST_TOKEN, type TestProvider } from './harness.ts';

const badCredentials = { Authorization: `Basic ${Buffer.from('public-token-test-unknown:x').toString('base64')}` };
const publicTokenOnly = { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}` };

for (const kind of databases) {
  describe(`B2B endpoint preamble order (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      // Magic links off; sessions of at most an hour.
      provider = await startTestProvider(kind, { products: ['otp'], sessionLimits: { maxDurationMinutes: 60 } });
    });
    after(() => provider.destroy());

    it('a disabled product is refused before the credentials and the body', async () => {
      const res = await sdk(provider, 'POST', '/b2b/magic_links/email/discovery/send', { email_address: 'not an email' }, badCredentials);
      assert.equal(res.status, 403, res.text);
      assert.equal(res.json.error_type, 'product_not_enabled');
    });

    it('bad credentials are refused before the body', async () => {
      const res = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { code: 7 }, badCredentials);
      assert.equal(res.status, 401, res.text);
      assert.equal(res.json.error_type, 'unauthorized_credentials');
    });

    it('a route that needs a member session refuses a caller without one before the body', async () => {
      const res = await sdk(provider, 'PUT', '/b2b/organizations/me', { organization_name: 7 }, publicTokenOnly);
      assert.equal(res.status, 401, res.text);
      assert.equal(res.json.error_type, 'unauthorized_credentials');
      const unknown = await sdk(provider, 'PUT', '/b2b/organizations/me', { organization_name: 7 }, { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:no-such-session`).toString('base64')}` });
      assert.equal(unknown.status, 404, unknown.text);
      assert.equal(unknown.json.error_type, 'session_not_found');
    });

    it('the body is checked before the session duration, and the duration before anything is redeemed', async () => {
      const base = { organization_id: 'organization-test-x', email_address: 'a@example.test' };
      const res = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { ...base, session_duration_minutes: 120 });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error_type, 'invalid_request');
      assert.match(res.json.error_message, /code/);
      const long = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { ...base, code: '123456', session_duration_minutes: 120 });
      assert.equal(long.status, 400, long.text);
      assert.equal(long.json.error_type, 'invalid_session_duration');
      const within = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { ...base, code: '123456', session_duration_minutes: 60 });
      assert.equal(within.status, 404, within.text);
      assert.equal(within.json.error_type, 'organization_not_found');
    });
  });
}
