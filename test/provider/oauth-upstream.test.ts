import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { databases, sdk, startTestProvider, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';

const LOGIN = 'http://app.test/authenticate.html';
const CLIENT_ID = 'widget-client';
const CLIENT_SECRET = 'widget-secret';

/**
 * A tiny OpenID Connect issuer: discovery, an authorize endpoint that approves at once as
 * the current test account, and a token endpoint that checks client credentials, the
 * redirect URI and the PKCE verifier before issuing an ID token.
 */
async function fakeIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string; account: Account }>();
  const seen: { authorize: URLSearchParams[]; tokenErrors: string[] } = { authorize: [], tokenErrors: [] };
  type Account = { sub: string; email: string; name: string };
  let account: Account = { sub: 'sub-1', email: 'a@example.test', name: 'Ada Lovelace' };
  let nonceOverride: string | undefined;
  let url = '';
  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', url);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (u.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (u.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (u.pathname === '/authorize') {
      seen.authorize.push(u.searchParams);
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: u.searchParams.get('code_challenge')!, redirectUri: u.searchParams.get('redirect_uri')!, nonce: u.searchParams.get('nonce')!, account });
      const back = new URL(u.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', u.searchParams.get('state')!);
      return res.writeHead(302, { Location: back.toString() }).end();
    }
    if (u.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const fail = (why: string) => (seen.tokenErrors.push(why), json(400, { error: 'invalid_grant', error_description: why }));
      // RFC 6749 §2.3.1: id and secret are form-urlencoded before the Basic encoding.
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map((x) => decodeURIComponent(x));
      if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return fail('client authentication');
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant) return fail('unknown code');
      if (form.get('redirect_uri') !== grant.redirectUri) return fail('redirect_uri');
      if (createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') !== grant.challenge) return fail('pkce');
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ email: grant.account.email, email_verified: true, name: grant.account.name, nonce: nonceOverride ?? grant.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(url)
        .setAudience(CLIENT_ID)
        .setSubject(grant.account.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
      return json(200, { access_token: 'upstream-access', token_type: 'Bearer', expires_in: 3600, id_token: idToken, scope: 'openid email profile' });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    as(a: Account) {
      account = a;
    },
    badNonce(n: string | undefined) {
      nonceOverride = n;
    },
    /** A credential as Google One Tap hands it to the page: an ID token for this client. */
    credential(claims: JWTPayload, key = privateKey) {
      const now = Math.floor(Date.now() / 1000);
      const { exp: _exp, ...rest } = claims;
      return new SignJWT({ email_verified: true, ...rest })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(url)
        .setAudience(CLIENT_ID)
        .setIssuedAt(now)
        .setExpirationTime(claims.exp ?? now + 300)
        .sign(key);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

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
      provider = await startTestProvider(kind, { redirectUrls: [LOGIN], oauthClients: { google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: issuer.url } } });
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

    it('refuses an ID token whose nonce is not the flow\'s', async () => {
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
        const bad = [
          await new SignJWT({ email: 'x@example.test' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer.url).setAudience('someone-else').setSubject('s').setIssuedAt(now).setExpirationTime(now + 300).sign(other),
          await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer.url).setAudience('someone-else').setSubject('s').setIssuedAt(now).setExpirationTime(now + 300).sign(other),
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
        assert.deepEqual(missing.json.body.map((i: { dataPath: string }) => i.dataPath), ['.id_token', '.oauth_callback_id']);
      });
    });
  });
}
