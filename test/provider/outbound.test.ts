import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { isPublicIp } from '../../provider/services/ip-ranges.ts';
import { DEFAULT_OUTBOUND_POLICY, OutboundError, outboundFetch } from '../../provider/services/outbound.ts';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';
import { databases, startTestProvider, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';

/*
 * Only loopback servers are ever contacted here; every other kind of address is checked by
 * classification alone, so a broken guard never sends a packet off this machine.
 */

/** A loopback HTTP server that counts the requests it gets. */
async function httpServer(handler: (path: string, res: import('node:http').ServerResponse) => void, host = '127.0.0.1') {
  const seen: string[] = [];
  const server: Server = createHttpServer((req, res) => {
    seen.push(req.url ?? '');
    handler(req.url ?? '', res);
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    seen,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A loopback TCP server that accepts and then never says a word (a silent issuer). */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

const failure = async (call: Promise<unknown>): Promise<OutboundError> => {
  try {
    await call;
  } catch (e) {
    assert.ok(e instanceof OutboundError, `expected an OutboundError, got ${String(e)}`);
    return e;
  }
  assert.fail('the request was not refused');
};

describe('outbound fetch: the address policy, the deadline and the size cap', () => {
  let open: Awaited<ReturnType<typeof httpServer>>;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let closed: number;
  before(async () => {
    open = await httpServer((path, res) => {
      if (path === '/big') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('x'.repeat(2 * 1024 * 1024));
      if (path === '/big-chunked') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        for (let i = 0; i < 40; i++) res.write('y'.repeat(64 * 1024));
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    silent = await silentServer();
    closed = await closedPort();
  });
  after(async () => {
    await open.close();
    await silent.close();
  });

  it('classifies private, loopback, link-local, unique-local and embedded-IPv4 addresses as not public', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      assert.equal(isPublicIp(a), false, a);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) assert.equal(isPublicIp(a), true, a);
  });

  it('refuses loopback by address, by IPv6 and IPv4-mapped literal, and by a name that resolves to it; nothing reaches the server', async () => {
    const guarded = outboundFetch();
    for (const url of [`${open.url}/`, `http://[::ffff:127.0.0.1]:${open.port}/`, `http://[::ffff:7f00:1]:${open.port}/`, `http://localhost:${open.port}/`, `http://127.1:${open.port}/`]) {
      await failure(guarded(url));
    }
    assert.deepEqual(open.seen, []);
  });

  it('answers an open port, a closed port, a silent one and a refused address with one message', async () => {
    const guarded = outboundFetch();
    const allowed = outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, allowedRanges: ['127.0.0.0/8'], timeoutMs: 300 });
    const errors = [
      await failure(guarded(`${open.url}/`)),
      await failure(guarded(`http://127.0.0.1:${closed}/`)),
      await failure(allowed(`http://127.0.0.1:${closed}/`)),
      await failure(allowed(`${silent.url}/`)),
    ];
    const said = errors.map((e) => e.message.replace(e.origin, '<origin>'));
    assert.equal(new Set(said).size, 1, said.join(' | '));
    // The log still says what happened.
    assert.match(errors[0]!.detail, /not public/);
    assert.match(errors[3]!.detail, /timed out/);
  });

  it('gives up on a server that accepts and never answers (the deadline), instead of hanging', { timeout: 20_000 }, async () => {
    const allowed = outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, allowedRanges: ['127.0.0.1'], timeoutMs: 300 });
    await failure(allowed(`${silent.url}/.well-known/openid-configuration`));
  });

  it('reaches an allowed range, and refuses a redirect out of it', async () => {
    const allowedOnly2 = outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, allowedRanges: ['127.0.0.2/32'] });
    const bouncer = await httpServer((_path, res) => res.writeHead(302, { Location: `${open.url}/secret` }).end(), '127.0.0.2');
    try {
      const ok = await outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, allowedRanges: ['127.0.0.1'] })(`${open.url}/`);
      assert.deepEqual(await ok.json(), { ok: true });
      await failure(allowedOnly2(`${bouncer.url}/`));
      assert.deepEqual(bouncer.seen, ['/']);
      assert.equal(open.seen.includes('/secret'), false, 'the redirect target was never contacted');
    } finally {
      await bouncer.close();
    }
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    const allowed = outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, allowedRanges: ['127.0.0.1'], maxBytes: 1024 * 1024 });
    assert.match((await failure(allowed(`${open.url}/big`))).detail, /cap/);
    assert.match((await failure(allowed(`${open.url}/big-chunked`))).detail, /cap/);
  });
});

for (const kind of databases) {
  describe(`an organization's OIDC issuer cannot probe internal addresses (${kind})`, () => {
    let provider: TestProvider;
    let allowing: TestProvider;
    let open: Awaited<ReturnType<typeof httpServer>>;
    let silent: Awaited<ReturnType<typeof silentServer>>;
    const LOGIN = 'http://app.test/authenticate.html';
    before(async () => {
      open = await httpServer((_p, res) => res.writeHead(404).end('not here'));
      silent = await silentServer();
      provider = await startTestProvider(kind, { redirectUrls: [LOGIN] });
      allowing = await startTestProvider(kind, { redirectUrls: [LOGIN], outbound: { allowedRanges: ['127.0.0.0/8'], timeoutMs: 500 } });
    });
    after(async () => {
      await provider.destroy();
      await allowing.destroy();
      await open.close();
      await silent.close();
    });

    /** An organization whose OIDC connection names `issuer`; the SSO start's answer. */
    async function startAt(p: TestProvider, issuer: string) {
      const org = await createOrganization(p, uniqueEmail('admin'), { organization_name: 'Probe Co', organization_slug: uniqueSlug() });
      const admin = asMember(p, org.session_token);
      const created = await admin('POST', '/b2b/sso/oidc', { display_name: 'Probe' });
      const id = created.json.data.connection.connection_id as string;
      const updated = await admin('PUT', `/b2b/sso/oidc/${id}`, { connection_id: id, issuer, client_id: 'c', client_secret: 's' });
      assert.equal(updated.status, 200, updated.text);
      const res = await fetch(`${p.url}/v1/public/sso/start?${new URLSearchParams({ public_token: TEST_TOKEN, connection_id: id, login_redirect_url: LOGIN })}`, {
        redirect: 'manual',
        headers: { Accept: 'application/json' },
      });
      const { request_id: _id, ...body } = (await res.json()) as Record<string, unknown>;
      return { status: res.status, body: JSON.stringify(body).replaceAll(issuer, '<issuer>') };
    }

    it('an open and a closed loopback port get the same answer, and the open one is never contacted', async () => {
      const port = await closedPort();
      const toOpen = await startAt(provider, `http://127.0.0.1:${open.port}`);
      const toClosed = await startAt(provider, `http://127.0.0.1:${port}`);
      const byName = await startAt(provider, `http://localhost:${open.port}`);
      assert.equal(toOpen.status, 502);
      assert.deepEqual(toClosed, toOpen);
      assert.deepEqual(byName, toOpen);
      assert.deepEqual(open.seen, []);
    });

    it('with loopback allowed, a silent issuer fails within the outbound deadline instead of hanging', { timeout: 20_000 }, async () => {
      const res = await startAt(allowing, silent.url);
      assert.equal(res.status, 502, res.body);
      // An open port that is no issuer answers the same as the silent one.
      assert.deepEqual(await startAt(allowing, open.url), res);
    });
  });
}
