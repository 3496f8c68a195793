import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, signInByEmailOtp, startTestProvider, TEST_ORIGIN, TEST_TOKEN, withSession, type TestProvider } from './harness.ts';

/** One HTTP/1.1 request on `agent` (keep-alive, one socket: what a browser reuses), answered as text. */
function raw(port: number, agent: Agent, method: string, path: string, body: string | Buffer | undefined, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const AUTH = { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${TEST_TOKEN}`).toString('base64')}` };

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

    it('guards every POST, One Tap included, and an oversized body leaves the keep-alive socket usable', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const big = Buffer.alloc(3 * 1024 * 1024, 'a');
        const cases: Array<[string, Record<string, string>]> = [
          ['/v1/public/oauth/google/one_tap/start', { 'Content-Type': 'application/json' }],
          ['/v1/public/oauth/google/one_tap/submit', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }],
          ['/sdk/v1/events', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }],
          ['/sdk/v1/users/search', { ...AUTH, 'Content-Type': 'application/json' }],
        ];
        for (const [path, headers] of cases) {
          const res = await raw(provider.port, agent, 'POST', path, big, headers);
          assert.equal(res.status, 413, path);
          assert.equal(res.json.error_type, 'request_too_large');
          const next = await raw(provider.port, agent, 'GET', '/health', undefined, {});
          assert.equal(next.status, 200, `the request after ${path}`);
        }
        for (const path of ['/v1/public/oauth/google/one_tap/start', '/v1/public/oauth/google/one_tap/submit', '/sdk/v1/events']) {
          const text = await raw(provider.port, agent, 'POST', path, '{}', { 'Content-Type': 'text/plain' });
          assert.equal(text.status, 415, path);
          assert.equal(text.json.error_type, 'unsupported_media_type');
        }
      } finally {
        agent.destroy();
      }
    });

    it('refuses JSON nested too deep with a 400 on every route', async () => {
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const nested = (n: number) => JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n));
      const session = withSession((await signInByEmailOtp(provider)).session_token);
      for (const [method, path] of [
        ['POST', '/events'],
        ['PUT', '/users/me'],
        ['POST', '/users/search'],
      ] as const) {
        const refused = await fetch(`${provider.url}/sdk/v1${path}`, { method, headers: { ...session, 'Content-Type': 'application/json' }, body: deep });
        assert.equal(refused.status, 400, path);
        assert.equal(((await refused.json()) as { error_type: string }).error_type, 'invalid_request');
      }
      const oneTap = await fetch(`${provider.url}/v1/public/oauth/google/one_tap/start`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ public_token: nested(40) }),
      });
      assert.equal(oneTap.status, 400);
      // Strings holding brackets are not nesting.
      const brackets = await sdk(provider, 'POST', '/users/search', { email: `${'['.repeat(100)}@example.test` });
      assert.notEqual(brackets.status, 500);
      assert.equal(brackets.json.error_type === 'invalid_request' && /nests deeper/.test(brackets.json.error_message), false);
    });

    it('marks answers carrying sessions no-store, and answers oversized headers in the error shape', async () => {
      const send = await sdk(provider, 'POST', '/passwords', { email: `nostore-${Date.now()}@example.test`, password: 'quokka umbrella jazz wharf', session_duration_minutes: 30 });
      assert.equal(send.status, 200, send.text);
      assert.equal(send.headers.get('cache-control'), 'no-store');
      const check = await sdk(provider, 'POST', '/sessions/authenticate', {}, { Authorization: `Basic ${Buffer.from(`${TEST_TOKEN}:${send.json.data.session_token}`).toString('base64')}` });
      assert.equal(check.status, 200);
      assert.equal(check.headers.get('cache-control'), 'no-store');
      const refused = await sdk(provider, 'GET', '/nope');
      assert.equal(refused.headers.get('cache-control'), 'no-store');
      const agent = new Agent({ keepAlive: false });
      const huge = await raw(provider.port, agent, 'GET', '/health', undefined, { 'X-Padding': 'x'.repeat(20_000) });
      agent.destroy();
      assert.equal(huge.status, 431);
      assert.equal(huge.json.status_code, 431);
      assert.equal(huge.json.error_type, 'request_header_fields_too_large');
      assert.match(huge.json.request_id, /^request-id-/);
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

    it("exposes Retry-After to an authorized origin (a 429's wait, read by the widget), and nothing to others", async () => {
      const ok = await sdk(provider, 'GET', '/nope');
      assert.equal(ok.headers.get('access-control-expose-headers'), 'Retry-After');
      const evil = await sdk(provider, 'GET', '/nope', undefined, { Origin: 'http://evil.test' });
      assert.equal(evil.headers.get('access-control-expose-headers'), null);
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
      const tooMany = await sdk(
        provider,
        'POST',
        '/events',
        Array.from({ length: 101 }, () => event),
      );
      assert.equal(tooMany.status, 400);
    });

    it('answers values the database cannot store (NUL, unpaired surrogates) with a 400, not a 5xx', async () => {
      const nul = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: 'a\u0000b@example.test' });
      assert.equal(nul.status, 400, nul.text);
      assert.equal(nul.json.error_type, 'invalid_request');
      // An unpaired surrogate is stored as U+FFFD, so it once came back from the database changed (500 on every send route).
      for (const [path, field] of [
        ['/otps/email/login_or_create', 'email'],
        ['/magic_links/email/login_or_create', 'email'],
        ['/otps/sms/login_or_create', 'phone_number'],
      ] as const) {
        for (const odd of ['a\ud800b', 'a\udfffb', '\udc00\ud800']) {
          const res = await sdk(provider, 'POST', path, { [field]: field === 'email' ? `${odd}@example.test` : `+1555${odd}5550100` });
          assert.equal(res.status, 400, res.text);
          assert.equal(res.json.error_type, 'invalid_request');
          assert.match(res.json.error_message, /not valid Unicode/);
        }
      }
      const inKey = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: 'key@example.test', ['\ud800']: 1 });
      assert.equal(inKey.status, 400);
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
