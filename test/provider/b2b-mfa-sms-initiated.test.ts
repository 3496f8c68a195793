import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as OTPAuth from 'otpauth';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';
import { databases, outbox, sdk, startTestProvider, uniqueEmail, uniquePhone, type TestProvider } from './harness.ts';

/*
 * A member whose second factor is SMS is sent the code by primary authentication itself
 * (mfa_required.secondary_auth_initiated: 'sms_otp'), under the same send limits as
 * /b2b/otps/sms/send: sign-ins within the window do not send past them.
 */

const PASSWORD = 'plum quiver jackdaw nymph';
const PER_PHONE = 4;

for (const kind of databases) {
  describe(`B2B MFA: primary authentication starts the SMS factor (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      // Four sends per number in the window; the rest wide, so only that limit is met.
      provider = await startTestProvider(kind, { sendLimits: { perAddress: PER_PHONE, burstPerAddress: 1000, perIp: 10_000 } });
    });
    after(() => provider.destroy());

    const byPassword = (orgId: string, email: string) =>
      sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: orgId, email_address: email, password: PASSWORD, session_duration_minutes: 30 });
    const factorsOf = (data: { member_session: { authentication_factors: Array<{ type: string; delivery_method: string }> } }) =>
      data.member_session.authentication_factors.map((f) => `${f.type}/${f.delivery_method}`);

    it('sends the code with the primary answer to a member enrolled by SMS, and never past the send limits, also in parallel', async () => {
      const admin = uniqueEmail('sms-admin');
      const org = await createOrganization(provider, admin, {
        organization_name: 'SMS Co',
        organization_slug: uniqueSlug('sms'),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const orgId: string = org.organization.organization_id;
      assert.equal((await asMember(provider, org.session_token)('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' })).status, 200);

      // A new member's first sign-in: no phone yet, so nothing is initiated; they enrol one.
      const email = uniqueEmail('sms-member');
      const phone = uniquePhone();
      assert.equal((await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: orgId, email_address: email })).status, 200);
      const [mail] = await outbox(provider, email);
      const first = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: orgId, email_address: email, code: mail!.code, session_duration_minutes: 30 });
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.json.data.mfa_required, { member_options: null, secondary_auth_initiated: null });
      const memberId: string = first.json.data.member_id;
      const ref = { organization_id: orgId, member_id: memberId };
      assert.equal((await sdk(provider, 'POST', '/b2b/otps/sms/send', { ...ref, mfa_phone_number: phone, intermediate_session_token: first.json.data.intermediate_session_token })).status, 200);
      const [enrolCode] = await outbox(provider, phone);
      const enrolled = await sdk(provider, 'POST', '/b2b/otps/sms/authenticate', {
        ...ref,
        code: enrolCode!.code,
        session_duration_minutes: 30,
        intermediate_session_token: first.json.data.intermediate_session_token,
      });
      assert.equal(enrolled.status, 200, enrolled.text);
      assert.equal((await asMember(provider, enrolled.json.data.session_token)('POST', '/b2b/passwords/session/reset', { password: PASSWORD })).status, 200);

      // The next primary sign-in sends the code itself; it completes the member session.
      const next = await byPassword(orgId, email);
      assert.equal(next.status, 200, next.text);
      assert.equal(next.json.data.member_authenticated, false);
      assert.deepEqual(next.json.data.mfa_required, { member_options: { mfa_phone_number: phone, totp_registration_id: '' }, secondary_auth_initiated: 'sms_otp' });
      const sent = await outbox(provider, phone);
      assert.equal(sent.length, 2);
      assert.match(sent[0]!.code!, /^\d{6}$/);
      const done = await sdk(provider, 'POST', '/b2b/otps/sms/authenticate', {
        ...ref,
        code: sent[0]!.code,
        session_duration_minutes: 30,
        intermediate_session_token: next.json.data.intermediate_session_token,
      });
      assert.equal(done.status, 200, done.text);
      const factors = factorsOf(done.json.data);
      assert.equal(factors.length, 2, factors.join());
      assert.match(factors[0]!, /^password\//);
      assert.equal(factors[1], 'otp/sms');

      // Two sends are left in the window: of four parallel sign-ins, two initiate and two answer null.
      const racing = await Promise.all(Array.from({ length: 4 }, () => byPassword(orgId, email)));
      assert.ok(
        racing.every((r) => r.status === 200 && r.json.data.member_authenticated === false),
        racing.map((r) => r.text).join('\n'),
      );
      const initiated = racing.map((r) => r.json.data.mfa_required.secondary_auth_initiated).sort();
      assert.deepEqual(initiated, ['sms_otp', 'sms_otp', null, null].sort());
      assert.equal((await outbox(provider, phone)).length, PER_PHONE);
      // The limit holds for the explicit send and for another sign-in in the window.
      const explicit = await sdk(provider, 'POST', '/b2b/otps/sms/send', { ...ref, intermediate_session_token: racing[0]!.json.data.intermediate_session_token });
      assert.equal(explicit.status, 429, explicit.text);
      const later = await byPassword(orgId, email);
      assert.equal(later.json.data.mfa_required.secondary_auth_initiated, null);
      assert.equal((await outbox(provider, phone)).length, PER_PHONE);
    });

    it('does not send when the member prefers an authenticator, or the organization does not allow SMS', async () => {
      const admin = uniqueEmail('sms-admin');
      const org = await createOrganization(provider, admin, {
        organization_name: 'TOTP Co',
        organization_slug: uniqueSlug('totp'),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const orgId: string = org.organization.organization_id;
      const asAdmin = asMember(provider, org.session_token);
      assert.equal((await asAdmin('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' })).status, 200);
      const email = uniqueEmail('sms-member');
      const phone = uniquePhone();
      assert.equal((await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: orgId, email_address: email })).status, 200);
      const [mail] = await outbox(provider, email);
      const first = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: orgId, email_address: email, code: mail!.code, session_duration_minutes: 30 });
      const ref = { organization_id: orgId, member_id: first.json.data.member_id as string };
      assert.equal((await sdk(provider, 'POST', '/b2b/otps/sms/send', { ...ref, mfa_phone_number: phone, intermediate_session_token: first.json.data.intermediate_session_token })).status, 200);
      const [code] = await outbox(provider, phone);
      const enrolled = await sdk(provider, 'POST', '/b2b/otps/sms/authenticate', {
        ...ref,
        code: code!.code,
        session_duration_minutes: 30,
        intermediate_session_token: first.json.data.intermediate_session_token,
      });
      assert.equal(enrolled.status, 200, enrolled.text);
      assert.equal((await asMember(provider, enrolled.json.data.session_token)('POST', '/b2b/passwords/session/reset', { password: PASSWORD })).status, 200);
      // The organization allows only authenticator apps now: no SMS is sent.
      assert.equal((await asAdmin('PUT', '/b2b/organizations/me', { mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['totp'] })).status, 200);
      const restricted = await byPassword(orgId, email);
      assert.equal(restricted.status, 200, restricted.text);
      assert.equal(restricted.json.data.mfa_required.secondary_auth_initiated, null);
      assert.equal((await outbox(provider, phone)).length, 1);
      // Allowed again, the SMS member is sent a code; once an authenticator is their default, not.
      assert.equal((await asAdmin('PUT', '/b2b/organizations/me', { mfa_methods: 'ALL_ALLOWED' })).status, 200);
      const allowed = await byPassword(orgId, email);
      assert.equal(allowed.json.data.mfa_required.secondary_auth_initiated, 'sms_otp', allowed.text);
      assert.equal((await outbox(provider, phone)).length, 2);
      const asSelf = asMember(provider, enrolled.json.data.session_token);
      const totp = await asSelf('POST', '/b2b/totp', ref);
      assert.equal(totp.status, 200, totp.text);
      const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.json.data.secret), digits: 6, period: 30, algorithm: 'SHA1' });
      const preferred = await asSelf('POST', '/b2b/totp/authenticate', { ...ref, code: app.generate(), set_default_mfa: true, session_duration_minutes: 30 });
      assert.equal(preferred.status, 200, preferred.text);
      assert.equal(preferred.json.data.member.default_mfa_method, 'totp');
      const withApp = await byPassword(orgId, email);
      assert.equal(withApp.json.data.mfa_required.secondary_auth_initiated, null, withApp.text);
      assert.equal(withApp.json.data.mfa_required.member_options.mfa_phone_number, phone);
      assert.equal((await outbox(provider, phone)).length, 2);
    });
  });
}
