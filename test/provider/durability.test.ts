import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { openDatabase } from '../../provider/db/index.ts';
import { Delivery } from '../../provider/services/delivery.ts';
import { fakeSmtp } from './fake-smtp.ts';
import { databases, envOf, sdk, spawnProvider, startTestProvider, withSession, type ProviderProcess, type TestProvider } from './harness.ts';

/**
 * `kill -9` while sign-ups and sign-outs are in flight, then a restart on the same data:
 * every write the provider acknowledged (a 200 that reached the caller) is still there, and
 * no session whose revocation was acknowledged is alive again. DURABILITY_CYCLES
 * (default 1) sets the number of kills; `npm run bench:durability` runs 20 and prints the figures.
 */
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 1);
const STRONG = 'quokka umbrella jazz wharf';
const WORKERS = 6;

for (const kind of databases) {
  describe(`durability across kill -9 (${kind}, ${CYCLES} cycles)`, () => {
    it('loses no acknowledged sign-up or revocation, and brings no revoked session back', async () => {
      // The harness makes the data directory (and the PostgreSQL database); the provider itself runs as a child process.
      const base = await startTestProvider(kind, { sendLimits: { perIp: 1_000_000 }, passwordIpLimit: { maxFailures: 1_000_000 } });
      await base.stop();
      const env = envOf(base);
      const live: Array<{ email: string; token: string }> = [];
      const revoked: Array<{ email: string; token: string }> = [];
      let pending: typeof live = [];
      let provider: ProviderProcess | undefined;
      const figures: string[] = [];

      const check = async (p: ProviderProcess, users: typeof live, gone: typeof revoked) => {
        for (const u of [...users, ...gone]) {
          const found = await sdk(p, 'POST', '/users/search', { email: u.email });
          assert.equal(found.json?.data?.userType, 'password', `acknowledged sign-up ${u.email} is kept`);
        }
        for (const u of users) {
          const res = await sdk(p, 'POST', '/sessions/authenticate', {}, withSession(u.token));
          assert.equal(res.status, 200, `session of ${u.email} is alive`);
          // A check may rotate the token; the old one only lives through a short grace window.
          u.token = res.json.data.session_token;
        }
        for (const u of gone) assert.equal((await sdk(p, 'POST', '/sessions/authenticate', {}, withSession(u.token))).status, 404, `revoked session of ${u.email} stays revoked`);
      };

      try {
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          const started = Date.now();
          provider = await spawnProvider(env);
          const startMs = Date.now() - started;
          // What the previous cycle acknowledged survived its kill.
          await check(provider, pending, revoked.slice(-WORKERS * 2));
          pending = [];
          const p = provider;
          let killed = false;
          let acked = 0;
          const workers = Array.from({ length: WORKERS }, async () => {
            while (!killed) {
              try {
                const email = `durable-${randomUUID().slice(0, 8)}@example.test`;
                const created = await sdk(p, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 60 });
                if (created.status !== 200) continue;
                const user = { email, token: created.json.data.session_token as string };
                // Every other user signs out again: that write must hold too.
                if (acked++ % 2 === 0) {
                  const out = await sdk(p, 'POST', '/sessions/revoke', {}, withSession(user.token));
                  if (out.status === 200) revoked.push(user);
                } else {
                  live.push(user);
                  pending.push(user);
                }
              } catch {
                // The connection died with the process: neither acknowledged nor checked.
              }
            }
          });
          while (acked < WORKERS * 2) await new Promise((r) => setTimeout(r, 20));
          killed = true;
          await provider.kill();
          await Promise.all(workers);
          figures.push(`cycle ${cycle + 1}: ${acked} sign-ups acknowledged before kill -9, start ${startMs} ms`);
        }
        provider = await spawnProvider(env);
        await check(provider, live, revoked);
        console.log(`# ${kind}: ${CYCLES} kill -9 cycles, ${live.length + revoked.length} acknowledged sign-ups and ${revoked.length} revocations, none lost`);
        for (const f of figures) console.log(`#   ${f}`);
      } finally {
        await provider?.stop();
        await base.destroy();
      }
    });
  });
}

/**
 * Messages across `kill -9`: sends in flight when the process dies (their relay has not even
 * greeted) are sent after the restart, each once, with the Message-ID they were given; and two
 * processes starting on a queue left by a dead one share it without sending anything twice.
 */
