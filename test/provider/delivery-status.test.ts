import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import * as v from 'valibot';
import { commands } from '../../provider/admin/delivery.ts';
import type { AdminContext } from '../../provider/admin/types.ts';
import { ProjectConfigSchema } from '../../provider/config.ts';
import { Delivery } from '../../provider/services/delivery.ts';
import { DEFAULT_OUTBOUND_POLICY, outboundFetch } from '../../provider/services/outbound.ts';
import { TwilioTransport } from '../../provider/services/transports/twilio.ts';
import { fakeMessaging, twilioError } from './fake-messaging.ts';
import { databases, LOOPBACK_OUTBOUND, openTestDatabase, outbox, sdk, startTestProvider, uniquePhone, type TestProvider } from './harness.ts';

const creds = { twilioSid: 'AC11112222333344445555666677778888', twilioToken: 'twilio-secret', cloudToken: 'meta-secret', phoneId: '42' };
const fake = await fakeMessaging(creds);
after(() => fake.close());
afterEach(() => fake.reset());
const retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 100, timeoutMs: 1000 };

for (const kind of databases) {
  describe(`Delivery status (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, {
        outbound: LOOPBACK_OUTBOUND,
        sendLimits: { perIp: 100 },
        delivery: { twilio: { accountSid: creds.twilioSid, authToken: creds.twilioToken, from: '+15005550006', baseUrl: fake.url }, retry },
      });
    });
    after(() => provider.destroy());

    it('records sent with the service id, failed with the reason, and outbox-only messages as sent', async () => {
      const ok = uniquePhone();
      assert.equal((await sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: ok })).status, 200);
      const [sent] = await outbox(provider, ok);
      assert.equal(sent!.status, 'sent');
      assert.equal(sent!.transport, 'twilio');
      assert.match(sent!.transport_message_id ?? '', /^SM/);
      assert.equal(sent!.attempts, 1);
      assert.equal(sent!.error, null);

      fake.queue(twilioError(503, 20503, 'Service Unavailable'), twilioError(503, 20503, 'Service Unavailable'));
      const bad = uniquePhone();
      assert.equal((await sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: bad })).status, 502);
      const [failed] = await outbox(provider, bad);
      assert.equal(failed!.status, 'failed');
      assert.equal(failed!.attempts, 2);
      assert.match(failed!.error ?? '', /HTTP 503 error 20503: Service Unavailable/);
      assert.equal(failed!.transport_message_id, null);

      const wa = uniquePhone();
      await sdk(provider, 'POST', '/otps/whatsapp/login_or_create', { phone_number: wa });
      const [local] = await outbox(provider, wa);
      assert.equal(local!.status, 'sent');
      assert.equal(local!.transport, 'outbox');
    });

    it('parallel sends each record their own outcome and service id', async () => {
      const phones = Array.from({ length: 8 }, () => uniquePhone());
      fake.queue(twilioError(400, 21211, 'Invalid To number'));
      const answers = await Promise.all(phones.map((phone) => sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: phone })));
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 200, 200, 400]);
      const rows = await Promise.all(phones.map(async (phone) => (await outbox(provider, phone))[0]!));
      const failed = rows.filter((r) => r.status === 'failed');
      assert.equal(failed.length, 1);
      assert.equal(answers[phones.indexOf(failed[0]!.to)]!.status, 400, 'the failed row is the number that got the error');
      const ids = rows.filter((r) => r.status === 'sent').map((r) => r.transport_message_id);
      assert.equal(new Set(ids).size, 7, 'seven distinct service ids');
      assert.equal(fake.received.length, 8);
      assert.deepEqual(fake.received.map((r) => r.form.get('To')).sort(), [...phones].sort());
    });

    it("the outbox page shows each message's status and error", async () => {
      fake.queue(twilioError(400, 21211, 'Invalid To number'));
      const bad = uniquePhone();
      await sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: bad });
      // As a browser reads it: runs of white space in the markup are one space.
      const page = (await (await fetch(`${provider.url}/dev/outbox?to=${encodeURIComponent(bad)}`)).text()).replace(/\s+/g, ' ');
      assert.match(page, /class="status status-failed"/);
      assert.match(page, /failed via twilio after 1 attempt: twilio: HTTP 400 error 21211: Invalid To number/);
    });
  });

  describe(`admin failures (${kind})`, () => {
    let store: Awaited<ReturnType<typeof openTestDatabase>>;
    let lines: string[];
    let ctx: AdminContext;
    before(async () => {
      store = await openTestDatabase(kind);
    });
    after(() => store.destroy());
    afterEach(() => void (lines = []));

    const context = (): AdminContext => {
      lines = [];
      return { db: async () => store.db, projectFile: '', project: v.parse(ProjectConfigSchema, {}), env: {}, print: (line) => lines.push(line) };
    };

    it('says so when nothing failed', async () => {
      ctx = context();
      assert.equal(await commands.failures!.run(ctx, []), 0);
      assert.deepEqual(lines, ['No failed messages.']);
    });

    it('lists recent failures newest first, with transport, attempts and reason; --limit and --channel filter', async () => {
      const twilio = new TwilioTransport({
        accountSid: creds.twilioSid,
        authToken: creds.twilioToken,
        from: '+15005550006',
        baseUrl: fake.url,
        fetch: outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, ...LOOPBACK_OUTBOUND }),
      });
      const delivery = new Delivery(
        { outbox: false, retry },
        () => new Date(),
        { sms: twilio },
        async () => undefined,
      );
      const numbers = [uniquePhone(), uniquePhone(), uniquePhone()];
      fake.queue(twilioError(400, 21211, 'Invalid To number'), twilioError(400, 21610, 'Unsubscribed recipient'));
      for (const to of numbers) {
        const queued = await store.db.transaction((tx) => delivery.send(tx, { to, channel: 'sms', subject: '', text: 'code 123456', code: '123456' }));
        await delivery.dispatch(store.db, queued, { quiet: true });
      }
      // The third went out: only two failures, newest first.
      ctx = context();
      assert.equal(await commands.failures!.run(ctx, []), 0);
      assert.equal(lines.length, 2);
      assert.match(lines[0]!, new RegExp(`sms +\\${numbers[1]}  failed +via twilio, 1 attempt: twilio: HTTP 400 error 21610`));
      assert.match(lines[1]!, new RegExp(`\\${numbers[0]}  failed +via twilio, 1 attempt: .*21211`));
      // With the outbox off the code is not kept.
      const { rows } = await store.db.query<{ body: string; code: string | null }>('SELECT body, code FROM outbox WHERE recipient = $1', [numbers[0]]);
      assert.deepEqual(rows, [{ body: '', code: null }]);

      ctx = context();
      await commands.failures!.run(ctx, ['--limit', '1']);
      assert.equal(lines.length, 1);
      ctx = context();
      await commands.failures!.run(ctx, ['--channel', 'email']);
      assert.deepEqual(lines, ['No failed email messages.']);
      ctx = context();
      assert.equal(await commands.failures!.run(ctx, ['--limit', 'many']), 2);

      // Messages the queue settled as unconfirmed (no answer in time) or expired (code ran out
      // unsent) need the operator's eye too: they are listed with their status.
      await store.db.query(`UPDATE outbox SET status = 'unconfirmed', error = 'twilio: answer timed out' WHERE recipient = $1`, [numbers[0]]);
      await store.db.query(`UPDATE outbox SET status = 'expired', error = NULL WHERE recipient = $1`, [numbers[2]]);
      ctx = context();
      assert.equal(await commands.failures!.run(ctx, []), 0);
      assert.equal(lines.length, 3);
      assert.match(lines[0]!, new RegExp(`\\${numbers[2]}  expired +via twilio`));
      assert.match(lines[2]!, new RegExp(`\\${numbers[0]}  unconfirmed  via twilio, 1 attempt: twilio: answer timed out`));
    });
  });
}
