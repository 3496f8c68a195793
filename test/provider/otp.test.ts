import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, withSession, startTestProvider, TestClock, uniqueEmail, uniquePhone, type TestProvider } from './harness.ts';

for (const kind of databases) {
  describe(`OTP (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { sendLimits: { perIp: 30 } }, clock);
    });
    after(() => provider.destroy());

    async function sendEmail(email: string) {
      const res = await sdk(provider, 'POST', '/otps/email/login_or_create', { email, expiration_minutes: 5 });
      assert.equal(res.status, 200, res.text);
      const [message] = await outbox(provider, email);
      assert.ok(message?.code);
      return { methodId: res.json.data.method_id as string, code: message.code, data: res.json.data };
    }

    it('signs a new user in with an emailed 6-digit code', async () => {
      const email = uniqueEmail();
      const { methodId, code, data } = await sendEmail(email);
      assert.equal(data.user_created, true);
      assert.match(data.user_id, /^user-test-/);
      assert.equal(data.email_id, methodId);
      assert.match(code, /^\d{6}$/);
      const res = await sdk(provider, 'POST', '/otps/authenticate', { token: code, method_id: methodId, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      const d = res.json.data;
      assert.equal(d.user_id, data.user_id);
      assert.equal(d.method_id, methodId);
      assert.match(d.session_token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(d.session_jwt.split('.').length, 3);
      assert.match(d.session.session_id, /^session-test-/);
      assert.equal(d.session.authentication_factors[0].type, 'otp');
      assert.equal(d.session.authentication_factors[0].delivery_method, 'email');
      assert.deepEqual(d.user.emails, [{ email_id: methodId, email, verified: true }]);
      clock.advance(1000);
      const again = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      assert.equal(again.json.data.user_created, false);
      assert.equal(again.json.data.user_id, data.user_id);
    });

    it('refuses a reused code, a wrong method_id and an expired code', async () => {
      const a = await sendEmail(uniqueEmail());
      const ok = await sdk(provider, 'POST', '/otps/authenticate', { token: a.code, method_id: a.methodId, session_duration_minutes: 30 });
      assert.equal(ok.status, 200);
      const reused = await sdk(provider, 'POST', '/otps/authenticate', { token: a.code, method_id: a.methodId, session_duration_minutes: 30 });
      assert.equal(reused.status, 401);
      assert.equal(reused.json.error_type, 'otp_code_not_found');

      const b = await sendEmail(uniqueEmail());
      const c = await sendEmail(uniqueEmail());
      const crossed = await sdk(provider, 'POST', '/otps/authenticate', { token: b.code, method_id: c.methodId, session_duration_minutes: 30 });
      assert.equal(crossed.status, 401);

      clock.advance(5 * 60_000 + 1000);
      const expired = await sdk(provider, 'POST', '/otps/authenticate', { token: b.code, method_id: b.methodId, session_duration_minutes: 30 });
      assert.equal(expired.status, 401);
      assert.equal(expired.json.error_type, 'otp_code_not_found');
    });

    it('kills a code after 5 wrong guesses', async () => {
      const { methodId, code } = await sendEmail(uniqueEmail());
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await sdk(provider, 'POST', '/otps/authenticate', { token: wrong, method_id: methodId, session_duration_minutes: 30 });
        assert.equal(res.status, 401);
      }
      const right = await sdk(provider, 'POST', '/otps/authenticate', { token: code, method_id: methodId, session_duration_minutes: 30 });
      assert.equal(right.status, 401);
    });

    it('gives exactly one success to 50 parallel redemptions of one code', async () => {
      const { methodId, code } = await sendEmail(uniqueEmail());
      const results = await Promise.all(Array.from({ length: 50 }, () => sdk(provider, 'POST', '/otps/authenticate', { token: code, method_id: methodId, session_duration_minutes: 30 })));
      assert.equal(results.filter((r) => r.status === 200).length, 1);
      assert.ok(
        results.every((r) => r.status === 200 || r.status === 401),
        results.map((r) => r.status).join(','),
      );
    });

    it('sends SMS and WhatsApp codes to an E.164 number and refuses a malformed one', async () => {
      const phone = uniquePhone();
      for (const channel of ['sms', 'whatsapp']) {
        clock.advance(1000);
        const res = await sdk(provider, 'POST', `/otps/${channel}/login_or_create`, { phone_number: phone });
        assert.equal(res.status, 200, res.text);
        assert.match(res.json.data.phone_id, /^phone-number-test-/);
        const [message] = await outbox(provider, phone);
        assert.equal(message!.channel, channel);
        const auth = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: res.json.data.method_id, session_duration_minutes: 30 });
        assert.equal(auth.status, 200);
        assert.equal(auth.json.data.session.authentication_factors[0].delivery_method, channel);
      }
      const bad = await sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: '555-abc' });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.error_type, 'invalid_phone_number');
    });

    it('refuses wrong types and missing fields with a schema error listing the paths', async () => {
      const missing = await sdk(provider, 'POST', '/otps/authenticate', { token: '123456' });
      assert.equal(missing.status, 400);
      assert.equal(missing.json.error_type, 'invalid_request');
      assert.ok(missing.json.body.some((i: { dataPath: string }) => i.dataPath === '.method_id'));
      const typed = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: 42 });
      assert.equal(typed.status, 400);
      assert.deepEqual(
        typed.json.body.map((i: { dataPath: string }) => i.dataPath),
        ['.email'],
      );
    });

    it('limits sends per address with 429 and Retry-After', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < 5; i++) {
        assert.equal((await sdk(provider, 'POST', '/otps/email/send/primary', { email })).status, 200);
        clock.advance(1000);
      }
      const limited = await sdk(provider, 'POST', '/otps/email/send/primary', { email });
      assert.equal(limited.status, 429);
      assert.equal(limited.json.error_type, 'too_many_requests');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
    });

    it('lets three quick sends to one address through but refuses a burst, however many arrive at once', async () => {
      const email = uniqueEmail();
      // The six arrive within the three-second window however slowly the machine answers them.
      await clock.whileHeld(async () => {
        const burst = await Promise.all(Array.from({ length: 6 }, () => sdk(provider, 'POST', '/otps/email/login_or_create', { email })));
        assert.deepEqual(burst.map((r) => r.status).sort(), [200, 200, 200, 429, 429, 429]);
        const refused = burst.find((r) => r.status === 429)!;
        assert.equal(refused.json.error_type, 'too_many_requests');
        assert.equal(refused.headers.get('retry-after'), '3');
        assert.equal((await outbox(provider, email)).length, 3);
        clock.advance(3000);
        assert.equal((await sdk(provider, 'POST', '/otps/email/login_or_create', { email })).status, 200);
        // Another address is not held up.
        assert.equal((await sdk(provider, 'POST', '/otps/email/login_or_create', { email: uniqueEmail() })).status, 200);
      });
    });

    it('send/secondary adds a number to the signed-in user', async () => {
      const first = await sendEmail(uniqueEmail());
      const session = (await sdk(provider, 'POST', '/otps/authenticate', { token: first.code, method_id: first.methodId, session_duration_minutes: 30 })).json.data;
      const phone = uniquePhone();
      const noSession = await sdk(provider, 'POST', '/otps/sms/send/secondary', { phone_number: phone });
      assert.equal(noSession.status, 401);
      const res = await sdk(provider, 'POST', '/otps/sms/send/secondary', { phone_number: phone }, withSession(session.session_token));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.user_id, session.user_id);
      const [message] = await outbox(provider, phone);
      const auth = await sdk(provider, 'POST', '/otps/authenticate', { token: message!.code, method_id: res.json.data.method_id, session_duration_minutes: 30 }, withSession(session.session_token));
      assert.equal(auth.status, 200);
      assert.equal(auth.json.data.session.session_id, session.session.session_id);
      assert.deepEqual(
        auth.json.data.session.authentication_factors.map((f: { delivery_method: string }) => f.delivery_method),
        ['email', 'sms'],
      );
      assert.equal(auth.json.data.user.phone_numbers[0].phone_number, phone);
    });

    it('limits sends per IP with 429 and Retry-After', async () => {
      let limited;
      for (let i = 0; i < 31 && !limited; i++) {
        const res = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: uniqueEmail('ip') });
        if (res.status === 429) limited = res;
        else assert.equal(res.status, 200);
      }
      assert.ok(limited, 'no 429 within the per-IP limit');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
    });
  });
}

describe('Web OTP line', () => {
  it('ends an SMS passcode with @<page host> #<code>, and only SMS', async () => {
    const provider = await startTestProvider('pglite', { authorizedOrigins: ['https://www.shop.test', 'https://admin.other.test'], rpId: 'shop.test' });
    try {
      const phone = uniquePhone();
      assert.equal((await sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: phone })).status, 200);
      const [message] = await outbox(provider, phone);
      const lines = message!.text.split('\n');
      assert.equal(lines.at(-1), `@www.shop.test #${message!.code}`);
      assert.equal(lines.at(-2), '', 'a blank line before the bound line');
      const wa = uniquePhone();
      await sdk(provider, 'POST', '/otps/whatsapp/login_or_create', { phone_number: wa });
      assert.doesNotMatch((await outbox(provider, wa))[0]!.text, /@www\.shop\.test #/);
    } finally {
      await provider.destroy();
    }
  });

  it('names the authorized origin host when no rpId is configured', async () => {
    const provider = await startTestProvider('pglite');
    try {
      const phone = uniquePhone();
      await sdk(provider, 'POST', '/otps/sms/login_or_create', { phone_number: phone });
      const [message] = await outbox(provider, phone);
      assert.ok(message!.text.endsWith(`\n@app.test #${message!.code}`), message!.text);
    } finally {
      await provider.destroy();
    }
  });
});
