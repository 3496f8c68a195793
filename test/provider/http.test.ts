import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, TEST_ORIGIN, TEST_TOKEN, type TestProvider } from './harness.ts';

for (const kind of databases) {
  describe(`HTTP guards (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind);
    });
    after(() => provider.destroy());

    it('answers the health check with security headers', async () => {
      const res = await fetch(`${provider.url}/health`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ok' });
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    });

    it('refuses a body over 1 MB with 413 and a non-JSON POST with 415', async () => {
      const big = await sdk(provider, 'POST', '/users/search', { email: 'a@b.test', pad: 'x'.repeat(1024 * 1024 + 10) });
      assert.equal(big.status, 413);
      assert.equal(big.json.error_type, 'request_too_large');
      const text = await sdk(provider, 'POST', '/users/search', undefined, { 'Content-Type': 'text/plain' });
      assert.equal(text.status, 415);
      assert.equal(text.json.error_type, 'unsupported_media_type');
    });

    it('answers broken JSON with a 400 and no stack trace', async () => {
      const res = await fetch(`${provider.url}/sdk/v1/users/search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}` },
        body: '{"email":',
      });
      assert.equal(res.status, 400);
      const json = (await res.json()) as Record<string, unknown>;
      assert.equal(json.error_type, 'invalid_json');
      assert.ok(!JSON.stringify(json).includes('at '));
    });

    it('preflights only authorized origins, with credentials and a max-age', async () => {
      const ok = await fetch(`${provider.url}/sdk/v1/sessions/authenticate`, {
        method: 'OPTIONS',
        headers: { Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,x-sdk-client,x-sdk-parent-host' },
      });
      assert.equal(ok.status, 204);
      assert.equal(ok.headers.get('access-control-allow-origin'), TEST_ORIGIN);
      assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
      assert.match(ok.headers.get('access-control-allow-headers')!, /x-sdk-client/);
      assert.ok(Number(ok.headers.get('access-control-max-age')) > 0);
      const evil = await fetch(`${provider.url}/sdk/v1/sessions/authenticate`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(evil.status, 403);
      assert.equal(evil.headers.get('access-control-allow-origin'), null);
    });

    it('refuses a wrong public token and unknown routes in the error shape', async () => {
      const wrong = await sdk(provider, 'POST', '/users/search', { email: 'a@b.test' }, { Authorization: `Basic ${Buffer.from('public-token-test-x:y').toString('base64')}` });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.json.error_type, 'unauthorized_credentials');
      const missing = await sdk(provider, 'GET', '/nope');
      assert.equal(missing.status, 404);
      assert.equal(missing.json.error_type, 'route_not_found');
      assert.match(missing.json.request_id, /^request-id-test-/);
    });

    it('keeps bounded telemetry events and refuses a malformed batch', async () => {
      const event = { telemetry: { event_id: 'event-id-1' }, event: { public_token: TEST_TOKEN, event_name: 'render_login_screen', details: {} } };
      const res = await sdk(provider, 'POST', '/events', [event, event], { Authorization: '' });
      assert.equal(res.status, 200, res.text);
      const bad = await sdk(provider, 'POST', '/events', { not: 'an array' });
      assert.equal(bad.status, 400);
      const tooMany = await sdk(provider, 'POST', '/events', Array.from({ length: 101 }, () => event));
      assert.equal(tooMany.status, 400);
    });

    it('answers values the database cannot store with a 400, not a 5xx', async () => {
      const nul = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: 'a\u0000b@example.test' });
      assert.equal(nul.status, 400, nul.text);
      assert.equal(nul.json.error_type, 'invalid_request');
      const huge = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: 'huge@example.test', expiration_minutes: 1e308 });
      assert.equal(huge.status, 400);
    });

    it('shows the outbox as a page that may not be framed', async () => {
      const res = await fetch(`${provider.url}/dev/outbox`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type')!, /text\/html/);
      assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
      assert.match(await res.text(), /<h1>Outbox<\/h1>/);
    });
  });
}
