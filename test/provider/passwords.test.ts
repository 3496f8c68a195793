import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, withSession, type TestProvider } from './harness.ts';

const REDIRECT = 'http://app.test/reset-password.html';
const STRONG = 'quokka umbrella jazz wharf';

for (const kind of databases) {
  describe(`passwords (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT] }, clock);
    });
    after(() => provider.destroy());

    it('strength_check scores by zxcvbn and flags common passwords as breached', async () => {
      const weak = await sdk(provider, 'POST', '/passwords/strength_check', { email: 'a@b.test', password: 'password1' });
      assert.equal(weak.status, 200);
      assert.equal(weak.json.data.valid_password, false);
      assert.equal(weak.json.data.breached_password, true);
      assert.equal(weak.json.data.strength_policy, 'zxcvbn');
      const strong = await sdk(provider, 'POST', '/passwords/strength_check', { password: STRONG });
      assert.equal(strong.json.data.valid_password, true);
      assert.equal(strong.json.data.score, 4);
      const bad = await sdk(provider, 'POST', '/passwords/strength_check', { password: 12 });
      assert.equal(bad.status, 400);
    });

    it('creates a user with a password, then signs in with it', async () => {
      const email = uniqueEmail();
      const created = await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(created.status, 200, created.text);
      assert.ok(created.json.data.user.password.password_id);
      assert.equal((await sdk(provider, 'POST', '/users/search', { email })).json.data.userType, 'password');
      const dup = await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(dup.status, 400);
      const weak = await sdk(provider, 'POST', '/passwords', { email: uniqueEmail(), password: 'password', session_duration_minutes: 30 });
      assert.equal(weak.status, 400);
      const auth = await sdk(provider, 'POST', '/passwords/authenticate', { email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      assert.notEqual(auth.json.data.session_token, created.json.data.session_token);
    });

    it('answers a wrong password and an unknown email identically', async () => {
      const email = uniqueEmail();
      await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      const wrong = await sdk(provider, 'POST', '/passwords/authenticate', { email, password: 'nope nope nope', session_duration_minutes: 30 });
      const unknown = await sdk(provider, 'POST', '/passwords/authenticate', { email: uniqueEmail(), password: 'nope nope nope', session_duration_minutes: 30 });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, wrong.status);
      assert.equal(unknown.json.error_type, wrong.json.error_type);
      assert.equal(unknown.json.error_message, wrong.json.error_message);
    });

    it('locks an address after 10 consecutive failures', async () => {
      const email = uniqueEmail();
      await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      for (let i = 0; i < 10; i++) {
        assert.equal((await sdk(provider, 'POST', '/passwords/authenticate', { email, password: `wrong ${i}`, session_duration_minutes: 30 })).status, 401);
      }
      const locked = await sdk(provider, 'POST', '/passwords/authenticate', { email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(locked.status, 429);
      assert.ok(Number(locked.headers.get('retry-after')) > 3500);
    });

    it('resets by emailed link, by existing password and by session', async () => {
      const email = uniqueEmail();
      const created = await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      const start = await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: REDIRECT });
      assert.equal(start.status, 200, start.text);
      const [message] = await outbox(provider, email);
      const link = new URL(message!.link!);
      assert.equal(link.searchParams.get('stytch_token_type'), 'reset_password');
      const next = `${STRONG} and more`;
      const reset = await sdk(provider, 'POST', '/passwords/email/reset', { token: link.searchParams.get('token'), password: next, session_duration_minutes: 30 });
      assert.equal(reset.status, 200, reset.text);
      // The old session is signed out by the reset.
      assert.equal((await sdk(provider, 'GET', '/users/me', undefined, withSession(created.json.data.session_token))).status, 404);
      const reused = await sdk(provider, 'POST', '/passwords/email/reset', { token: link.searchParams.get('token'), password: next, session_duration_minutes: 30 });
      assert.equal(reused.status, 404);

      const third = `${next} again`;
      const existing = await sdk(provider, 'POST', '/passwords/existing_password/reset', { email, existing_password: next, new_password: third, session_duration_minutes: 30 });
      assert.equal(existing.status, 200, existing.text);
      const fourth = `${third} and once more`;
      const bySession = await sdk(provider, 'POST', '/passwords/session/reset', { password: fourth, session_duration_minutes: 30 }, withSession(existing.json.data.session_token));
      assert.equal(bySession.status, 200, bySession.text);
      assert.equal((await sdk(provider, 'POST', '/passwords/authenticate', { email, password: fourth, session_duration_minutes: 30 })).status, 200);
    });

    it('with login_redirect_url the reset email also carries a login link that signs in as a magic link', async () => {
      const email = uniqueEmail();
      await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      const refused = await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: REDIRECT, login_redirect_url: 'http://evil.test/' });
      assert.equal(refused.status, 400);
      const start = await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: REDIRECT, login_redirect_url: REDIRECT });
      assert.equal(start.status, 200, start.text);
      const [message] = await outbox(provider, email);
      const found = message!.text.match(/http:\/\/app\.test\/\S*stytch_token_type=login\S*/);
      assert.ok(found, message!.text);
      const login = new URL(found[0]);
      assert.equal(login.searchParams.get('token'), new URL(message!.link!).searchParams.get('token'));
      const signedIn = await sdk(provider, 'POST', '/magic_links/authenticate', { token: login.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(signedIn.status, 200, signedIn.text);
      // One token: once used to log in, it no longer resets the password.
      const reset = await sdk(provider, 'POST', '/passwords/email/reset', { token: login.searchParams.get('token'), password: `${STRONG} x`, session_duration_minutes: 30 });
      assert.equal(reset.status, 404);
    });

    it('after a first passwordless sign-in proves the address, the password must be reset (reset_password)', async () => {
      const email = uniqueEmail();
      await sdk(provider, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
      assert.equal((await sdk(provider, 'POST', '/passwords/authenticate', { email, password: STRONG, session_duration_minutes: 30 })).status, 200);
      await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: REDIRECT, signup_magic_link_url: REDIRECT });
      const [sent] = await outbox(provider, email);
      const token = new URL(sent!.link!).searchParams.get('token');
      assert.equal((await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 })).status, 200);

      const refused = await sdk(provider, 'POST', '/passwords/authenticate', { email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.json.error_type, 'reset_password');
      // A wrong password still reads as wrong: the flag says nothing to a guesser.
      assert.equal((await sdk(provider, 'POST', '/passwords/authenticate', { email, password: 'a wrong guess here', session_duration_minutes: 30 })).json.error_type, 'unauthorized_credentials');
      const byExisting = await sdk(provider, 'POST', '/passwords/existing_password/reset', { email, existing_password: STRONG, new_password: `${STRONG} 2`, session_duration_minutes: 30 });
      assert.equal(byExisting.json.error_type, 'reset_password');

      clock.advance(1000); // sends to one address are rate limited over a short window too
      await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: REDIRECT });
      const [reset] = await outbox(provider, email);
      const next = `${STRONG} renewed`;
      assert.equal((await sdk(provider, 'POST', '/passwords/email/reset', { token: new URL(reset!.link!).searchParams.get('token'), password: next, session_duration_minutes: 30 })).status, 200);
      assert.equal((await sdk(provider, 'POST', '/passwords/authenticate', { email, password: next, session_duration_minutes: 30 })).status, 200);
      // The address is proven now: later passwordless sign-ins leave the password alone.
      clock.advance(1000);
      await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: REDIRECT, signup_magic_link_url: REDIRECT });
      const [again] = await outbox(provider, email);
      await sdk(provider, 'POST', '/magic_links/authenticate', { token: new URL(again!.link!).searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal((await sdk(provider, 'POST', '/passwords/authenticate', { email, password: next, session_duration_minutes: 30 })).status, 200);
    });

    it('reset/start answers the same for an unknown address and sends nothing', async () => {
      const email = uniqueEmail();
      const res = await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: REDIRECT });
      assert.equal(res.status, 200);
      assert.deepEqual(await outbox(provider, email), []);
      const off = await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: 'http://evil.test/' });
      assert.equal(off.status, 400);
    });
  });
}
