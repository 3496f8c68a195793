import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request } from 'node:http';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, TEST_ORIGIN, uniqueEmail, type TestProvider } from './harness.ts';

const REDIRECT = `${TEST_ORIGIN}/authenticate`;

/**
 * One HTTP request on a real TCP connection whose server side reports `peer` as the remote
 * address: the connection is accepted over loopback by a listener of the test's own, its
 * socket's `remoteAddress` replaced, and handed to the provider's server as a new connection.
 * What the provider sees at the socket layer is then a client on another machine.
 */
async function requestFrom(provider: TestProvider, peer: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const listener = createServer();
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const accepted = once(listener, 'connection') as Promise<[Socket]>;
  const client = connect((listener.address() as AddressInfo).port, '127.0.0.1');
  const [socket] = await accepted;
  listener.close();
  Object.defineProperty(socket, 'remoteAddress', { value: peer });
  provider.server.emit('connection', socket);
  return new Promise<{ status: number; json: any }>((resolve, reject) => {
    const req = request({ createConnection: () => client, path, method: init.method ?? 'GET', headers: { Accept: 'application/json', Connection: 'close', ...init.headers } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        client.destroy();
        resolve({ status: res.statusCode!, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A consent-page URL with a live state, from the B2C OAuth start (no upstream client configured). */
async function consentPath(provider: TestProvider): Promise<string> {
  const start = await fetch(
    `${provider.url}/v1/public/oauth/github/start?public_token=${encodeURIComponent(provider.config.publicTokens.test!)}&login_redirect_url=${encodeURIComponent(REDIRECT)}&signup_redirect_url=${encodeURIComponent(REDIRECT)}`,
    { redirect: 'manual' },
  );
  assert.equal(start.status, 302, await start.text());
  return start.headers.get('location')!;
}

for (const kind of databases) {
  describe(`development pages (${kind})`, () => {
    let off: TestProvider;
    let on: TestProvider;
    let development: TestProvider;
    before(async () => {
      const project = { redirectUrls: [REDIRECT] };
      off = await startTestProvider(kind, project, undefined, { env: { DEV_PAGES: '0' } });
      on = await startTestProvider(kind, project, undefined, { env: { DEV_PAGES: '1' } });
      development = await startTestProvider(kind, project, undefined, { env: { DEV_PAGES: '0', NODE_ENV: 'development' } });
    });
    after(async () => {
      await off.destroy();
      await on.destroy();
      await development.destroy();
    });

    it('are off when development is not asked for: the outbox and the consent simulator are 404, the OAuth start refuses', async () => {
      assert.equal(off.devPages, false);
      const email = uniqueEmail();
      assert.equal((await sdk(off, 'POST', '/otps/email/login_or_create', { email })).status, 200);
      for (const path of [`/dev/outbox?to=${encodeURIComponent(email)}`, '/dev/outbox', '/v1/public/oauth/github/consent?state=x']) {
        const res = await fetch(`${off.url}${path}`, { headers: { Accept: 'application/json' } });
        assert.equal(res.status, 404, path);
        assert.equal((await res.json()).error_type, 'route_not_found');
      }
      const start = await fetch(`${off.url}/v1/public/oauth/github/start?public_token=${encodeURIComponent(off.config.publicTokens.test!)}&login_redirect_url=${encodeURIComponent(REDIRECT)}`, {
        redirect: 'manual',
      });
      assert.equal(start.status, 400);
    });

    it('are on with DEV_PAGES=1 or NODE_ENV=development, for a loopback client', async () => {
      for (const provider of [on, development]) {
        assert.equal(provider.devPages, true);
        const email = uniqueEmail();
        assert.equal((await sdk(provider, 'POST', '/otps/email/login_or_create', { email })).status, 200);
        const res = await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } });
        assert.equal(res.status, 200);
        assert.match((await res.json())[0].code, /^\d{6}$/);
        const consent = await fetch(`${provider.url}${await consentPath(provider)}`);
        assert.equal(consent.status, 200);
      }
    });

    it('answer a loopback peer at the socket, IPv4, IPv6 and IPv4-mapped alike', async () => {
      for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await requestFrom(on, peer, '/dev/outbox');
        assert.equal(res.status, 200, peer);
      }
    });

    it('refuse a client on another machine, whatever its headers claim, and a request a local proxy relayed', async () => {
      const email = uniqueEmail();
      assert.equal((await sdk(on, 'POST', '/otps/email/login_or_create', { email })).status, 200);
      const outbox = `/dev/outbox?to=${encodeURIComponent(email)}`;
      const consent = await consentPath(on);
      const state = new URL(consent, on.url).searchParams.get('state')!;
      const form = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ state, email: 'victim@example.test', name: 'V' }).toString() };
      for (const peer of ['203.0.113.7', '192.168.1.20', '10.0.0.5', '::ffff:198.51.100.1', '2001:db8::1', 'fe80::1']) {
        for (const [path, init] of [
          [outbox, {}],
          [consent, {}],
          [consent, form],
        ] as const) {
          const res = await requestFrom(on, peer, path, { ...init, headers: { ...('headers' in init ? init.headers : {}), 'X-Forwarded-For': '127.0.0.1', Forwarded: 'for=127.0.0.1' } });
          assert.equal(res.status, 403, `${peer} ${path}`);
          assert.equal(res.json.error_type, 'dev_pages_loopback_only');
        }
      }
      // Relayed by a proxy on this machine: the socket is loopback, the client is not.
      for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
        const res = await fetch(`${on.url}${outbox}`, { headers: { Accept: 'application/json', [header]: header === 'Forwarded' ? 'for=203.0.113.7' : '203.0.113.7' } });
        assert.equal(res.status, 403, header);
      }
      // Nothing was given away: the code is still unseen and the typed account was not signed in to.
      const local = await (await fetch(`${on.url}${outbox}`, { headers: { Accept: 'application/json' } })).json();
      assert.equal(local.length, 1);
      assert.equal((await fetch(`${on.url}${consent}`)).status, 200, 'the state was not spent by the refused form');
    });

    it('leave every other route alone for remote clients (404 stays 404, the API answers)', async () => {
      assert.equal((await requestFrom(on, '203.0.113.7', '/no/such/page')).status, 404);
      assert.equal((await requestFrom(on, '203.0.113.7', '/health')).status, 200);
    });
  });
}
