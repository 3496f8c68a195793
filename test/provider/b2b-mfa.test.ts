import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as OTPAuth from 'otpauth';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, uniquePhone, type TestProvider } from './harness.ts';

const STEP_MS = 30_000;

for (const kind of databases) {
  describe(`B2B MFA: TOTP, recovery codes, SMS passcodes (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      // Wide send limits: members sign in many times here (the limits are tested with B2C and discovery).
      provider = await startTestProvider(kind, { sendLimits: { perAddress: 1000, burstPerAddress: 1000, perIp: 10_000 } }, clock);
    });
    after(() => provider.destroy());

    /** An organization requiring MFA for all, its admin signed in before the policy changed. */
    async function strictOrg() {
      const admin = uniqueEmail('admin');
      const org = await createOrganization(provider, admin, {
        organization_name: 'Strict',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const res = await asMember(provider, org.session_token)('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' });
      assert.equal(res.status, 200, res.text);
      return { orgId: org.organization.organization_id as string, adminEmail: admin, adminToken: org.session_token as string };
    }

    /** A primary sign-in by email passcode: the MFA-pending answer (intermediate session, member). */
    async function primary(orgId: string, email: string) {
      const send = await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: orgId, email_address: email });
      assert.equal(send.status, 200, send.text);
      const [message] = await outbox(provider, email);
      const res = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: orgId, email_address: email, code: message!.code, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.member_authenticated, false, res.text);
      return res.json.data as { intermediate_session_token: string; member_id: string; mfa_required: { member_options: null | { totp_registration_id: string; mfa_phone_number: string } } };
    }

    /** `count` primary sign-ins of `email`, one after another: their intermediate sessions. */
    async function pendingSessions(orgId: string, email: string, count: number): Promise<string[]> {
      const sessions = [];
      for (let i = 0; i < count; i++) sessions.push((await primary(orgId, email)).intermediate_session_token);
      return sessions;
    }

    /** A second factor (`fields`: its code or recovery code) posted to `path` for `memberId` of `orgId`, on the intermediate session `ist`. */
    function secondFactor(path: string, orgId: string, memberId: string, ist: string, fields: Record<string, unknown>) {
      return sdk(provider, 'POST', path, { organization_id: orgId, member_id: memberId, ...fields, session_duration_minutes: 30, intermediate_session_token: ist });
    }

    const authenticator = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const codeNow = (secret: string) => authenticator(secret).generate({ timestamp: clock.now().getTime() });

    /** A member enrolled in TOTP through their first sign-in; the secret and recovery codes. */
    async function enrolled(orgId: string, email = uniqueEmail('member')) {
      const first = await primary(orgId, email);
      const created = await sdk(provider, 'POST', '/b2b/totp', { organization_id: orgId, member_id: first.member_id, intermediate_session_token: first.intermediate_session_token });
      assert.equal(created.status, 200, created.text);
      const done = await secondFactor('/b2b/totp/authenticate', orgId, first.member_id, first.intermediate_session_token, { code: codeNow(created.json.data.secret) });
      assert.equal(done.status, 200, done.text);
      clock.advance(STEP_MS);
      return {
        email,
        memberId: first.member_id,
        secret: created.json.data.secret as string,
        recoveryCodes: created.json.data.recovery_codes as string[],
        sessionToken: done.json.data.session_token as string,
        sessionId: done.json.data.member_session.member_session_id as string,
        totpId: created.json.data.totp_registration_id as string,
      };
    }

    it('enrols an authenticator from the intermediate session and completes the member session with both factors', async () => {
      const { orgId } = await strictOrg();
      const email = uniqueEmail('totp');
      const first = await primary(orgId, email);
      assert.equal(first.mfa_required.member_options, null);
      const created = await sdk(provider, 'POST', '/b2b/totp', { organization_id: orgId, member_id: first.member_id, intermediate_session_token: first.intermediate_session_token });
      assert.equal(created.status, 200, created.text);
      const t = created.json.data;
      assert.match(t.totp_registration_id, /^member-totp-test-/);
      assert.match(t.qr_code, /^data:image\/png;base64,/);
      assert.equal(t.recovery_codes.length, 10);
      assert.equal(t.member.member_id, first.member_id);
      // A wrong code answers in the error shape; the right one signs in.
      const wrong = String((Number(codeNow(t.secret)) + 500_000) % 1_000_000).padStart(6, '0');
      const refused = await secondFactor('/b2b/totp/authenticate', orgId, first.member_id, first.intermediate_session_token, { code: wrong });
      assert.equal(refused.status, 401, refused.text);
      assert.equal(refused.json.error_type, 'otp_code_not_found');
      assert.ok(refused.json.request_id && refused.json.error_message);
      const done = await secondFactor('/b2b/totp/authenticate', orgId, first.member_id, first.intermediate_session_token, { code: codeNow(t.secret), set_mfa_enrollment: 'enroll' });
      assert.equal(done.status, 200, done.text);
      const d = done.json.data;
      assert.equal(d.member_authenticated, true);
      assert.ok(d.session_token && d.session_jwt);
      assert.deepEqual(
        d.member_session.authentication_factors.map((f: { type: string; delivery_method: string }) => `${f.type}/${f.delivery_method}`),
        ['otp/email', 'totp/authenticator_app'],
      );
      assert.equal(d.member.totp_registration_id, t.totp_registration_id);
      assert.equal(d.member.mfa_enrolled, true);
      // The intermediate session is spent.
      clock.advance(STEP_MS);
      const again = await secondFactor('/b2b/totp/authenticate', orgId, first.member_id, first.intermediate_session_token, { code: codeNow(t.secret) });
      assert.equal(again.status, 404, again.text);
      assert.equal(again.json.error_type, 'intermediate_session_not_found');
      // The next sign-in names the registration among the member's options.
      const next = await primary(orgId, email);
      assert.equal(next.mfa_required.member_options?.totp_registration_id, t.totp_registration_id);
    });

    it('is not skippable: no code, no session; an intermediate session cannot enrol a second authenticator', async () => {
      const { orgId } = await strictOrg();
      const m = await enrolled(orgId);
      const next = await primary(orgId, m.email);
      // No intermediate session and no member session: refused.
      const bare = await sdk(provider, 'POST', '/b2b/totp/authenticate', { organization_id: orgId, member_id: m.memberId, code: codeNow(m.secret), session_duration_minutes: 30 });
      assert.equal(bare.status, 401, bare.text);
      assert.equal(bare.json.error_type, 'unauthorized_credentials');
      // Whoever has only the primary factor cannot enrol their own authenticator.
      const hijack = await sdk(provider, 'POST', '/b2b/totp', { organization_id: orgId, member_id: m.memberId, intermediate_session_token: next.intermediate_session_token });
      assert.equal(hijack.status, 403, hijack.text);
      assert.equal(hijack.json.error_type, 'mfa_already_enrolled');
      const phone = await sdk(provider, 'POST', '/b2b/otps/sms/send', {
        organization_id: orgId,
        member_id: m.memberId,
        mfa_phone_number: uniquePhone(),
        intermediate_session_token: next.intermediate_session_token,
      });
      assert.equal(phone.status, 403, phone.text);
      // Another member's intermediate session does not reach this member.
      const other = await primary(orgId, uniqueEmail('other'));
      const cross = await secondFactor('/b2b/totp/authenticate', orgId, m.memberId, other.intermediate_session_token, { code: codeNow(m.secret) });
      assert.equal(cross.status, 401, cross.text);
      assert.equal(cross.json.error_type, 'intermediate_session_not_for_member');
      // The member's own intermediate session with their code works.
      const ok = await secondFactor('/b2b/totp/authenticate', orgId, m.memberId, next.intermediate_session_token, { code: codeNow(m.secret) });
      assert.equal(ok.status, 200, ok.text);
    });

    it('accepts one authenticator code once when it is sent in parallel', async () => {
      const { orgId } = await strictOrg();
      const m = await enrolled(orgId);
      const sessions = await pendingSessions(orgId, m.email, 5);
      const code = codeNow(m.secret);
      const results = await Promise.all(sessions.map((ist) => secondFactor('/b2b/totp/authenticate', orgId, m.memberId, ist, { code })));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401, 401], results.map((r) => r.text).join('\n'));
      clock.advance(STEP_MS);
    });

    it('locks the member after ten wrong codes, also when they arrive in parallel, and the lock refuses the right code', async () => {
      const { orgId } = await strictOrg();
      const m = await enrolled(orgId);
      const { intermediate_session_token: ist } = await primary(orgId, m.email);
      const wrong = String((Number(codeNow(m.secret)) + 1) % 1_000_000).padStart(6, '0');
      const body = (code: string) => ({ organization_id: orgId, member_id: m.memberId, code, session_duration_minutes: 30, intermediate_session_token: ist });
      const results = await Promise.all(Array.from({ length: 13 }, () => sdk(provider, 'POST', '/b2b/totp/authenticate', body(wrong))));
      assert.deepEqual(results.map((r) => r.status).sort(), [...Array(10).fill(401), ...Array(3).fill(429)], results.map((r) => r.text).join('\n'));
      const locked = results.find((r) => r.status === 429)!;
      assert.equal(locked.json.error_type, 'too_many_failed_attempts');
      assert.ok(Number(locked.headers.get('retry-after')) > 0);
      // Recovery codes share the count.
      const recover = await secondFactor('/b2b/recovery_codes/recover', orgId, m.memberId, ist, { recovery_code: m.recoveryCodes[0] });
      assert.equal(recover.status, 429, recover.text);
      assert.equal((await sdk(provider, 'POST', '/b2b/totp/authenticate', body(codeNow(m.secret)))).status, 429);
      // The lock runs its hour, then the right code works (from a fresh sign-in: the old one expired).
      clock.advance(61 * 60_000);
      const fresh = await primary(orgId, m.email);
      const after = await sdk(provider, 'POST', '/b2b/totp/authenticate', { ...body(codeNow(m.secret)), intermediate_session_token: fresh.intermediate_session_token });
      assert.equal(after.status, 200, after.text);
    });

    it('signs in with a recovery code once, also in parallel; members read and rotate their codes', async () => {
      const { orgId } = await strictOrg();
      const m = await enrolled(orgId);
      const sessions = await pendingSessions(orgId, m.email, 4);
      const code = m.recoveryCodes[3]!;
      const results = await Promise.all(sessions.map((ist) => secondFactor('/b2b/recovery_codes/recover', orgId, m.memberId, ist, { recovery_code: code.toUpperCase() })));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401], results.map((r) => r.text).join('\n'));
      const won = results.find((r) => r.status === 200)!.json.data;
      assert.equal(won.member_authenticated, true);
      assert.equal(won.recovery_codes_remaining, 9);
      assert.deepEqual(
        won.member_session.authentication_factors.map((f: { type: string }) => f.type),
        ['otp', 'recovery_code'],
      );
      assert.ok(results.filter((r) => r.status === 401).every((r) => r.json.error_type === 'recovery_code_not_found'));
      // The member reads the nine left, then rotates them: the old ones stop working.
      const member = asMember(provider, won.session_token);
      const got = await member('GET', '/b2b/recovery_codes');
      assert.equal(got.status, 200, got.text);
      assert.equal(got.json.data.recovery_codes.length, 9);
      assert.ok(!got.json.data.recovery_codes.includes(code));
      const rotated = await member('POST', '/b2b/recovery_codes/rotate', {});
      assert.equal(rotated.status, 200, rotated.text);
      assert.equal(rotated.json.data.recovery_codes.length, 10);
      const old = await secondFactor('/b2b/recovery_codes/recover', orgId, m.memberId, (await primary(orgId, m.email)).intermediate_session_token, { recovery_code: m.recoveryCodes[0] });
      assert.equal(old.status, 401, old.text);
      // Reading codes needs a member session.
      assert.equal((await sdk(provider, 'GET', '/b2b/recovery_codes')).status, 401);
    });

    it('enrols an MFA phone by SMS passcode, single-use in parallel, and signs in with it', async () => {
      const { orgId } = await strictOrg();
      const email = uniqueEmail('sms');
      const phone = uniquePhone();
      const first = await primary(orgId, email);
      const send = await sdk(provider, 'POST', '/b2b/otps/sms/send', {
        organization_id: orgId,
        member_id: first.member_id,
        mfa_phone_number: phone,
        intermediate_session_token: first.intermediate_session_token,
      });
      assert.equal(send.status, 200, send.text);
      const [message] = await outbox(provider, phone);
      assert.match(message!.code!, /^\d{6}$/);
      const done = await secondFactor('/b2b/otps/sms/authenticate', orgId, first.member_id, first.intermediate_session_token, { code: message!.code });
      assert.equal(done.status, 200, done.text);
      assert.equal(done.json.data.member.mfa_phone_number, phone);
      assert.equal(done.json.data.member.mfa_phone_number_verified, true);
      assert.deepEqual(
        done.json.data.member_session.authentication_factors.map((f: { type: string; delivery_method: string }) => `${f.type}/${f.delivery_method}`),
        ['otp/email', 'otp/sms'],
      );
      // Next time the code goes to the verified number, whatever number is asked for.
      const sessions = [];
      for (let i = 0; i < 4; i++) sessions.push(await primary(orgId, email));
      assert.equal(sessions[0]!.mfa_required.member_options?.mfa_phone_number, phone);
      const elsewhere = await sdk(provider, 'POST', '/b2b/otps/sms/send', {
        organization_id: orgId,
        member_id: first.member_id,
        mfa_phone_number: uniquePhone(),
        intermediate_session_token: sessions[0]!.intermediate_session_token,
      });
      assert.equal(elsewhere.status, 400, elsewhere.text);
      assert.equal(
        (await sdk(provider, 'POST', '/b2b/otps/sms/send', { organization_id: orgId, member_id: first.member_id, intermediate_session_token: sessions[0]!.intermediate_session_token })).status,
        200,
      );
      const [second] = await outbox(provider, phone);
      const results = await Promise.all(sessions.map((s) => secondFactor('/b2b/otps/sms/authenticate', orgId, first.member_id, s.intermediate_session_token, { code: second!.code })));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401], results.map((r) => r.text).join('\n'));
    });

    it('spends an SMS passcode after five wrong guesses, also when they arrive in parallel', async () => {
      const { orgId } = await strictOrg();
      const email = uniqueEmail('smsguess');
      const phone = uniquePhone();
      const first = await primary(orgId, email);
      assert.equal(
        (
          await sdk(provider, 'POST', '/b2b/otps/sms/send', {
            organization_id: orgId,
            member_id: first.member_id,
            mfa_phone_number: phone,
            intermediate_session_token: first.intermediate_session_token,
          })
        ).status,
        200,
      );
      const [message] = await outbox(provider, phone);
      const wrong = String((Number(message!.code) + 1) % 1_000_000).padStart(6, '0');
      const body = (code: string) => ({ organization_id: orgId, member_id: first.member_id, code, session_duration_minutes: 30, intermediate_session_token: first.intermediate_session_token });
      const results = await Promise.all(Array.from({ length: 8 }, () => sdk(provider, 'POST', '/b2b/otps/sms/authenticate', body(wrong))));
      assert.ok(
        results.every((r) => r.status === 401),
        results.map((r) => r.text).join('\n'),
      );
      // The code has had its five guesses: the right one no longer works.
      const late = await sdk(provider, 'POST', '/b2b/otps/sms/authenticate', body(message!.code!));
      assert.equal(late.status, 401, late.text);
      assert.equal(late.json.error_type, 'otp_code_not_found');
    });

    it('adds a factor to an existing member session; an organization that restricts MFA methods refuses the others', async () => {
      const { orgId, adminToken } = await strictOrg();
      const m = await enrolled(orgId);
      const member = asMember(provider, m.sessionToken);
      const more = await member('POST', '/b2b/recovery_codes/recover', { organization_id: orgId, member_id: m.memberId, recovery_code: m.recoveryCodes[1], session_duration_minutes: 30 });
      assert.equal(more.status, 200, more.text);
      assert.deepEqual(
        more.json.data.member_session.authentication_factors.map((f: { type: string }) => f.type),
        ['otp', 'totp', 'recovery_code'],
      );
      assert.equal(more.json.data.member_session.member_session_id, m.sessionId, 'the same session, extended');
      assert.equal((await asMember(provider, adminToken)('PUT', '/b2b/organizations/me', { mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] })).status, 200);
      const refused = await member('POST', '/b2b/totp/authenticate', { organization_id: orgId, member_id: m.memberId, code: codeNow(m.secret), session_duration_minutes: 30 });
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.json.error_type, 'mfa_method_not_allowed');
    });
  });
}