describe('messages across kill -9', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  before(async () => {
    smtp = await fakeSmtp();
  });
  after(() => smtp.close());

  const LOGIN_URL = 'http://app.test/authenticate';
  const project = () => ({
    redirectUrls: [LOGIN_URL],
    sendLimits: { perIp: 1000 },
    delivery: {
      smtpUrl: smtp.url(),
      smtpCaFile: smtp.caFile,
      from: 'login@mail.shop.test',
      // A relay's answer may take seconds when the suite loads the machine (twenty TLS sends at
      // once, parsed in this process): a shorter attempt leaves them `unconfirmed`, not `sent`.
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 100, timeoutMs: 10_000 },
      queue: { pollSeconds: 0.2, graceSeconds: 1 },
    },
  });
  const until = async (what: string, check: () => boolean) => {
    for (let i = 0; !check(); i++) {
      if (i > 1200) assert.fail(`timed out waiting until ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const rowsOf = async (base: TestProvider) => {
    const db = await openDatabase({ dataDir: base.dataDir, databaseUrl: base.databaseUrl });
    try {
      return (await db.query<{ id: string; status: string }>('SELECT id, status FROM outbox ORDER BY seq')).rows;
    } finally {
      await db.close();
    }
  };

  for (const kind of databases) {
    it(`sends what was in flight at the kill after the restart, each message once (${kind})`, async () => {
      smtp.reset();
      const base = await startTestProvider(kind, project());
      await base.stop();
      const env = envOf(base);
      let provider: ProviderProcess | undefined;
      try {
        // The relay takes six connections and says nothing: six sends are committed and in flight.
        smtp.script('hold', 'hold', 'hold', 'hold', 'hold', 'hold');
        provider = await spawnProvider(env);
        const emails = Array.from({ length: 6 }, () => `crash-${randomUUID().slice(0, 8)}@example.test`);
        const p = provider;
        const answers = emails.map((email) => sdk(p, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: LOGIN_URL }).catch(() => null));
        await until('six sends are in flight', () => smtp.held === 6);
        await provider.kill();
        assert.deepEqual(await Promise.all(answers), new Array(6).fill(null), 'no caller got an answer');
        assert.equal(smtp.received.length, 0);

        provider = await spawnProvider(env);
        // Once the dead process's claims have run out (one 10 s attempt and a 5 s margin), the sweep sends them.
        await until('six messages arrived', () => smtp.received.length >= 6);
        const to = smtp.received.map((m) => (m.parsed.to && !Array.isArray(m.parsed.to) ? m.parsed.to.value[0]?.address : undefined));
        assert.deepEqual(to.sort(), [...emails].sort(), 'one message per address');
        const ids = smtp.received.map((m) => m.parsed.messageId ?? '');
        assert.equal(new Set(ids).size, 6);
        for (const id of ids) assert.match(id, /^<message-test-[\w-]+@mail\.shop\.test>$/);
        // Each is the message its request committed: its link signs in.
        for (const mail of smtp.received) {
          const token = new URL(/http:\/\/app\.test\/authenticate\S*/.exec(mail.parsed.text ?? '')![0]).searchParams.get('token');
          assert.equal((await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 })).status, 200);
        }
        await provider.stop();
        provider = undefined;
        const rows = await rowsOf(base);
        assert.deepEqual(
          rows.map((r) => r.status),
          new Array(6).fill('sent'),
        );
        assert.deepEqual(ids.sort(), rows.map((r) => `<${r.id}@mail.shop.test>`).sort(), 'the Message-ID is the one given at commit');
        assert.equal(smtp.received.length, 6, 'nothing sent twice');
      } finally {
        await provider?.kill();
        await base.destroy();
      }
    });
  }

  it('two processes starting on a queue left by a dead one send each message exactly once (postgres)', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, async () => {
    smtp.reset();
    const base = await startTestProvider('postgres', project());
    // What a process that died after its commits left: twenty queued messages.
    const dying = new Delivery({ outbox: false, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 1000 } }, () => new Date(Date.now() - 60_000), {
      email: { name: 'smtp', send: () => Promise.reject(new Error('died')) },
    });
    const emails = Array.from({ length: 20 }, () => `queued-${randomUUID().slice(0, 8)}@example.test`);
    for (const to of emails) await base.db.transaction((tx) => dying.send(tx, { to, channel: 'email', subject: 'queued', text: 'queued', validMinutes: 10 }));
    await base.stop();
    const env = envOf(base);
    const providers = await Promise.all([spawnProvider(env), spawnProvider(env)]);
    try {
      await until('twenty messages arrived', () => smtp.received.length >= 20);
      for (const p of providers) await p.stop();
      const rows = await rowsOf(base);
      assert.deepEqual(
        rows.map((r) => r.status),
        new Array(20).fill('sent'),
      );
      assert.equal(smtp.received.length, 20, 'each message once');
      assert.equal(new Set(smtp.received.map((m) => m.parsed.messageId)).size, 20);
    } finally {
      for (const p of providers) await p.kill();
      await base.destroy();
    }
  });
});
