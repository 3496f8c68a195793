import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyEnv } from '../../provider/config.ts';
import { databases, sdk, startTestProvider, uniqueEmail, type TestProvider } from './harness.ts';

/*
 * Behind a reverse proxy every request comes from the proxy's socket. With a trusted-proxy
 * setting the client named by the proxy's header gets its own per-IP budgets; without it the
 * header is ignored (anyone can write one), so all those requests share one budget.
 * Every request here comes from the test over loopback, as from a proxy on the same machine.
 */

const FAILURES = 3;
const project = { passwordIpLimit: { maxFailures: FAILURES }, sendLimits: { perIp: 3, perAddress: 100, burstPerAddress: 100 } };

/** A wrong password for a fresh address, as relayed for the client the headers name. */
const wrongPassword = (p: TestProvider, headers: Record<string, string>) =>
  sdk(p, 'POST', '/passwords/authenticate', { email: uniqueEmail('spray'), password: 'not the password at all', session_duration_minutes: 30 }, headers);

const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort();

for (const kind of databases) {
  describe(`client address behind a trusted proxy (${kind})`, () => {
    let none: TestProvider;
    let oneHop: TestProvider;
    let ranges: TestProvider;
    let forwarded: TestProvider;
    before(async () => {
      none = await startTestProvider(kind, project);
      oneHop = await startTestProvider(kind, { ...project, trustProxy: 1 });
      ranges = await startTestProvider(kind, { ...project, trustProxy: ['127.0.0.0/8', '10.0.0.0/8'] });
      forwarded = await startTestProvider(kind, project, undefined, { env: { TRUST_PROXY: '1', TRUST_PROXY_HEADER: 'forwarded' } });
    });
    after(async () => {
      for (const p of [none, oneHop, ranges, forwarded]) await p.destroy();
    });

    it('with one trusted hop, two forwarded clients have separate password budgets (parallel sprays)', async () => {
      const a = { 'X-Forwarded-For': '203.0.113.10' };
      const b = { 'X-Forwarded-For': '203.0.113.20' };
      const sprayA = await Promise.all(Array.from({ length: FAILURES + 3 }, () => wrongPassword(oneHop, a)));
      assert.deepEqual(statuses(sprayA), [...Array(FAILURES).fill(401), ...Array(3).fill(429)]);
      // The other client behind the same proxy is not locked out by the first one's spray.
      const sprayB = await Promise.all(Array.from({ length: FAILURES + 3 }, () => wrongPassword(oneHop, b)));
      assert.deepEqual(statuses(sprayB), [...Array(FAILURES).fill(401), ...Array(3).fill(429)]);
      // A client cannot buy a fresh budget by writing its own header: the proxy's entry, on the right, counts.
      assert.equal((await wrongPassword(oneHop, { 'X-Forwarded-For': '198.51.100.99, 203.0.113.10' })).status, 429);
    });

    it('without the setting the headers are ignored: every client behind the proxy shares one budget', async () => {
      const sprayA = await Promise.all(Array.from({ length: FAILURES + 3 }, () => wrongPassword(none, { 'X-Forwarded-For': '203.0.113.10' })));
      assert.deepEqual(statuses(sprayA), [...Array(FAILURES).fill(401), ...Array(3).fill(429)]);
      const claims: Array<Record<string, string>> = [{ 'X-Forwarded-For': '203.0.113.20' }, { Forwarded: 'for=203.0.113.30' }, { 'X-Real-IP': '203.0.113.40' }];
      for (const headers of claims) {
        assert.equal((await wrongPassword(none, headers)).status, 429, JSON.stringify(headers));
      }
    });

    it('with trusted ranges, the first address from the right outside them is the client; send limits follow it', async () => {
      const send = (xff: string) => sdk(ranges, 'POST', '/otps/email/login_or_create', { email: uniqueEmail('ranged') }, { 'X-Forwarded-For': xff });
      // Two proxies in the trusted ranges (10.0.0.7, then the loopback socket) relayed for 203.0.113.50.
      const first = await Promise.all(Array.from({ length: 5 }, () => send('203.0.113.50, 10.0.0.7')));
      assert.deepEqual(statuses(first), [200, 200, 200, 429, 429]);
      // Another client through the same proxies has its own budget.
      assert.equal((await send('203.0.113.60, 10.0.0.7')).status, 200);
      // What the client itself prepended is never reached: 203.0.113.50 is not trusted.
      assert.equal((await send('198.51.100.1, 203.0.113.50, 10.0.0.7')).status, 429);
    });

    it('reads the Forwarded header when told to (ports and IPv6 included), and then ignores X-Forwarded-For', async () => {
      const send = (headers: Record<string, string>) => sdk(forwarded, 'POST', '/otps/email/login_or_create', { email: uniqueEmail('fwd') }, headers);
      const v6 = { Forwarded: 'for="[2001:db8::7]:4711";proto=https' };
      const first = await Promise.all(Array.from({ length: 4 }, () => send(v6)));
      assert.deepEqual(statuses(first), [200, 200, 200, 429]);
      assert.equal((await send({ Forwarded: 'for="192.0.2.60:1234"' })).status, 200);
      // X-Forwarded-For is not the configured header: such requests are the proxy's own, one budget.
      const xff = await Promise.all(Array.from({ length: 4 }, (_, i) => send({ 'X-Forwarded-For': `203.0.113.${70 + i}` })));
      assert.deepEqual(statuses(xff), [200, 200, 200, 429]);
    });

    it('a malformed Forwarded element a limited client prepends still counts against that client, not the proxy (issue 51)', async () => {
      const send = (headers: Record<string, string>) => sdk(forwarded, 'POST', '/otps/email/login_or_create', { email: uniqueEmail('escape') }, headers);
      // The trusted hop appended the client's element after what the client wrote.
      const limited = { Forwarded: 'for=192.0.2.90' };
      assert.deepEqual(statuses(await Promise.all(Array.from({ length: 4 }, () => send(limited)))), [200, 200, 200, 429]);
      for (const junk of ['for=";;;', 'for="a\\"b', ';;;', 'for=1.2.3.4;for=5.6.7.8', 'for="[::1']) {
        assert.equal((await send({ Forwarded: `${junk}, for=192.0.2.90` })).status, 429, junk);
      }
      // Another client behind the same proxy is untouched by the escape attempts.
      assert.equal((await send({ Forwarded: 'for=192.0.2.91' })).status, 200);
    });
  });
}

describe('trusted-proxy settings from the environment', () => {
  it('TRUST_PROXY takes a hop count or a list of ranges; a bad range stops the provider naming the field', async () => {
    assert.equal(applyEnv({}, { TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(applyEnv({}, { TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy, ['10.0.0.0/8', '192.168.1.1']);
    assert.equal(applyEnv({}, { TRUST_PROXY_HEADER: 'Forwarded' }).proxyHeader, 'forwarded');
    await assert.rejects(startTestProvider('pglite', { trustProxy: ['not-a-range'] }), /trustProxy\.0: must be an IP address or a CIDR range/);
  });
});
