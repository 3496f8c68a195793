import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, signInByEmailOtp, uniqueEmail, uniquePhone } from './harness.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';

/** The token of the newest link sent to `email`. */
async function linkToken(api: ServerApiSetup, email: string): Promise<string> {
  const [message] = await outbox(api.provider, email.toLowerCase());
  return new URL(message!.link!).searchParams.get('token')!;
}

async function lastCode(api: ServerApiSetup, to: string): Promise<string> {
  const [message] = await outbox(api.provider, to);
  return message!.code!;
}

for (const kind of databases) {
  describe(`server API: magic links through the official SDK (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind);
    });
    after(() => api.provider.destroy());

    it('login_or_create sends a link that authenticates once into a new session', async () => {
      const email = uniqueEmail();
      const sent = await api.client.magicLinks.email.loginOrCreate({ email, login_magic_link_url: REDIRECT, signup_magic_link_url: REDIRECT });
      assert.equal(sent.user_created, true);
      assert.match(sent.email_id, /^email-test-/);
      const token = await linkToken(api, email);
      const res = await api.client.magicLinks.authenticate({ token, session_duration_minutes: 60, attributes: { ip_address: '203.0.113.9', user_agent: 'Browser/1' } });
      assert.equal(res.user_id, sent.user_id);
      assert.equal(res.method_id, sent.email_id);
      assert.equal(res.session!.authentication_factors[0]!.type, 'magic_link');
      assert.deepEqual(res.session!.authentication_factors[0]!.email_factor, { email_id: sent.email_id, email_address: email.toLowerCase() });
      assert.deepEqual(res.session!.attributes, { ip_address: '203.0.113.9', user_agent: 'Browser/1' });
      assert.equal(res.user.emails[0]!.verified, true);
      const check = await api.client.sessions.authenticate({ session_token: res.session_token });
      assert.equal(check.session.session_id, res.session!.session_id);
      const reused = await stytchError(api.client.magicLinks.authenticate({ token, session_duration_minutes: 60 }));
      assert.equal(reused.status_code, 404);
      assert.equal(reused.error_type, 'unable_to_auth_magic_link');
      const again = await api.client.magicLinks.email.loginOrCreate({ email });
      assert.equal(again.user_created, false);
      assert.equal(again.user_id, sent.user_id);
    });

    it('authenticate without session_duration_minutes authenticates the user and starts no session', async () => {
      const email = uniqueEmail();
      const sent = await api.client.magicLinks.email.loginOrCreate({ email });
      const res = await api.client.magicLinks.authenticate({ token: await linkToken(api, email) });
      assert.equal(res.user_id, sent.user_id);
      assert.equal(res.session_token, '');
      assert.equal(res.session_jwt, '');
      assert.equal(res.session, null);
      assert.equal((await api.client.sessions.get({ user_id: sent.user_id })).sessions.length, 0);
    });

    it('adds the factor to the session it is given instead of starting another', async () => {
      const signedIn = await signInByEmailOtp(api.provider);
      const email = signedIn.user.emails[0].email as string;
      await api.client.magicLinks.email.loginOrCreate({ email });
      const res = await api.client.magicLinks.authenticate({ token: await linkToken(api, email), session_token: signedIn.session_token, session_duration_minutes: 30 });
      assert.equal(res.session!.session_id, signedIn.session.session_id);
      assert.deepEqual(res.session!.authentication_factors.map((f) => f.type).sort(), ['magic_link', 'otp']);
      const dead = await stytchError(api.client.magicLinks.authenticate({ token: 'x'.repeat(43), session_token: 'no-such-token', session_duration_minutes: 30 }));
      assert.equal(dead.error_type, 'session_not_found');
    });

    it('checks PKCE when the link was requested with a code_challenge', async () => {
      const email = uniqueEmail();
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      await api.client.magicLinks.email.loginOrCreate({ email, code_challenge: challenge });
      const token = await linkToken(api, email);
      const wrong = await stytchError(api.client.magicLinks.authenticate({ token, code_verifier: 'wrong-verifier', session_duration_minutes: 30 }));
      assert.equal(wrong.error_type, 'pkce_mismatch');
      const res = await api.client.magicLinks.authenticate({ token, code_verifier: verifier, session_duration_minutes: 30 });
      assert.ok(res.session_token);
    });

    it('a link is single-use under parallel redemption', async () => {
      const email = uniqueEmail();
      await api.client.magicLinks.email.loginOrCreate({ email });
      const token = await linkToken(api, email);
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => api.client.magicLinks.authenticate({ token, session_duration_minutes: 30 })));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as { error_type?: string }).error_type, 'unable_to_auth_magic_link');
    });

    it('invites a new user as pending with name and metadata; the invitation link activates them', async () => {
      const email = uniqueEmail('invitee');
      const res = await api.client.magicLinks.email.invite({ email, invite_magic_link_url: REDIRECT, name: { first_name: 'Grace' }, trusted_metadata: { team: 'ops' } });
      const user = await api.client.users.get({ user_id: res.user_id });
      assert.equal(user.status, 'pending');
      assert.equal(user.name!.first_name, 'Grace');
      assert.deepEqual(user.trusted_metadata, { team: 'ops' });
      const [message] = await outbox(api.provider, email);
      assert.match(message!.subject, /invited/);
      // A second invitation while still pending is a resend to the same user.
      const again = await api.client.magicLinks.email.invite({ email });
      assert.equal(again.user_id, res.user_id);
      const auth = await api.client.magicLinks.authenticate({ token: await linkToken(api, email), session_duration_minutes: 30 });
      assert.equal(auth.user.status, 'active');
      const active = await stytchError(api.client.magicLinks.email.invite({ email }));
      assert.equal(active.error_type, 'duplicate_email');
    });

    it('refuses bad input: email, redirect URL off the allow-list, missing token, wrong types', async () => {
      const badEmail = await stytchError(api.client.magicLinks.email.loginOrCreate({ email: 'nope' }));
      assert.equal(badEmail.status_code, 400);
      assert.equal(badEmail.error_type, 'invalid_request');
      const redirect = await stytchError(api.client.magicLinks.email.loginOrCreate({ email: uniqueEmail(), login_magic_link_url: 'https://evil.test/steal' }));
      assert.equal(redirect.error_type, 'invalid_redirect_url');
      const noToken = await v1(api, 'POST', '/magic_links/authenticate', { session_duration_minutes: 30 });
      assert.deepEqual(
        noToken.json!.body.map((i: { dataPath: string }) => i.dataPath),
        ['.token'],
      );
      const minutes = await stytchError(api.client.magicLinks.email.loginOrCreate({ email: uniqueEmail(), signup_expiration_minutes: 1 }));
      assert.equal(minutes.error_type, 'invalid_expiration');
      const invite = await v1(api, 'POST', '/magic_links/email/invite', { email: uniqueEmail(), untrusted_metadata: [] });
      assert.equal(invite.status, 400);
    });
  });

  describe(`server API: one-time passcodes through the official SDK (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind);
    });
    after(() => api.provider.destroy());

    for (const channel of ['sms', 'whatsapp', 'email'] as const) {
      it(`${channel}: login_or_create sends a code that authenticate turns into a session`, async () => {
        const to = channel === 'email' ? uniqueEmail() : uniquePhone();
        const otps = api.client.otps;
        const sent =
          channel === 'email'
            ? await otps.email.loginOrCreate({ email: to })
            : channel === 'sms'
              ? await otps.sms.loginOrCreate({ phone_number: to })
              : await otps.whatsapp.loginOrCreate({ phone_number: to });
        assert.equal(sent.user_created, true);
        const methodId = 'email_id' in sent ? sent.email_id : sent.phone_id;
        assert.match(methodId, channel === 'email' ? /^email-test-/ : /^phone-number-test-/);
        const code = await lastCode(api, to);
        const res = await otps.authenticate({ method_id: methodId, code, session_duration_minutes: 45 });
        assert.equal(res.user_id, sent.user_id);
        assert.equal(res.method_id, methodId);
        const factor = res.session!.authentication_factors[0]!;
        assert.equal(factor.delivery_method, channel);
        if (channel === 'email') assert.deepEqual(factor.email_factor, { email_id: methodId, email_address: to });
        else assert.deepEqual(factor.phone_number_factor, { phone_id: methodId, phone_number: to });
        const verified = channel === 'email' ? res.user.emails[0]!.verified : res.user.phone_numbers[0]!.verified;
        assert.equal(verified, true);
        const reused = await stytchError(otps.authenticate({ method_id: methodId, code, session_duration_minutes: 45 }));
        assert.equal(reused.status_code, 401);
        assert.equal(reused.error_type, 'otp_code_not_found');
      });
    }

    it('a pending user created by login_or_create becomes active on authenticate', async () => {
      const phone = uniquePhone();
      const sent = await api.client.otps.sms.loginOrCreate({ phone_number: phone, create_user_as_pending: true });
      assert.equal((await api.client.users.get({ user_id: sent.user_id })).status, 'pending');
      const res = await api.client.otps.authenticate({ method_id: sent.phone_id, code: await lastCode(api, phone) });
      assert.equal(res.session, null);
      assert.equal(res.user.status, 'active');
    });

    it('a code is single-use under parallel redemption, and wrong guesses are refused', async () => {
      const email = uniqueEmail();
      const sent = await api.client.otps.email.loginOrCreate({ email });
      const code = await lastCode(api, email);
      const wrong = await stytchError(api.client.otps.authenticate({ method_id: sent.email_id, code: code === '000000' ? '111111' : '000000', session_duration_minutes: 30 }));
      assert.equal(wrong.error_type, 'otp_code_not_found');
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => api.client.otps.authenticate({ method_id: sent.email_id, code, session_duration_minutes: 30 })));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    });

    it('sends at most three codes to one address in a burst (the limit browser sends have too), however many requests arrive at once', async () => {
      const email = uniqueEmail('limit');
      const results = await Promise.allSettled(Array.from({ length: 7 }, () => api.client.otps.email.loginOrCreate({ email })));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
      for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as { status_code: number }).status_code, 429);
      assert.equal((await outbox(api.provider, email)).length, 3);
    });

    it('refuses bad input: a phone that is not E.164, a code that is not 6 digits, a missing method id', async () => {
      const phone = await stytchError(api.client.otps.sms.loginOrCreate({ phone_number: '555' }));
      assert.equal(phone.error_type, 'invalid_phone_number');
      const code = await v1(api, 'POST', '/otps/authenticate', { method_id: 'phone-number-test-x', code: '12ab56' });
      assert.deepEqual(code.json!.body, [{ dataPath: '.code', message: 'must be 6 digits' }]);
      const method = await stytchError(api.client.otps.authenticate({ method_id: '', code: '123456' }));
      assert.equal(method.status_code, 400);
      const expiry = await stytchError(api.client.otps.email.loginOrCreate({ email: uniqueEmail(), expiration_minutes: 60 }));
      assert.equal(expiry.error_type, 'invalid_expiration');
    });
  });
}
