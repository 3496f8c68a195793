import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { DEFAULT_OUTBOUND_POLICY, outboundFetch } from '../../provider/services/outbound.ts';
import { sendWithRetries, retryAfterMs, type RetryPolicy } from '../../provider/services/transports/retry.ts';
import { TwilioTransport } from '../../provider/services/transports/twilio.ts';
import { WhatsAppCloudTransport } from '../../provider/services/transports/whatsapp-cloud.ts';
import { cloudError, cloudSent, fakeMessaging, twilioCreated, twilioError } from './fake-messaging.ts';
import { databases, LOOPBACK_OUTBOUND, outbox, sdk, startTestProvider, uniquePhone, type TestProvider } from './harness.ts';

const creds = { twilioSid: 'AC0123456789abcdef0123456789abcdef', twilioToken: 'twilio-secret', cloudToken: 'meta-secret', phoneId: '1098765432' };
const fake = await fakeMessaging(creds);
// The fake service is on loopback, which the outbound policy refuses unless allowed.
const local = outboundFetch({ ...DEFAULT_OUTBOUND_POLICY, ...LOOPBACK_OUTBOUND });
after(() => fake.close());
afterEach(() => fake.reset());

const policy: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 5_000, timeoutMs: 2000 };
const sms = { to: '+15555550100', channel: 'sms' as const, subject: '', text: 'Your code is 123456', code: '123456', locale: 'en' };

