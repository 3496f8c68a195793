import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { generateKeyPair, SignJWT } from 'jose';
import { CLIENT_ID, CLIENT_SECRET, fakeIssuer } from './fake-oidc-issuer.ts';
import { databases, LOOPBACK_OUTBOUND, sdk, startTestProvider, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';

const LOGIN = 'http://app.test/authenticate.html';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

for (const kind of databases) {
  describe(`OAuth against an upstream OIDC issuer (${kind})`, () => {
    let provider: TestProvider;
    let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
    before(async () => {
      issuer = await fakeIssuer();
      provider = await startTestProvider(kind, {
        outbound: LOOPBACK_OUTBOUND,
        redirectUrls: [LOGIN],
        oauthClients: { google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: issuer.url } },
      });
    });
    after(async () => {
      await provider.destroy();
      await issuer.close();
    });

    const manual = (url: string) => fetch(url, { redirect: 'manual' });

    /** Start → issuer authorize → provider callback; returns each hop's response. */
    async function run(q: Record<string, string> = {}) {
      const start = await manual(`${provider.url}/v1/public/oauth/google/start?${new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: LOGIN, ...q })}`);
      assert.equal(start.status, 302, await start.clone().text());
      const authorize = new URL(start.headers.get('location')!);
      const approved = await manual(authorize.toString());
      const callback = await manual(approved.headers.get('location')!);
      return { authorize, callbackUrl: approved.headers.get('location')!, callback };
    }

    it('runs the authorization-code flow with PKCE and a nonce, then signs in with the single-use token', async () => {
      const email = uniqueEmail('upstream');
      issuer.as({ sub: 'google-sub-42', email, name: 'Ada Lovelace' });
      const ours = pkce();
      const { authorize, callback } = await run({ code_challenge: ours.challenge, provider_login_hint: email });
      assert.equal(`${authorize.origin}${authorize.pathname}`, `${issuer.url}/authorize`);
      assert.equal(authorize.searchParams.get('client_id'), CLIENT_ID);
      assert.equal(authorize.searchParams.get('redirect_uri'), `${provider.url}/v1/public/oauth/google/callback`);
      assert.equal(authorize.searchParams.get('response_type'), 'code');
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.notEqual(authorize.searchParams.get('code_challenge'), ours.challenge, 'the upstream gets its own PKCE pair');
      assert.equal(authorize.searchParams.get('scope'), 'openid email profile');
      assert.equal(authorize.searchParams.get('login_hint'), email);
      assert.ok(authorize.searchParams.get('nonce'));
      assert.equal(callback.status, 303, (await callback.clone().text()) + JSON.stringify(issuer.seen.tokenErrors));
      const back = new URL(callback.headers.get('location')!);
      assert.equal(`${back.origin}${back.pathname}`, LOGIN);
      assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');
      const res = await sdk(provider, 'POST', '/oauth/authenticate', { token: back.searchParams.get('token'), code_verifier: ours.verifier, session_duration_minutes: 30 });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.provider_subject, 'google-sub-42');
      assert.equal(res.json.data.provider_values.access_token, 'upstream-access');
      assert.match(res.json.data.provider_values.id_token, /^ey/);
      assert.equal(res.json.data.user.emails[0].email, email);
      assert.deepEqual(issuer.seen.tokenErrors, []);
      const again = await sdk(provider, 'POST', '/oauth/authenticate', { token: back.searchParams.get('token'), code_verifier: ours.verifier, session_duration_minutes: 30 });
      assert.equal(again.status, 404);
    });

    it('refuses a replayed callback and a callback with another state', async () => {
      const { callbackUrl, callback } = await run();
      assert.equal(callback.status, 303);
      const replay = await manual(callbackUrl);
      assert.equal(replay.status, 400);
      assert.equal(((await replay.json()) as { error_type: string }).error_type, 'oauth_state_not_found');
      const forged = new URL(callbackUrl);
      forged.searchParams.set('state', 'x'.repeat(43));
      assert.equal((await manual(forged.toString())).status, 400);
    });

    it("refuses an ID token whose nonce is not the flow's", async () => {
      issuer.badNonce('someone-elses-nonce');
      try {
        const { callback } = await run();
        assert.equal(callback.status, 502);
        assert.equal(((await callback.json()) as { error_type: string }).error_type, 'oauth_upstream_error');
      } finally {
        issuer.badNonce(undefined);
      }
    });

    it('passes an upstream refusal back to the login URL', async () => {
      const start = await manual(`${provider.url}/v1/public/oauth/google/start?${new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: LOGIN })}`);
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const res = await manual(`${provider.url}/v1/public/oauth/google/callback?${new URLSearchParams({ state, error: 'access_denied' })}`);
      assert.equal(res.status, 303);
      const back = new URL(res.headers.get('location')!);
      assert.equal(back.searchParams.get('error'), 'access_denied');
      assert.equal(back.searchParams.get('token'), null);
    });

    it("a person's browser whose sign-in fails goes back to the login URL with the refusal: the upstream's failure, a spent or forged state, the consent page posted twice", async () => {
      const html = { redirect: 'manual' as const, headers: { Accept: 'text/html' } };
      const refusal = (res: Response) => {
        assert.equal(res.status, 303);
        const u = new URL(res.headers.get('location')!);
        return { app: `${u.origin}${u.pathname}`, error: u.searchParams.get('error'), token: u.searchParams.get('token') };
      };
      // The upstream refuses the code exchange (a nonce not the flow's): back to the app, no token.
      issuer.badNonce('someone-elses-nonce');
      let callbackUrl: string;
      try {
        ({ callbackUrl } = await run());
      } finally {
        issuer.badNonce(undefined);
      }
      // The same callback again, from a person's browser: the state is spent.
      assert.deepEqual(refusal(await fetch(callbackUrl, html)), { app: LOGIN, error: 'oauth_state_not_found', token: null });
      // A program still gets the API's error shape.
      assert.equal((await manual(callbackUrl)).status, 400);
      // No app is known for a forged state: the project's default login URL stands in.
      const forged = new URL(callbackUrl);
      forged.searchParams.set('state', 'x'.repeat(43));
      assert.deepEqual(refusal(await fetch(forged.href, html)), { app: LOGIN, error: 'oauth_state_not_found', token: null });
      // An upstream error answered in the callback itself, from a browser.
      const start = await manual(`${provider.url}/v1/public/oauth/google/start?${new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: LOGIN })}`);
      const authorize = new URL(start.headers.get('location')!);
      const approved = new URL((await manual(authorize.toString())).headers.get('location')!);
      approved.searchParams.set('code', 'not-issued');
      assert.deepEqual(refusal(await fetch(approved.href, html)), { app: LOGIN, error: 'oauth_upstream_error', token: null });

      // The consent simulator (GitHub has no credentials here): a form posted again after the sign-in finished.
      const first = await manual(`${provider.url}/v1/public/oauth/github/start?${new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: LOGIN })}`);
      const page = new URL(first.headers.get('location')!, provider.url);
      const form = () => ({
        method: 'POST',
        redirect: 'manual' as const,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body: new URLSearchParams({ state: page.searchParams.get('state')!, email: uniqueEmail('twice'), decision: 'allow' }),
      });
      assert.equal((await fetch(`${provider.url}${page.pathname}`, form())).status, 303);
      assert.deepEqual(refusal(await fetch(`${provider.url}${page.pathname}`, form())), { app: LOGIN, error: 'oauth_state_not_found', token: null });
    });

    it('keeps the consent page for providers without credentials', async () => {
      const start = await manual(`${provider.url}/v1/public/oauth/github/start?${new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: LOGIN })}`);
      assert.equal(start.status, 302);
      assert.match(start.headers.get('location')!, /^\/v1\/public\/oauth\/github\/consent\?state=/);
    });

    describe('Google One Tap with the Google client configured', () => {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${provider.url}/v1/public/oauth/google/one_tap/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, json: (await res.json()) as Record<string, any> };
      };
      const start = async () => (await post('start', { public_token: TEST_TOKEN })).json.oauthCallbackId as string;

      it('starts with the Google client id, verifies the credential and answers the redirect URL with a single-use token', async () => {
        const started = await post('start', { public_token: TEST_TOKEN });
        assert.equal(started.status, 200);
        assert.equal(started.json.googleClientId, CLIENT_ID);
        const email = uniqueEmail('onetap');
        const credential = await issuer.credential({ sub: 'one-tap-sub', email, name: 'Grace Hopper' });
        const submit = { public_token: TEST_TOKEN, id_token: credential, oauth_callback_id: started.json.oauthCallbackId, login_redirect_url: LOGIN, signup_redirect_url: LOGIN };
        const res = await post('submit', submit);
        assert.equal(res.status, 200, JSON.stringify(res.json));
        const back = new URL(res.json.redirect_url);
        assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');
        const auth = await sdk(provider, 'POST', '/oauth/authenticate', { token: back.searchParams.get('token'), session_duration_minutes: 30 });
        assert.equal(auth.status, 200, auth.text);
        assert.equal(auth.json.data.provider_subject, 'one-tap-sub');
        assert.equal(auth.json.data.user.emails[0].email, email);
        const again = await post('submit', submit);
        assert.equal(again.status, 400);
        assert.equal(again.json.error_type, 'oauth_state_not_found');
      });

      it('refuses credentials for another audience, expired, or signed by another key, keeping the callback id', async () => {
        const id = await start();
        const other = (await generateKeyPair('RS256')).privateKey;
        const now = Math.floor(Date.now() / 1000);
        // Signed by another key for another audience: nothing about it may be trusted.
        const foreignToken = (claims: Record<string, unknown>) =>
          new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
            .setIssuer(issuer.url)
            .setAudience('someone-else')
            .setSubject('s')
            .setIssuedAt(now)
            .setExpirationTime(now + 300)
            .sign(other);
        const bad = [
          await foreignToken({ email: 'x@example.test' }),
          await foreignToken({}),
          await issuer.credential({ sub: 's', exp: now - 60 }),
          await issuer.credential({ sub: 's' }, other),
          'not.a.jwt',
        ];
        for (const id_token of bad) {
          const res = await post('submit', { public_token: TEST_TOKEN, id_token, oauth_callback_id: id, login_redirect_url: LOGIN });
          assert.equal(res.status, 401, JSON.stringify(res.json));
          assert.equal(res.json.error_type, 'invalid_id_token');
        }
        const good = await post('submit', { public_token: TEST_TOKEN, id_token: await issuer.credential({ sub: 's2', email: uniqueEmail() }), oauth_callback_id: id, login_redirect_url: LOGIN });
        assert.equal(good.status, 200);
      });

      it('answers bad input in the spec shape: token, redirect URL, missing fields', async () => {
        assert.equal((await post('start', { public_token: 'public-token-test-nope' })).json.error_type, 'invalid_public_token');
        const id = await start();
        const credential = await issuer.credential({ sub: 's3' });
        const off = await post('submit', { public_token: TEST_TOKEN, id_token: credential, oauth_callback_id: id, login_redirect_url: 'https://evil.test/' });
        assert.equal(off.status, 400);
        assert.equal(off.json.error_type, 'invalid_redirect_url');
        const missing = await post('submit', { public_token: TEST_TOKEN });
        assert.equal(missing.status, 400);
        assert.deepEqual(
          missing.json.body.map((i: { dataPath: string }) => i.dataPath),
          ['.id_token', '.oauth_callback_id'],
        );
      });
    });
  });
}
