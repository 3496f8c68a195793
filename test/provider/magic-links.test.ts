import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';

function pkce() {
  const verifier = randomBytes(32).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

for (const kind of databases) {
  describe(`magic links (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT] }, clock);
    });
    after(() => provider.destroy());

    async function send(email: string, extra: Record<string, unknown> = {}) {
      const res = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: REDIRECT, signup_magic_link_url: REDIRECT, ...extra });
      assert.equal(res.status, 200, res.text);
      const [message] = await outbox(provider, email);
      const link = new URL(message!.link!);
      return { data: res.json.data, link, token: link.searchParams.get('token')! };
    }

    it('emails a link to the allowed redirect URL that signs the user in once', async () => {
      const email = uniqueEmail();
      const { data, link, token } = await send(email);
      assert.equal(data.user_created, true);
      assert.match(data.email_id, /^email-test-/);
      assert.equal(`${link.origin}${link.pathname}`, REDIRECT);
      assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
      assert.ok(Buffer.from(token, 'base64url').length >= 16);
      const res = await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.user_id, data.user_id);
      assert.equal(res.json.data.session.authentication_factors[0].type, 'magic_link');
      const reused = await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(reused.status, 404);
      assert.equal(reused.json.error_type, 'unable_to_auth_magic_link');
    });

    it('enforces PKCE S256 when the link was requested with a challenge', async () => {
      const { verifier, challenge } = pkce();
      const { token } = await send(uniqueEmail(), { code_challenge: challenge });
      const none = await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(none.status, 400);
      const wrong = await sdk(provider, 'POST', '/magic_links/authenticate', { token, code_verifier: pkce().verifier, session_duration_minutes: 30 });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.error_type, 'pkce_mismatch');
      const right = await sdk(provider, 'POST', '/magic_links/authenticate', { token, code_verifier: verifier, session_duration_minutes: 30 });
      assert.equal(right.status, 200, right.text);
    });

    it('refuses a redirect URL off the allow-list, unknown and expired tokens', async () => {
      const off = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email: uniqueEmail(), login_magic_link_url: 'http://evil.test/steal' });
      assert.equal(off.status, 400);
      assert.equal(off.json.error_type, 'invalid_redirect_url');
      const unknown = await sdk(provider, 'POST', '/magic_links/authenticate', { token: 'nope', session_duration_minutes: 30 });
      assert.equal(unknown.status, 404);
      const { token } = await send(uniqueEmail(), { login_expiration_minutes: 10, signup_expiration_minutes: 10 });
      clock.advance(11 * 60_000);
      const expired = await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(expired.status, 404);
      const missing = await sdk(provider, 'POST', '/magic_links/authenticate', { session_duration_minutes: 30 });
      assert.equal(missing.status, 400);
      assert.equal(missing.json.body[0].dataPath, '.token');
    });
  });
}
