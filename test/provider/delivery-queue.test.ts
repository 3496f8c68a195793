import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, afterEach, before, describe, it } from 'node:test';
import { openDatabase, type Database, type Queryable } from '../../provider/db/index.ts';
import { Delivery } from '../../provider/services/delivery.ts';
import { SmtpTransport } from '../../provider/services/transports/smtp.ts';
import type { Transport } from '../../provider/services/transports/types.ts';
import { fakeSmtp } from './fake-smtp.ts';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';

/**
 * Messages survive the process that committed them: what was committed but never handed to
 * its transport is sent by the queue sweep after a restart (or by another process), each
 * message by one sender per attempt with one Message-ID, never once its code has expired; and
 * a relay whose answer comes late gets the message once, not once per retry.
 */
const smtp = await fakeSmtp();
after(() => smtp.close());
afterEach(() => smtp.reset());

const LOGIN_URL = 'http://app.test/authenticate';
const FROM = 'login@mail.shop.test';
// Generous per-attempt timeouts where a test needs each attempt to succeed on a busy machine;
// short ones where it waits for them to run out (a relay that is late or silent).
const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 100, timeoutMs: 15_000 };
const shortRetry = { ...retry, timeoutMs: 1500 };

/** A Delivery that records messages as a request does, and then dies before sending them. */
function crashingDelivery(clock: TestClock): Delivery {
  const never: Transport = { name: 'smtp', send: () => Promise.reject(new Error('this process died before sending')) };
  return new Delivery({ outbox: true, retry }, () => clock.now(), { email: never });
}

async function commitUnsent(db: Database, clock: TestClock, count: number, validMinutes = 10): Promise<string[]> {
  const dying = crashingDelivery(clock);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const queued = await db.transaction((tx) => dying.send(tx, { to: uniqueEmail('queued'), channel: 'email', subject: `message ${i}`, text: `body ${i}`, validMinutes }));
    ids.push(queued.id);
  }
  return ids;
}

async function statuses(db: Queryable, ids: string[]): Promise<Record<string, string>> {
  const { rows } = await db.query<{ id: string; status: string }>('SELECT id, status FROM outbox WHERE id = ANY($1::text[])', [ids]);
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i > 600) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const messageIds = () => smtp.received.map((m) => m.parsed.messageId);

