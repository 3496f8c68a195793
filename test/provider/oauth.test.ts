import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, TEST_TOKEN, TestClock, uniqueEmail, withSession, type TestProvider } from './harness.ts';

const LOGIN = 'http://app.test/authenticate.html';
const SIGNUP = 'http://app.test/welcome.html';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

for (const kind of databases) {
  describe(`OAuth (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [LOGIN, SIGNUP] }, clock);
    });
    after(() => provider.destroy());

    const startUrl = (p: string, q: Record<string, string>) => `${provider.url}/v1/public/oauth/${p}/start?${new URLSearchParams({ public_token: TEST_TOKEN, ...q })}`;

    /** Follows start to the consent page; returns its URL and HTML. */
    async function consent(p: string, q: Record<string, string>) {
      const start = await fetch(startUrl(p, q), { redirect: 'manual', headers: { Accept: 'text/html' } });
      assert.equal(start.status, 302, await start.clone().text());
      const url = new URL(start.headers.get('location')!, provider.url);
      const page = await fetch(url, { headers: { Accept: 'text/html' } });
      return { url, page, html: await page.text(), state: url.searchParams.get('state')! };
    }

    async function choose(p: string, state: string, fields: Record<string, string>) {
      return fetch(`${provider.url}/v1/public/oauth/${p}/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body: new URLSearchParams({ state, decision: 'allow', ...fields }),
      });
    }

    async function signIn(p: string, email: string, q: Record<string, string> = {}) {
      const { state } = await consent(p, { login_redirect_url: LOGIN, signup_redirect_url: SIGNUP, ...q });
      const res = await choose(p, state, { email, name: 'Ada Lovelace' });
      assert.equal(res.status, 303);
      return new URL(res.headers.get('location')!);
    }

    it('shows a consent page naming the simulated provider, locked down and labelled', async () => {
      const { page, html } = await consent('github', { login_redirect_url: LOGIN, custom_scopes: 'repo read:org' });
      assert.equal(page.status, 200);
      assert.match(html, /<title>Sign in with GitHub \(simulated\)<\/title>/);
      assert.match(html, /simulating GitHub/);
      assert.match(html, /openid email profile repo read:org/);
      assert.match(html, /<label for="email">Email<\/label>/);
      const csp = page.headers.get('content-security-policy')!;
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /default-src 'none'/);
      const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1]!;
      assert.ok(html.includes(`<style nonce="${nonce}">`));
      assert.match(csp, /form-action 'self' http:\/\/app\.test/);
    });

    it('redirects a new account to the signup URL and a known one to the login URL, with a single-use token', async () => {
      const email = uniqueEmail('oauth');
      const first = await signIn('google', email);
      assert.equal(`${first.origin}${first.pathname}`, SIGNUP);
      assert.equal(first.searchParams.get('stytch_token_type'), 'oauth');
      const token = first.searchParams.get('token')!;
      const res = await sdk(provider, 'POST', '/oauth/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      const d = res.json.data;
      assert.equal(d.provider_type, 'google');
      assert.match(d.provider_subject, /^simulated-/);
      assert.deepEqual(d.provider_values.scopes, ['openid', 'email', 'profile']);
      assert.equal(d.user.emails[0].email, email);
      assert.equal(d.user.emails[0].verified, true);
      assert.equal(d.user.name.first_name, 'Ada');
      assert.equal(d.user.providers[0].provider_type, 'google');
      assert.equal(d.session.authentication_factors[0].delivery_method, 'oauth_google');
      const again = await sdk(provider, 'POST', '/oauth/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(again.status, 404);
      assert.equal(again.json.error_type, 'oauth_token_not_found');
      const second = await signIn('google', email.toUpperCase());
      assert.equal(`${second.origin}${second.pathname}`, LOGIN);
      const res2 = await sdk(provider, 'POST', '/oauth/authenticate', { token: second.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(res2.json.data.user_id, d.user_id);
      // The same email through another provider is another account of the same user.
      const gh = await signIn('github', email);
      const res3 = await sdk(provider, 'POST', '/oauth/authenticate', { token: gh.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(res3.json.data.user_id, d.user_id);
      assert.deepEqual(
        res3.json.data.user.providers.map((x: any) => x.provider_type),
        ['google', 'github'],
      );
      // Unlinking one account leaves the other.
      const del = await sdk(provider, 'DELETE', `/users/oauth/${res3.json.data.oauth_user_registration_id}`, undefined, withSession(res3.json.data.session_token));
      assert.equal(del.status, 200, del.text);
      assert.deepEqual(
        del.json.data.user.providers.map((x: any) => x.provider_type),
        ['google'],
      );
      const gone = await sdk(provider, 'DELETE', `/users/oauth/${res3.json.data.oauth_user_registration_id}`, undefined, withSession(res3.json.data.session_token));
      assert.equal(gone.status, 404);
    });

    it("offers the accounts used before in this browser, and nobody else's", async () => {
      const email = uniqueEmail('known');
      const { state } = await consent('discord', { login_redirect_url: LOGIN });
      const res = await choose('discord', state, { email, name: 'Ada Lovelace' });
      const cookie = res.headers.get('set-cookie')!;
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Lax/i);
      const jar = cookie.split(';')[0]!;
      const start = await fetch(startUrl('discord', { login_redirect_url: LOGIN }), { redirect: 'manual' });
      const mine = await (await fetch(new URL(start.headers.get('location')!, provider.url), { headers: { Cookie: jar } })).text();
      assert.ok(mine.includes(`Continue as Ada Lovelace (${email})`));
      const { html: theirs } = await consent('discord', { login_redirect_url: LOGIN });
      assert.ok(!theirs.includes(email));
      // A tampered cookie is ignored, not rendered.
      const start2 = await fetch(startUrl('discord', { login_redirect_url: LOGIN }), { redirect: 'manual' });
      const bad = await fetch(new URL(start2.headers.get('location')!, provider.url), { headers: { Cookie: 'simulated_discord_accounts=%5B%7B%22email%22%3A%22%3Cscript%3E%22%7D%5D' } });
      assert.equal(bad.status, 200);
      assert.ok(!(await bad.text()).includes('<script>'));
    });

    it('checks the PKCE verifier when the flow was started with a challenge', async () => {
      const { verifier, challenge } = pkce();
      const back = await signIn('microsoft', uniqueEmail(), { code_challenge: challenge });
      const token = back.searchParams.get('token')!;
      const none = await sdk(provider, 'POST', '/oauth/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(none.status, 400);
      assert.equal(none.json.error_type, 'missing_pkce');
      const wrong = await sdk(provider, 'POST', '/oauth/authenticate', { token, code_verifier: pkce().verifier, session_duration_minutes: 30 });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.error_type, 'pkce_mismatch');
      const right = await sdk(provider, 'POST', '/oauth/authenticate', { token, code_verifier: verifier, session_duration_minutes: 30 });
      assert.equal(right.status, 200, right.text);
    });

    it('redeems a token once when two redemptions race, and not after 10 minutes', async () => {
      const token = (await signIn('slack', uniqueEmail())).searchParams.get('token')!;
      const all = await Promise.all([1, 2, 3, 4, 5].map(() => sdk(provider, 'POST', '/oauth/authenticate', { token, session_duration_minutes: 30 })));
      assert.deepEqual(all.map((r) => r.status).sort(), [200, 404, 404, 404, 404]);
      const late = (await signIn('slack', uniqueEmail())).searchParams.get('token')!;
      clock.advance(10 * 60_000 + 1000);
      const res = await sdk(provider, 'POST', '/oauth/authenticate', { token: late, session_duration_minutes: 30 });
      assert.equal(res.status, 404);
    });

    it('sweeps expired flow states and tokens when a new flow starts', { skip: kind !== 'postgres' && 'needs a second connection to the database' }, async () => {
      const { default: pg } = await import('pg');
      const db = new pg.Client({ connectionString: provider.databaseUrl });
      await db.connect();
      try {
        await consent('gitlab', { login_redirect_url: LOGIN });
        await signIn('gitlab', uniqueEmail());
        const count = async () => (await db.query('SELECT (SELECT count(*) FROM oauth_states)::int AS s, (SELECT count(*) FROM oauth_tokens)::int AS t')).rows[0];
        const before = await count();
        assert.ok(before.s >= 1 && before.t >= 1);
        clock.advance(10 * 60_000 + 1000);
        await consent('gitlab', { login_redirect_url: LOGIN });
        assert.deepEqual(await count(), { s: 1, t: 0 });
      } finally {
        await db.end();
      }
    });

    it('uses a consent state once and lets the user cancel', async () => {
      const { state } = await consent('apple', { login_redirect_url: LOGIN });
      const ok = await choose('apple', state, { email: uniqueEmail() });
      assert.equal(ok.status, 303);
      const racing = await consent('apple', { login_redirect_url: LOGIN });
      // A person's browser goes back to the app either way: once with the token, else with the refusal.
      const back = (r: Response) => {
        assert.equal(r.status, 303);
        const to = new URL(r.headers.get('location')!);
        assert.equal(`${to.origin}${to.pathname}`, LOGIN);
        return to.searchParams.get('token') ? 'token' : to.searchParams.get('error');
      };
      const both = await Promise.all([1, 2, 3].map(() => choose('apple', racing.state, { email: uniqueEmail() })));
      assert.deepEqual(both.map(back).sort(), ['oauth_state_not_found', 'oauth_state_not_found', 'token']);
      assert.equal(back(await choose('apple', state, { email: uniqueEmail() })), 'oauth_state_not_found');
      const c2 = await consent('apple', { login_redirect_url: LOGIN });
      const cancel = await choose('apple', c2.state, { decision: 'deny' });
      const to = new URL(cancel.headers.get('location')!);
      assert.equal(`${to.origin}${to.pathname}`, LOGIN);
      assert.equal(to.searchParams.get('error'), 'access_denied');
      assert.equal(to.searchParams.get('token'), null);
    });

    it('re-renders the consent page with an announced error for an invalid email', async () => {
      const { state } = await consent('gitlab', { login_redirect_url: LOGIN });
      const res = await choose('gitlab', state, { email: 'not-an-email', name: 'X' });
      assert.equal(res.status, 422);
      const html = await res.text();
      assert.match(html, /role="alert"[^>]*>Enter a valid email address\./);
      assert.match(html, /aria-invalid="true"/);
    });

    it('refuses a cross-site consent post', async () => {
      const { state } = await consent('figma', { login_redirect_url: LOGIN });
      const res = await fetch(`${provider.url}/v1/public/oauth/figma/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://evil.test' },
        body: new URLSearchParams({ state, decision: 'allow', email: uniqueEmail() }),
      });
      assert.equal(res.status, 403);
    });

    it('validates the start query: provider, token, redirect URLs, challenge, answering JSON or a page', async () => {
      const cases: Array<[string, Record<string, string>, number, string]> = [
        ['myspace', { login_redirect_url: LOGIN }, 404, 'oauth_provider_not_found'],
        ['google', { public_token: 'public-token-test-nope', login_redirect_url: LOGIN }, 401, 'invalid_public_token'],
        ['google', { login_redirect_url: 'http://evil.test/steal' }, 400, 'invalid_redirect_url'],
        ['google', { login_redirect_url: LOGIN, signup_redirect_url: `${SIGNUP}?x=1` }, 400, 'invalid_redirect_url'],
        ['google', { login_redirect_url: LOGIN, code_challenge: 'short' }, 400, 'invalid_code_challenge'],
      ];
      for (const [p, q, status, type] of cases) {
        const json = await fetch(startUrl(p, q), { redirect: 'manual' });
        assert.equal(json.status, status, `${p} ${JSON.stringify(q)}`);
        const body = (await json.json()) as Record<string, unknown>;
        assert.equal(body.error_type, type);
        assert.equal(body.status_code, status);
        assert.match(String(body.request_id), /^request-id-test-/);
        const page = await fetch(startUrl(p, q), { redirect: 'manual', headers: { Accept: 'text/html' } });
        assert.equal(page.status, status);
        assert.match(page.headers.get('content-type')!, /text\/html/);
        assert.match(page.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
        assert.ok((await page.text()).includes(type));
      }
      const missing = await fetch(`${provider.url}/v1/public/oauth/google/start`, { redirect: 'manual' });
      assert.equal(missing.status, 400);
      assert.deepEqual(
        ((await missing.json()) as { query: Array<{ dataPath: string }> }).query.map((i) => i.dataPath),
        ['.public_token'],
      );
    });

    it('answers bad authenticate input in the spec shape', async () => {
      const res = await sdk(provider, 'POST', '/oauth/authenticate', { token: '', session_duration_minutes: 30 });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.json.body.map((i: any) => i.dataPath),
        ['.token'],
      );
      const unknown = await sdk(provider, 'POST', '/oauth/authenticate', { token: 'nope', session_duration_minutes: 30 });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json.error_type, 'oauth_token_not_found');
    });
  });
}
