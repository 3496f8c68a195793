import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, withSession, type TestProvider } from './harness.ts';

/*
 * Cross-device magic links (provider/services/link-requests.ts): the asking tab's request, the
 * link page's lookup and confirmation with the code, the asking tab's poll; single use and
 * approval under parallel requests; expiry, wrong codes, the poll's budget, the project's
 * `linkDeviceSignIn`. Official sends (no `link_request`) are unchanged (magic-links.test.ts).
 */
const REDIRECT = 'http://app.test/authenticate.html';

for (const kind of databases) {
  describe(`cross-device magic links (${kind})`, () => {
    let provider: TestProvider;
    let strict: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], magicLinkRequests: { pollsPerMinute: 1000 } }, clock);
      strict = await startTestProvider(kind, { redirectUrls: [REDIRECT], magicLinkRequests: { linkDeviceSignIn: false, codeAttempts: 3, pollsPerMinute: 3 } }, clock);
    });
    after(async () => {
      await provider.destroy();
      await strict.destroy();
    });

    async function ask(p: TestProvider = provider, extra: Record<string, unknown> = {}) {
      const email = uniqueEmail();
      const res = await sdk(p, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: REDIRECT, signup_magic_link_url: REDIRECT, link_request: true, ...extra });
      assert.equal(res.status, 200, res.text);
      const [message] = await outbox(p, email);
      const token = new URL(message!.link!).searchParams.get('token')!;
      const grant = res.json.data.link_request as { request_id: string; secret: string; code: string; expires_at: string };
      return { email, token, grant, userId: res.json.data.user_id as string };
    }
    const poll = (g: { request_id: string; secret: string }, p: TestProvider = provider) => sdk(p, 'POST', '/magic_links/link_requests/poll', { request_id: g.request_id, secret: g.secret });
    const confirm = (token: string, code: string, extra: Record<string, unknown> = {}, p: TestProvider = provider) => sdk(p, 'POST', '/magic_links/link_requests/confirm', { token, code, ...extra });
    const wrongCode = (code: string) => String((Number(code) + 1) % 1000).padStart(3, '0');

    it('answers a send with link_request with the request, its secret and a three-digit code; a send without it as before', async () => {
      const { grant } = await ask();
      assert.match(grant.request_id, /^link-request-test-/);
      assert.ok(Buffer.from(grant.secret, 'base64url').length >= 32);
      assert.match(grant.code, /^\d{3}$/);
      assert.ok(Date.parse(grant.expires_at) > clock.now().getTime());
      const plain = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email: uniqueEmail(), login_magic_link_url: REDIRECT });
      assert.equal(plain.status, 200, plain.text);
      assert.equal(plain.json.data.link_request, undefined);
    });

    it('signs in the asking tab once the link page confirms its code; the token is spent everywhere', async () => {
      const { token, grant, userId } = await ask();
      for (let i = 0; i < 2; i++) {
        const looked = await sdk(provider, 'POST', '/magic_links/link_requests/lookup', { token });
        assert.equal(looked.status, 200, looked.text);
        assert.deepEqual(looked.json.data.link_request, { expires_at: grant.expires_at, link_device_sign_in: true });
      }
      assert.equal((await poll(grant)).json.data.status, 'pending');
      const wrong = await confirm(token, wrongCode(grant.code));
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.error_type, 'invalid_link_code');
      assert.equal((await poll(grant)).json.data.status, 'pending');
      const ok = await confirm(token, grant.code);
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.json.data.status, 'approved');
      assert.equal(ok.json.data.session_token, undefined, 'the link device gets no session unless it asks');
      const won = await poll(grant);
      assert.equal(won.status, 200, won.text);
      assert.equal(won.json.data.status, 'approved');
      assert.equal(won.json.data.user_id, userId);
      assert.equal(won.json.data.session.authentication_factors[0].type, 'magic_link');
      const check = await sdk(provider, 'POST', '/sessions/authenticate', {}, withSession(won.json.data.session_token));
      assert.equal(check.status, 200, check.text);
      assert.equal((await poll(grant)).json.data.status, 'redeemed');
      assert.equal((await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 })).status, 404);
      assert.equal((await confirm(token, grant.code)).status, 404);
      assert.equal((await sdk(provider, 'POST', '/magic_links/link_requests/lookup', { token })).status, 404);
    });

    it('keeps the session from a poll without the secret', async () => {
      const { token, grant } = await ask();
      assert.equal((await confirm(token, grant.code)).status, 200);
      const stranger = await poll({ request_id: grant.request_id, secret: randomBytes(32).toString('base64url') });
      assert.equal(stranger.status, 404);
      assert.equal(stranger.json.error_type, 'link_request_not_found');
      assert.equal((await poll(grant)).json.data.status, 'approved');
    });

    it('signs in the link device too when it asks and the project allows it', async () => {
      const { token, grant, userId } = await ask();
      const here = await confirm(token, grant.code, { sign_in_here: true, session_duration_minutes: 30 });
      assert.equal(here.status, 200, here.text);
      assert.equal(here.json.data.user_id, userId);
      assert.ok(here.json.data.session_token);
      const there = await poll(grant);
      assert.equal(there.json.data.status, 'approved');
      assert.notEqual(there.json.data.session.session_id, here.json.data.session.session_id);
    });

    it('lets the link sign in its own device directly (the official authenticate), and tells the waiting tab', async () => {
      const { token, grant } = await ask();
      const direct = await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(direct.status, 200, direct.text);
      assert.equal((await poll(grant)).json.data.status, 'spent_elsewhere');
      assert.equal((await confirm(token, grant.code)).status, 404);
    });

    it('defers PKCE to the request secret: a link asked for with a challenge is confirmed without the verifier', async () => {
      const verifier = randomBytes(32).toString('hex');
      const { token, grant } = await ask(provider, { code_challenge: createHash('sha256').update(verifier).digest('base64url') });
      assert.equal((await confirm(token, grant.code)).status, 200);
      assert.equal((await poll(grant)).json.data.status, 'approved');
    });

    it("signs in the link's own device without the verifier only after the typed code, by design; a direct authenticate still needs it (issue 51)", async () => {
      const verifier = randomBytes(32).toString('hex');
      const challenge = { code_challenge: createHash('sha256').update(verifier).digest('base64url') };
      // The link alone, without the verifier, signs in nothing.
      const leaked = await ask(provider, challenge);
      const direct = await sdk(provider, 'POST', '/magic_links/authenticate', { token: leaked.token, session_duration_minutes: 30 });
      assert.equal(direct.status, 400, direct.text);
      assert.equal((await poll(leaked.grant)).json.data.status, 'pending', 'the refusal spends nothing');
      // Cross-device by design: the clicking device is not the asking browser and never holds the
      // verifier; the code shown on the asking tab, typed here, is what binds the two.
      const { token, grant } = await ask(provider, challenge);
      const wrong = await confirm(token, wrongCode(grant.code), { sign_in_here: true, session_duration_minutes: 30 });
      assert.equal(wrong.status, 400, wrong.text);
      const here = await confirm(token, grant.code, { sign_in_here: true, session_duration_minutes: 30 });
      assert.equal(here.status, 200, here.text);
      assert.ok(here.json.data.session_token);
      // The asking tab, bound by its request secret, gets its own session once.
      assert.equal((await poll(grant)).json.data.status, 'approved');
    });

    it('expires with its link', async () => {
      const { token, grant } = await ask(provider, { login_expiration_minutes: 5, signup_expiration_minutes: 5 });
      clock.advance(5 * 60_000 + 1000);
      assert.equal((await poll(grant)).json.data.status, 'expired');
      assert.equal((await confirm(token, grant.code)).status, 404);
      assert.equal((await sdk(provider, 'POST', '/magic_links/link_requests/lookup', { token })).status, 404);
    });

    it('keeps the link for the asking tab when the project says so, and burns it after codeAttempts wrong codes', async () => {
      const { token, grant } = await ask(strict);
      const looked = await sdk(strict, 'POST', '/magic_links/link_requests/lookup', { token });
      assert.equal(looked.json.data.link_request.link_device_sign_in, false);
      const direct = await sdk(strict, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(direct.status, 403);
      assert.equal(direct.json.error_type, 'link_request_confirmation_required');
      const here = await confirm(token, grant.code, { sign_in_here: true }, strict);
      assert.equal(here.status, 403);
      assert.equal((await poll(grant, strict)).json.data.status, 'pending', 'refusals spend nothing');

      const second = await ask(strict);
      const bad = wrongCode(second.grant.code);
      assert.equal((await confirm(second.token, bad, {}, strict)).status, 400);
      assert.equal((await confirm(second.token, bad, {}, strict)).status, 400);
      const last = await confirm(second.token, bad, {}, strict);
      assert.equal(last.status, 429);
      assert.equal(last.json.error_type, 'link_request_locked');
      assert.equal((await confirm(second.token, second.grant.code, {}, strict)).status, 404);
      assert.equal((await poll(second.grant, strict)).json.data.status, 'locked');
    });

    it('limits one request to pollsPerMinute polls, with Retry-After', async () => {
      const { grant } = await ask(strict);
      for (let i = 0; i < 3; i++) assert.equal((await poll(grant, strict)).status, 200);
      const over = await poll(grant, strict);
      assert.equal(over.status, 429);
      assert.ok(Number(over.headers.get('retry-after')) >= 1);
      clock.advance(61_000);
      assert.equal((await poll(grant, strict)).status, 200);
    });

    it('approves once and hands the session out once under parallel confirmations, authentications and polls', async () => {
      const { token, grant } = await ask();
      const racers = await Promise.all([
        ...Array.from({ length: 6 }, () => confirm(token, grant.code)),
        ...Array.from({ length: 2 }, () => sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 })),
      ]);
      const winners = racers.filter((r) => r.status === 200);
      assert.equal(winners.length, 1, racers.map((r) => r.status).join(','));
      assert.ok(
        racers.every((r) => r.status === 200 || r.status === 404),
        racers.map((r) => r.text).join('\n'),
      );
      const approved = racers.indexOf(winners[0]!) < 6;
      const polls = await Promise.all(Array.from({ length: 8 }, () => poll(grant)));
      const statuses = polls.map((r) => r.json.data.status).sort();
      if (approved) assert.deepEqual(statuses, ['approved', ...Array(7).fill('redeemed')]);
      else assert.deepEqual(statuses, Array(8).fill('spent_elsewhere'));
      assert.equal(polls.filter((r) => r.json.data.session_token).length, approved ? 1 : 0);
    });

    it('counts every wrong code under parallel guesses and burns the link at the limit', async () => {
      const { token, grant } = await ask(strict);
      const bad = wrongCode(grant.code);
      const guesses = await Promise.all(Array.from({ length: 8 }, () => confirm(token, bad, {}, strict)));
      const counts = guesses.map((r) => r.status).sort();
      assert.deepEqual(counts, [400, 400, 404, 404, 404, 404, 404, 429]);
      assert.equal((await confirm(token, grant.code, {}, strict)).status, 404);
    });
  });
}
