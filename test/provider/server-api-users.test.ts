import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from 'stytch';
import { databases, sdk, signInByEmailOtp, TestClock, uniqueEmail, uniquePhone, withSession } from './harness.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

for (const kind of databases) {
  describe(`server API: users through the official SDK (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      api = await startServerApi(kind, {}, clock);
    });
    after(() => api.provider.destroy());

    it('creates a user with email, phone, name and metadata, and gets it back', async () => {
      const email = uniqueEmail('Create');
      const phone = uniquePhone();
      const res = await api.client.users.create({
        email,
        phone_number: phone,
        name: { first_name: 'Ada', last_name: 'Lovelace' },
        trusted_metadata: { plan: 'pro' },
        untrusted_metadata: { theme: 'dark' },
      });
      assert.equal(res.status_code, 200);
      assert.match(res.user_id, /^user-test-/);
      assert.match(res.email_id, /^email-test-/);
      assert.match(res.phone_id, /^phone-number-test-/);
      assert.equal(res.status, 'active');
      assert.equal(res.user.emails[0]!.email, email.toLowerCase());
      const got = await api.client.users.get({ user_id: res.user_id });
      assert.equal(got.user_id, res.user_id);
      assert.deepEqual(got.name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
      assert.deepEqual(
        got.phone_numbers.map((p) => p.phone_number),
        [phone],
      );
      assert.deepEqual(got.trusted_metadata, { plan: 'pro' });
      assert.deepEqual(got.untrusted_metadata, { theme: 'dark' });
      const pending = await api.client.users.create({ email: uniqueEmail(), create_user_as_pending: true });
      assert.equal(pending.status, 'pending');
    });

    it('refuses a duplicate email, a bad phone and a body without email or phone', async () => {
      const email = uniqueEmail();
      await api.client.users.create({ email });
      const dup = await stytchError(api.client.users.create({ email: email.toUpperCase() }));
      assert.equal(dup.status_code, 400);
      assert.equal(dup.error_type, 'duplicate_email');
      const phone = await stytchError(api.client.users.create({ phone_number: '12' }));
      assert.equal(phone.error_type, 'invalid_phone_number');
      const none = await stytchError(api.client.users.create({ name: { first_name: 'x' } }));
      assert.equal(none.error_type, 'invalid_request');
      const badEmail = await v1(api, 'POST', '/users', { email: 'not-an-email' });
      assert.deepEqual(badEmail.json!.body, [{ dataPath: '.email', message: 'must be a valid email address' }]);
      const badMeta = await v1(api, 'POST', '/users', { email: uniqueEmail(), trusted_metadata: 'x' });
      assert.equal(badMeta.status, 400);
      const big = await stytchError(api.client.users.create({ email: uniqueEmail(), trusted_metadata: { blob: 'x'.repeat(5000) } }));
      assert.equal(big.error_type, 'invalid_metadata');
      const missing = await stytchError(api.client.users.get({ user_id: 'user-test-00000000-0000-0000-0000-000000000000' }));
      assert.equal(missing.status_code, 404);
      assert.equal(missing.error_type, 'user_not_found');
    });

    it('parallel creates with one email make exactly one user', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => api.client.users.create({ email })));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as { error_type: string }).error_type, 'duplicate_email');
    });

    it('updates the name and merges trusted and untrusted metadata (null removes a key)', async () => {
      const { user_id } = await api.client.users.create({ email: uniqueEmail(), trusted_metadata: { a: 1, b: 2 } });
      const res = await api.client.users.update({ user_id, name: { middle_name: 'Q' }, trusted_metadata: { b: null, c: 3 }, untrusted_metadata: { x: 'y' } });
      assert.equal(res.user_id, user_id);
      assert.equal(res.user.name!.middle_name, 'Q');
      assert.deepEqual(res.user.trusted_metadata, { a: 1, c: 3 });
      assert.deepEqual(res.user.untrusted_metadata, { x: 'y' });
      const missing = await stytchError(api.client.users.update({ user_id: 'user-test-nobody', name: { first_name: 'x' } }));
      assert.equal(missing.error_type, 'user_not_found');
      const bad = await v1(api, 'PUT', `/users/${user_id}`, { name: { first_name: 5 } });
      assert.deepEqual(bad.json!.body, [{ dataPath: '.name.first_name', message: 'must be a string' }]);
    });

    it('searches by email, phone, user id, status and created-at range, and pages with a cursor', async () => {
      const tag = `srch${Date.now()}`;
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        clock.advance(1000);
        made.push((await api.client.users.create({ email: `${tag}-${i}@example.test`, name: { first_name: tag } })).user_id);
      }
      const phone = uniquePhone();
      const byPhone = await api.client.users.create({ phone_number: phone, create_user_as_pending: true });
      const one = await api.client.users.search({ query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [`${tag}-2@example.test`] }] } });
      assert.deepEqual(
        one.results.map((u) => u.user_id),
        [made[2]],
      );
      assert.equal(one.results_metadata.total, 1);
      const phones = await api.client.users.search({ query: { operator: 'AND', operands: [{ filter_name: 'phone_number', filter_value: [phone] }] } });
      assert.deepEqual(
        phones.results.map((u) => u.user_id),
        [byPhone.user_id],
      );
      const ids = await api.client.users.search({
        query: {
          operator: 'OR',
          operands: [
            { filter_name: 'user_id', filter_value: [made[0]!] },
            { filter_name: 'user_id', filter_value: [made[4]!] },
          ],
        },
      });
      assert.deepEqual(
        ids.results.map((u) => u.user_id),
        [made[0], made[4]],
      );
      const pending = await api.client.users.search({
        query: {
          operator: 'AND',
          operands: [
            { filter_name: 'status', filter_value: 'pending' },
            { filter_name: 'phone_number_fuzzy', filter_value: phone.slice(2) },
          ],
        },
      });
      assert.deepEqual(
        pending.results.map((u) => u.user_id),
        [byPhone.user_id],
      );
      const created = await api.client.users.get({ user_id: made[1]! });
      const last = await api.client.users.get({ user_id: made[3]! });
      const range = await api.client.users.search({
        query: {
          operator: 'AND',
          operands: [
            { filter_name: 'created_at_between', filter_value: { greater_than: created.created_at!, less_than: last.created_at! } },
            { filter_name: 'full_name_fuzzy', filter_value: tag },
          ],
        },
      });
      assert.deepEqual(
        range.results.map((u) => u.user_id),
        [made[2]],
      );
      // Pages of two over the five tagged users, through the SDK's own iterator.
      const pages: User[][] = [];
      for await (const page of api.client.users.searchAll({ limit: 2, query: { operator: 'AND', operands: [{ filter_name: 'email_address_fuzzy', filter_value: tag }] } })) pages.push(page);
      assert.deepEqual(
        pages.map((p) => p.length),
        [2, 2, 1],
      );
      assert.deepEqual(
        pages.flat().map((u) => u.user_id),
        made,
      );
      const bad = await stytchError(api.client.users.search({ query: { operator: 'AND', operands: [{ filter_name: 'favourite_colour', filter_value: 'red' }] } }));
      assert.equal(bad.status_code, 400);
      const badCursor = await stytchError(api.client.users.search({ cursor: 'nonsense' }));
      assert.equal(badCursor.error_type, 'invalid_cursor');
      const badDate = await stytchError(api.client.users.search({ query: { operator: 'AND', operands: [{ filter_name: 'created_at_greater_than', filter_value: 'yesterday' }] } }));
      assert.equal(badDate.status_code, 400);
    });

    it('deletes a user and ends every session it had', async () => {
      const s1 = await signInByEmailOtp(api.provider);
      const s2 = await signInByEmailOtp(api.provider, s1.user.emails[0].email);
      const res = await api.client.users.delete({ user_id: s1.user_id });
      assert.equal(res.user_id, s1.user_id);
      for (const s of [s1, s2]) {
        const err = await stytchError(api.client.sessions.authenticate({ session_token: s.session_token }));
        assert.equal(err.error_type, 'session_not_found');
        const browser = await sdk(api.provider, 'GET', '/users/me', undefined, withSession(s.session_token));
        assert.equal(browser.status, 404);
      }
      assert.equal((await api.client.sessions.get({ user_id: s1.user_id })).sessions.length, 0);
      const gone = await stytchError(api.client.users.get({ user_id: s1.user_id }));
      assert.equal(gone.error_type, 'user_not_found');
      const again = await stytchError(api.client.users.delete({ user_id: s1.user_id }));
      assert.equal(again.status_code, 404);
    });

    it('deletes each kind of factor by its id', async () => {
      const email = uniqueEmail();
      const created = await api.client.users.create({ email, phone_number: uniquePhone() });
      const afterPhone = await api.client.users.deletePhoneNumber({ phone_id: created.phone_id });
      assert.equal(afterPhone.user_id, created.user_id);
      assert.deepEqual(afterPhone.user.phone_numbers, []);
      const afterEmail = await api.client.users.deleteEmail({ email_id: created.email_id });
      assert.deepEqual(afterEmail.user.emails, []);
      // A password set through the browser API, then removed by the backend.
      const pwEmail = uniqueEmail();
      const signUp = await sdk(api.provider, 'POST', '/passwords', { email: pwEmail, password: 'velvet quokka jumps wharf', session_duration_minutes: 30 });
      assert.equal(signUp.status, 200, signUp.text);
      const passwordId = signUp.json.data.user.password.password_id as string;
      const afterPassword = await api.client.users.deletePassword({ password_id: passwordId });
      assert.equal(afterPassword.user.password, null);
      const login = await sdk(api.provider, 'POST', '/passwords/authenticate', { email: pwEmail, password: 'velvet quokka jumps wharf', session_duration_minutes: 30 });
      assert.equal(login.status, 401);
      // An authenticator app enrolled through the browser API, then removed by the backend.
      const signedIn = await signInByEmailOtp(api.provider);
      const totp = await sdk(api.provider, 'POST', '/totps', { expiration_minutes: 10 }, withSession(signedIn.session_token));
      assert.equal(totp.status, 200, totp.text);
      const afterTotp = await api.client.users.deleteTOTP({ totp_id: totp.json.data.totp_id });
      assert.equal(afterTotp.user_id, signedIn.user_id);
      assert.deepEqual(afterTotp.user.totps, []);
      for (const [call, type] of [
        [() => api.client.users.deleteEmail({ email_id: created.email_id }), 'email_not_found'],
        [() => api.client.users.deleteTOTP({ totp_id: 'totp-test-none' }), 'totp_not_found'],
        [() => api.client.users.deleteWebAuthnRegistration({ webauthn_registration_id: 'webauthn-registration-test-none' }), 'webauthn_registration_not_found'],
        [() => api.client.users.deleteCryptoWallet({ crypto_wallet_id: 'crypto-wallet-test-none' }), 'crypto_wallet_not_found'],
        [() => api.client.users.deleteOAuthRegistration({ oauth_user_registration_id: 'oauth-user-registration-test-none' }), 'oauth_user_registration_not_found'],
        [() => api.client.users.deleteBiometricRegistration({ biometric_registration_id: 'biometric-registration-test-none' }), 'biometric_registration_not_found'],
        [() => api.client.users.deletePassword({ password_id: passwordId }), 'password_not_found'],
      ] as const) {
        const err = await stytchError(call());
        assert.equal(err.status_code, 404);
        assert.equal(err.error_type, type);
      }
    });
  });
}