for (const kind of databases) {
  describe(`the message queue (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(
        kind,
        {
          redirectUrls: [LOGIN_URL],
          sendLimits: { perIp: 1000 },
          delivery: { smtpUrl: smtp.url(), smtpCaFile: smtp.caFile, from: FROM, retry, queue: { pollSeconds: 0.1, graceSeconds: 30 } },
        },
        clock,
      );
    });
    let impatient: TestProvider;
    before(async () => {
      impatient = await startTestProvider(kind, {
        redirectUrls: [LOGIN_URL],
        sendLimits: { perIp: 1000 },
        delivery: { smtpUrl: smtp.url(), smtpCaFile: smtp.caFile, from: FROM, retry: shortRetry },
      });
    });
    after(() => provider.destroy());
    after(() => impatient.destroy());

    it('sends what was committed but never handed over, after a restart: each message once, with its Message-ID', async () => {
      const ids = await commitUnsent(provider.db, clock, 6);
      assert.deepEqual(Object.values(await statuses(provider.db, ids)), new Array(6).fill('queued'));
      // Past the grace a request has to send its own message, the restarted provider's sweep sends it.
      clock.advance(31_000);
      provider = await provider.restart();
      await until('six messages arrived', () => smtp.received.length >= 6);
      await until('all six are sent', async () => Object.values(await statuses(provider.db, ids)).every((s) => s === 'sent'));
      assert.equal(smtp.received.length, 6);
      assert.deepEqual(messageIds().sort(), ids.map((id) => `<${id}@mail.shop.test>`).sort());
      const { rows } = await provider.db.query<{ payload: unknown; transport_message_id: string }>('SELECT payload, transport_message_id FROM outbox WHERE id = ANY($1::text[])', [ids]);
      assert.ok(
        rows.every((r) => r.payload === null),
        'the content to send is not kept once sent',
      );
      assert.deepEqual(rows.map((r) => r.transport_message_id).sort(), ids.map((id) => `<${id}@mail.shop.test>`).sort());
    });

    it('does not send a message whose code has expired: it is marked expired', async () => {
      const ids = await commitUnsent(provider.db, clock, 2, 5);
      clock.advance(6 * 60_000);
      await until('both are expired', async () => Object.values(await statuses(provider.db, ids)).every((s) => s === 'expired'));
      assert.equal(smtp.received.length, 0);
    });

    it('two senders sweeping the same queue together send each message exactly once', async () => {
      const ids = await commitUnsent(provider.db, clock, 30);
      clock.advance(31_000);
      // A second connection pool on PostgreSQL (another process's view of the queue); PGlite has one.
      const other = provider.databaseUrl ? await openDatabase({ dataDir: provider.dataDir, databaseUrl: provider.databaseUrl }) : provider.db;
      try {
        const sender = (db: Database) => {
          const d = new Delivery({ outbox: true, retry }, () => clock.now(), {
            email: new SmtpTransport({ url: smtp.url(), from: FROM, ca: readFileSync(smtp.caFile, 'utf8'), timeoutMs: retry.timeoutMs }),
          });
          return (async () => {
            while ((await d.sendQueued(db, 3)) > 0);
          })().finally(() => d.close());
        };
        // With the provider's own sweep, three senders race for the thirty messages.
        await Promise.all([sender(provider.db), sender(other), sender(other), sender(provider.db)]);
        await until('all thirty are sent', async () => Object.values(await statuses(provider.db, ids)).every((s) => s === 'sent'));
        assert.equal(smtp.received.length, 30);
        assert.equal(new Set(messageIds()).size, 30);
      } finally {
        if (other !== provider.db) await other.close();
      }
    });

    it('a relay that answers late gets the message once, and the caller is not told it failed', async () => {
      const email = uniqueEmail();
      // The whole message is in; the relay's 250 comes after the 1.5 s each attempt may take.
      smtp.script({ lateMs: 5000 });
      const res = await sdk(impatient, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: LOGIN_URL });
      assert.equal(res.status, 200, res.text);
      assert.equal(smtp.received.length, 1, 'not sent again');
      const [row] = await outbox(impatient, email);
      assert.equal(row!.status, 'unconfirmed');
      assert.match(row!.error ?? '', /after the whole message was sent/);
      // It is the message the user gets, and its link works.
      const token = new URL(/http:\/\/app\.test\/authenticate\S*/.exec(smtp.received[0]!.parsed.text ?? '')![0]).searchParams.get('token');
      assert.equal((await sdk(impatient, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 })).status, 200);
    });

    it('a relay that never greets is retried and the caller gets 502: nothing was handed over', async () => {
      const email = uniqueEmail();
      smtp.script('hold', 'hold', 'hold');
      const res = await sdk(impatient, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: LOGIN_URL });
      assert.equal(res.status, 502);
      assert.equal(smtp.held, 3, 'three attempts');
      const [row] = await outbox(impatient, email);
      assert.equal(row!.status, 'failed');
      assert.equal(smtp.received.length, 0);
    });

    it('parallel sends to a relay that drops some connections: every message arrives once, under its own Message-ID', async () => {
      const emails = Array.from({ length: 8 }, () => uniqueEmail());
      smtp.script('drop', 'drop');
      const answers = await Promise.all(emails.map((email) => sdk(provider, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: LOGIN_URL })));
      assert.deepEqual(
        answers.map((a) => a.status),
        new Array(8).fill(200),
      );
      assert.equal(smtp.received.length, 8);
      const rows = await Promise.all(emails.map(async (email) => (await outbox(provider, email))[0]!));
      assert.deepEqual(messageIds().sort(), rows.map((r) => `<${r.id}@mail.shop.test>`).sort());
    });
  });
}