describe('Retries and backoff', () => {
  const twilio = new TwilioTransport({ accountSid: creds.twilioSid, authToken: creds.twilioToken, from: '+15005550006', baseUrl: fake.url, fetch: local });

  it("waits for the service's Retry-After on a 429, then succeeds", async () => {
    fake.queue(twilioError(429, 20429, 'Too Many Requests', { 'Retry-After': '2' }));
    const waits: number[] = [];
    const sent = await sendWithRetries(twilio, sms, policy, async (ms) => void waits.push(ms));
    assert.deepEqual(waits, [2000]);
    assert.equal(sent.attempts, 2);
    assert.match(sent.id, /^SM/);
    assert.equal(fake.received.length, 2);
  });

  it('backs off exponentially on 5xx and gives up after the last attempt', async () => {
    fake.queue(twilioError(500, 20500, 'Internal Server Error'), twilioError(503, 20503, 'Service Unavailable'), twilioError(502, 20500, 'Bad Gateway'));
    const waits: number[] = [];
    await assert.rejects(
      sendWithRetries(
        twilio,
        sms,
        policy,
        async (ms) => void waits.push(ms),
        () => 0.999,
      ),
      (e: any) => {
        assert.equal(e.kind, 'unavailable');
        assert.equal(e.attempts, 3);
        assert.match(e.detail, /HTTP 502/);
        return true;
      },
    );
    assert.deepEqual(waits, [100, 200]);
    assert.equal(fake.received.length, 3);
  });

  it('stops at once when the service asks for a longer pause than maxDelayMs', async () => {
    fake.queue(twilioError(429, 20429, 'Too Many Requests', { 'Retry-After': '60' }));
    const waits: number[] = [];
    await assert.rejects(
      sendWithRetries(twilio, sms, policy, async (ms) => void waits.push(ms)),
      /retry after 60000 ms/,
    );
    assert.deepEqual(waits, []);
    assert.equal(fake.received.length, 1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    assert.equal(retryAfterMs('3'), 3000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(retryAfterMs('soon'), undefined);
    assert.equal(retryAfterMs(null), undefined);
  });

  it('does not retry a refusal: bad credentials, an invalid number', async () => {
    const wrong = new TwilioTransport({ accountSid: creds.twilioSid, authToken: 'wrong', from: '+15005550006', baseUrl: fake.url, fetch: local });
    await assert.rejects(
      sendWithRetries(wrong, sms, policy, async () => assert.fail('no retry')),
      (e: any) => e.kind === 'rejected' && /20003/.test(e.detail),
    );
    fake.queue(twilioError(400, 21211, "The 'To' number +15555550100 is not a valid phone number."));
    await assert.rejects(
      sendWithRetries(twilio, sms, policy, async () => assert.fail('no retry')),
      (e: any) => e.kind === 'invalid_recipient',
    );
    assert.equal(fake.received.length, 2);
  });

  it('aborts an attempt that takes longer than timeoutMs and retries it', async () => {
    fake.queue('hang', twilioCreated(sms.to));
    const sent = await sendWithRetries(twilio, sms, { ...policy, timeoutMs: 200 }, async () => undefined);
    assert.equal(sent.attempts, 2);
  });

  it('WhatsApp Cloud: a rate-limit code is retried, a token error is not', async () => {
    const cloud = new WhatsAppCloudTransport({ token: creds.cloudToken, phoneId: creds.phoneId, apiVersion: 'v21.0', baseUrl: fake.url, templateLanguages: ['en'], fetch: local });
    fake.queue(cloudError(400, 130429, 'Rate limit hit'));
    const sent = await sendWithRetries(cloud, { ...sms, channel: 'whatsapp' }, policy, async () => undefined);
    assert.equal(sent.attempts, 2);
    assert.match(sent.id, /^wamid\./);
    const badToken = new WhatsAppCloudTransport({ token: 'expired', phoneId: creds.phoneId, apiVersion: 'v21.0', baseUrl: fake.url, templateLanguages: ['en'], fetch: local });
    await assert.rejects(
      sendWithRetries(badToken, { ...sms, channel: 'whatsapp' }, policy, async () => assert.fail('no retry')),
      (e: any) => e.kind === 'rejected' && /error 190/.test(e.detail),
    );
  });
});

for (const kind of databases) {
  describe(`SMS and WhatsApp transports through the provider (${kind})`, () => {
    let provider: TestProvider;
    let cloudProvider: TestProvider;
    const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 100, timeoutMs: 1000 };
    before(async () => {
      provider = await startTestProvider(kind, {
        outbound: LOOPBACK_OUTBOUND,
        sendLimits: { perIp: 100 },
        delivery: {
          twilio: { accountSid: creds.twilioSid, authToken: creds.twilioToken, from: '+15005550006', whatsappFrom: '+14155238886', whatsappContentSid: 'HX0123', baseUrl: fake.url },
          retry,
        },
      });
      cloudProvider = await startTestProvider(kind, {
        outbound: LOOPBACK_OUTBOUND,
        sendLimits: { perIp: 100 },
        delivery: { whatsappCloud: { token: creds.cloudToken, phoneId: creds.phoneId, baseUrl: fake.url, template: 'login_code', templateLanguages: ['en', 'pt_BR'] }, retry },
      });
    });
    after(async () => {
      await provider.destroy();
      await cloudProvider.destroy();
    });

    const sendSms = (p: TestProvider, phone: string, channel = 'sms') => sdk(p, 'POST', `/otps/${channel}/login_or_create`, { phone_number: phone });

    it('sends an SMS through Twilio: credentials, sender, number and the code', async () => {
      const phone = uniquePhone();
      const res = await sendSms(provider, phone);
      assert.equal(res.status, 200, res.text);
      assert.equal(fake.received.length, 1);
      const [req] = fake.received;
      assert.equal(req!.path, `/2010-04-01/Accounts/${creds.twilioSid}/Messages.json`);
      assert.equal(req!.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.equal(req!.form.get('To'), phone);
      assert.equal(req!.form.get('From'), '+15005550006');
      const [message] = await outbox(provider, phone);
      assert.ok(message?.code);
      assert.ok(req!.form.get('Body')!.includes(message.code));
      const signIn = await sdk(provider, 'POST', '/otps/authenticate', { token: message.code, method_id: res.json.data.method_id, session_duration_minutes: 30 });
      assert.equal(signIn.status, 200, signIn.text);
    });

    it('sends WhatsApp through Twilio with whatsapp: addresses and the Content template', async () => {
      const phone = uniquePhone();
      const res = await sendSms(provider, phone, 'whatsapp');
      assert.equal(res.status, 200, res.text);
      const [req] = fake.received;
      assert.equal(req!.form.get('To'), `whatsapp:${phone}`);
      assert.equal(req!.form.get('From'), 'whatsapp:+14155238886');
      assert.equal(req!.form.get('ContentSid'), 'HX0123');
      const [message] = await outbox(provider, phone);
      assert.deepEqual(JSON.parse(req!.form.get('ContentVariables')!), { 1: message!.code });
    });

    it('answers an invalid number as invalid_phone_number, without retrying', async () => {
      fake.queue(twilioError(400, 21211, "The 'To' number is not a valid phone number."));
      const res = await sendSms(provider, uniquePhone());
      assert.equal(res.status, 400);
      assert.equal(res.json.error_type, 'invalid_phone_number');
      assert.ok(res.json.error_message && !/21211|twilio/i.test(res.json.error_message), 'the service details stay out of the answer');
      assert.equal(fake.received.length, 1);
    });

    it('answers an opted-out number as unsubscribed_phone_number', async () => {
      fake.queue(twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'));
      const res = await sendSms(provider, uniquePhone());
      assert.equal(res.status, 400);
      assert.equal(res.json.error_type, 'unsubscribed_phone_number');
    });

    it('retries after a 429 and succeeds', async () => {
      fake.queue(twilioError(429, 20429, 'Too Many Requests', { 'Retry-After': '0' }));
      const res = await sendSms(provider, uniquePhone());
      assert.equal(res.status, 200, res.text);
      assert.equal(fake.received.length, 2);
    });

    it('gives up after 3 attempts of 5xx with downstream_carrier_error in the error shape', async () => {
      fake.queue(twilioError(503, 20503, 'Service Unavailable'), twilioError(500, 20500, 'Internal'), twilioError(503, 20503, 'Service Unavailable'));
      const res = await sendSms(provider, uniquePhone());
      assert.equal(res.status, 502);
      assert.equal(res.json.error_type, 'downstream_carrier_error');
      assert.equal(res.json.status_code, 502);
      assert.match(res.json.request_id, /^request-id-/);
      assert.match(res.json.error_url, /downstream_carrier_error$/);
      assert.equal(fake.received.length, 3);
    });

    it('gives up on a service that never answers (timeout on each attempt)', async () => {
      fake.queue('hang', 'hang', 'hang');
      const res = await sendSms(provider, uniquePhone());
      assert.equal(res.status, 502);
      assert.equal(res.json.error_type, 'downstream_carrier_error');
      assert.equal(fake.received.length, 3);
    });

    it("sends WhatsApp through the Cloud API as the authentication template, in the caller's language", async () => {
      const phone = uniquePhone();
      const res = await sdk(cloudProvider, 'POST', '/otps/whatsapp/login_or_create', { phone_number: phone, locale: 'pt-BR' });
      assert.equal(res.status, 200, res.text);
      const [req] = fake.received;
      assert.equal(req!.path, `/v21.0/${creds.phoneId}/messages`);
      assert.equal(req!.headers.authorization, `Bearer ${creds.cloudToken}`);
      const [message] = await outbox(cloudProvider, phone);
      assert.deepEqual(req!.json, {
        messaging_product: 'whatsapp',
        to: phone.slice(1),
        type: 'template',
        template: {
          name: 'login_code',
          language: { code: 'pt_BR' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: message!.code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message!.code }] },
          ],
        },
      });
    });

    it('Cloud API: a number not on WhatsApp is invalid_phone_number; 5xx exhaustion is downstream_carrier_error', async () => {
      fake.queue(cloudError(400, 131026, 'Message Undeliverable.'));
      const bad = await sdk(cloudProvider, 'POST', '/otps/whatsapp/login_or_create', { phone_number: uniquePhone() });
      assert.equal(bad.json.error_type, 'invalid_phone_number');
      fake.reset();
      fake.queue(cloudError(500, 1, 'An unknown error occurred'), cloudError(503, 2, 'Service temporarily unavailable'), cloudError(500, 1, 'An unknown error occurred'));
      const down = await sdk(cloudProvider, 'POST', '/otps/whatsapp/login_or_create', { phone_number: uniquePhone() });
      assert.equal(down.status, 502);
      assert.equal(down.json.error_type, 'downstream_carrier_error');
      assert.equal(fake.received.length, 3);
      fake.reset();
      fake.queue(cloudError(429, 80007, 'Rate limit issues'), cloudSent('x'));
      const limited = await sdk(cloudProvider, 'POST', '/otps/whatsapp/login_or_create', { phone_number: uniquePhone() });
      assert.equal(limited.status, 200, limited.text);
    });

    it('SMS without a transport still only reaches the outbox', async () => {
      const phone = uniquePhone();
      const res = await sendSms(cloudProvider, phone);
      assert.equal(res.status, 200);
      assert.equal(fake.received.length, 0);
      assert.equal((await outbox(cloudProvider, phone)).length, 1);
    });
  });
}
