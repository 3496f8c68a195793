import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, signInByEmailOtp, TestClock, withSession } from './harness.ts';
import { claimsOf, codeFor, makeClient, oauthPost, pkce, submit } from './connected-apps-support.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

for (const kind of databases) {
  describe(`connected apps: the authorization server, from consent to tokens (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { authorizationUrl: 'https://site.example/oauth/authorize', customScopes: [{ scope: 'read:notes', description: 'Read your notes' }] } }, clock);
    });
    after(() => api.provider.destroy());

    it("discovery names the consent page, S256, iss on the response, the grant types and this provider's endpoints, at both well-known paths", async () => {
      for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
        const res = await fetch(`${api.provider.url}${path}`, { headers: { Origin: 'https://agent.example' } });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('access-control-allow-origin'), '*');
        const doc = (await res.json()) as Record<string, any>;
        assert.equal(doc.issuer, api.provider.url);
        assert.equal(doc.authorization_endpoint, 'https://site.example/oauth/authorize');
        assert.equal(doc.token_endpoint, `${api.provider.url}/v1/oauth2/token`);
        assert.deepEqual(doc.code_challenge_methods_supported, ['S256']);
        assert.equal(doc.authorization_response_iss_parameter_supported, true);
        assert.equal(doc.client_id_metadata_document_supported, false);
        assert.deepEqual(doc.grant_types_supported, ['authorization_code', 'refresh_token']);
        assert.ok(doc.scopes_supported.includes('read:notes') && doc.scopes_supported.includes('offline_access'));
        const jwks = (await (await fetch(doc.jwks_uri)).json()) as { keys: unknown[] };
        assert.ok(jwks.keys.length >= 1);
      }
    });

    it('start (browser) answers the user, the client, consent_required and scope_results; a third-party client is asked once, then not', async () => {
      const client = await makeClient(api, 'third_party', { client_description: 'Partner', logo_url: 'https://app.example/logo.png' });
      const s = await signInByEmailOtp(api.provider);
      const request = {
        client_id: client.client_id,
        redirect_uri: 'https://app.example/cb',
        response_type: 'code',
        scopes: ['openid', 'email', 'read:notes', 'full_access', 'made:up'],
        state: 'x',
        nonce: 'y',
      };
      const start = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', request, withSession(s.session_token));
      assert.equal(start.status, 200, start.text);
      const data = start.json.data;
      assert.equal(data.user_id, s.user_id);
      assert.equal(data.user.user_id, s.user_id);
      assert.deepEqual(data.client, {
        client_id: client.client_id,
        client_type: 'third_party',
        client_name: 'App third_party',
        client_description: 'Partner',
        client_logo_url: 'https://app.example/logo.png',
      });
      assert.equal(data.consent_required, true);
      const results = Object.fromEntries((data.scope_results as Array<{ scope: string; is_grantable: boolean; description: string }>).map((r) => [r.scope, r]));
      assert.equal(results.openid!.is_grantable, true);
      assert.equal(results['read:notes']!.description, 'Read your notes');
      assert.equal(results.full_access!.is_grantable, false, 'the client is not allowed full access');
      assert.equal(results['made:up']!.is_grantable, false);
      const granted = await submit(api, s.session_token, request);
      assert.equal(granted.redirect!.searchParams.get('state'), 'x');
      assert.equal(granted.redirect!.searchParams.get('iss'), api.provider.url);
      assert.equal(granted.json.data.authorization_code, granted.code);
      const again = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', request, withSession(s.session_token));
      assert.equal(again.json.data.consent_required, false, 'a grant already given');
      const more = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', { ...request, scopes: ['openid', 'phone'] }, withSession(s.session_token));
      assert.equal(more.json.data.consent_required, true, 'a scope not granted before');
      const forced = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', { ...request, prompt: 'consent' }, withSession(s.session_token));
      assert.equal(forced.json.data.consent_required, true);
      const noSession = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', request);
      assert.equal(noSession.status, 401);
    });

    it('a first-party client needs no consent: the element submits with consent_granted false and still gets a code', async () => {
      const client = await makeClient(api, 'first_party');
      const s = await signInByEmailOtp(api.provider);
      const request = { client_id: client.client_id, redirect_uri: 'https://app.example/cb', scopes: ['openid'] };
      const start = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', request, withSession(s.session_token));
      assert.equal(start.json.data.consent_required, false);
      const res = await submit(api, s.session_token, { ...request, consent_granted: false });
      assert.ok(res.code);
    });

    it('a denial of a needed consent redirects with access_denied, the state and iss, and no code', async () => {
      const client = await makeClient(api, 'third_party');
      const s = await signInByEmailOtp(api.provider);
      const res = await submit(api, s.session_token, { client_id: client.client_id, redirect_uri: 'https://app.example/cb', scopes: ['openid'], consent_granted: false, state: 'abc' });
      assert.equal(res.code, undefined);
      assert.equal(res.json.data.authorization_code, undefined);
      assert.equal(res.redirect!.searchParams.get('error'), 'access_denied');
      assert.equal(res.redirect!.searchParams.get('state'), 'abc');
      assert.equal(res.redirect!.searchParams.get('iss'), api.provider.url);
      const silent = await submit(api, s.session_token, { client_id: client.client_id, redirect_uri: 'https://app.example/cb', scopes: ['openid'], prompt: 'none', state: 'q' });
      assert.equal(silent.redirect!.searchParams.get('error'), 'consent_required', 'prompt=none never shows a page');
      assert.equal(silent.code, undefined);
    });

    it('a confidential client exchanges its code (Basic) for an access token the Node SDK verifies locally and by network, an ID token, userinfo; refreshes keep its token', async () => {
      const client = await makeClient(api, 'third_party', { access_token_custom_audience: 'https://api.app.example' });
      const { code, verifier } = await codeFor(api, client, { extra: { resources: ['https://mcp.app.example/mcp'] } });
      const res = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'https://app.example/cb' }, [client.client_id, client.client_secret!]);
      assert.equal(res.status, 200, res.text);
      const t = res.json;
      assert.equal(t.token_type, 'Bearer');
      assert.equal(t.scope, 'openid email profile offline_access');
      assert.equal(t.expires_in, 60 * 60);
      assert.ok(t.refresh_token && t.id_token);

      const local = await api.client.idp.introspectTokenLocal(t.access_token);
      assert.equal(local.subject, claimsOf(t.id_token).sub);
      assert.equal(local.scope, t.scope);
      assert.equal(local.issuer, api.provider.url);
      assert.deepEqual(local.audience, [api.projectId, 'https://mcp.app.example/mcp', 'https://api.app.example'], 'the resource (RFC 8707) and the custom audience beside the project');
      assert.equal(local.custom_claims.client_id, client.client_id);
      const network = await api.client.idp.introspectTokenNetwork({ token: t.access_token, client_id: client.client_id, client_secret: client.client_secret });
      assert.equal(network.subject, local.subject);
      assert.equal(network.token_type, 'access_token');

      const id = claimsOf(t.id_token);
      assert.equal(id.aud, client.client_id);
      assert.equal(id.iss, api.provider.url);
      assert.equal(id.nonce, 'n-1');
      assert.match(id.email, /@example\.test$/);
      assert.equal(id.email_verified, true);

      const info = await fetch(`${api.provider.url}/v1/oauth2/userinfo`, { headers: { Authorization: `Bearer ${t.access_token}` } });
      assert.equal(info.status, 200);
      const claims = (await info.json()) as Record<string, unknown>;
      assert.equal(claims.sub, id.sub);
      assert.equal(claims.email, id.email);

      // client_secret_post, and a confidential client keeps its refresh token.
      const refreshed = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: client.client_id, client_secret: client.client_secret!, scope: 'openid' });
      assert.equal(refreshed.status, 200, refreshed.text);
      assert.equal(refreshed.json.refresh_token, undefined);
      assert.equal(refreshed.json.scope, 'openid');
      const twice = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token }, [client.client_id, client.client_secret!]);
      assert.equal(twice.status, 200, twice.text);
      const wider = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token, scope: 'openid phone' }, [client.client_id, client.client_secret!]);
      assert.equal(wider.json.error, 'invalid_scope');
    });

    it('a public client on a loopback redirect (any port) with PKCE gets rotating refresh tokens; JSON bodies work too', async () => {
      const client = await makeClient(api, 'third_party_public');
      const s = await signInByEmailOtp(api.provider);
      const pair = pkce();
      const res = await submit(api, s.session_token, {
        client_id: client.client_id,
        redirect_uri: 'http://127.0.0.1:53123/callback',
        scopes: ['openid', 'offline_access'],
        code_challenge: pair.challenge,
      });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.equal(res.redirect!.port, '53123');
      const noSecret = await oauthPost(api, {
        grant_type: 'authorization_code',
        code: res.code!,
        code_verifier: pair.verifier,
        client_id: client.client_id,
        redirect_uri: 'http://127.0.0.1:53123/callback',
      });
      assert.equal(noSecret.status, 200, noSecret.text);
      const first = noSecret.json.refresh_token as string;
      const json = await fetch(`${api.provider.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: first, client_id: client.client_id }),
      });
      const rotated = (await json.json()) as Record<string, string>;
      assert.equal(json.status, 200, JSON.stringify(rotated));
      assert.ok(rotated.refresh_token && rotated.refresh_token !== first);
      const next = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token!, client_id: client.client_id });
      assert.equal(next.status, 200, next.text);
    });

    it('the server API authorizes for a site that draws its own consent page (by user_id and by session), through the Node SDK', async () => {
      const client = await makeClient(api, 'third_party');
      const s = await signInByEmailOtp(api.provider);
      const start = await api.client.idp.oauth.authorizeStart({
        client_id: client.client_id,
        redirect_uri: 'https://app.example/cb',
        response_type: 'code',
        scopes: ['openid', 'email'],
        user_id: s.user_id,
      });
      assert.equal(start.consent_required, true);
      assert.equal(start.client.client_id, client.client_id);
      assert.equal(start.user.user_id, s.user_id);
      const pair = pkce();
      const done = await api.client.idp.oauth.authorize({
        consent_granted: true,
        client_id: client.client_id,
        redirect_uri: 'https://app.example/cb',
        response_type: 'code',
        scopes: ['openid', 'email'],
        session_token: s.session_token,
        state: 'z',
        code_challenge: pair.challenge,
      });
      assert.ok(done.authorization_code);
      assert.equal(new URL(done.redirect_uri).searchParams.get('code'), done.authorization_code);
      const t = await oauthPost(api, { grant_type: 'authorization_code', code: done.authorization_code, code_verifier: pair.verifier }, [client.client_id, client.client_secret!]);
      assert.equal(t.status, 200, t.text);
      const unknown = await stytchError(
        api.client.idp.oauth.authorizeStart({ client_id: 'connected-app-test-nope', redirect_uri: 'https://app.example/cb', response_type: 'code', scopes: [], user_id: s.user_id }),
      );
      assert.equal(unknown.error_type, 'invalid_client');
    });

    it('revocation (RFC 7009) ends the whole grant: introspection then says inactive and refresh fails; unknown tokens answer 200 too', async () => {
      const client = await makeClient(api, 'first_party');
      const { code, verifier } = await codeFor(api, client);
      const t = (await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!])).json;
      const active = await oauthPost(api, { token: t.refresh_token }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect');
      assert.equal(active.json.active, true);
      assert.equal(active.json.token_type, 'refresh_token');
      const other = await makeClient(api, 'first_party');
      const foreign = await oauthPost(api, { token: t.access_token }, [other.client_id, other.client_secret!], `/v1/public/${api.projectId}/oauth2/introspect`);
      assert.equal(foreign.json.active, false, "another client's token is not active for this one");
      assert.equal((await oauthPost(api, { token: 'nonsense' }, [client.client_id, client.client_secret!], '/v1/oauth2/revoke')).status, 200);
      assert.equal((await oauthPost(api, { token: t.access_token }, [client.client_id, client.client_secret!], '/v1/oauth2/revoke')).status, 200);
      const after = await oauthPost(api, { token: t.access_token }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect');
      assert.deepEqual([after.status, after.json.active], [200, false]);
      const refresh = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token }, [client.client_id, client.client_secret!]);
      assert.equal(refresh.json.error, 'invalid_grant');
      await assert.rejects(api.client.idp.introspectTokenNetwork({ token: t.access_token, client_id: client.client_id, client_secret: client.client_secret }), /Token was not active/);
    });

    it('a revoked session ends the grants it made; a deleted user ends all of theirs', async () => {
      const client = await makeClient(api, 'first_party');
      const a = await codeFor(api, client);
      const ta = (await oauthPost(api, { grant_type: 'authorization_code', code: a.code, code_verifier: a.verifier }, [client.client_id, client.client_secret!])).json;
      await api.client.sessions.revoke({ session_token: a.session });
      assert.equal((await oauthPost(api, { grant_type: 'refresh_token', refresh_token: ta.refresh_token }, [client.client_id, client.client_secret!])).json.error, 'invalid_grant');
      assert.equal((await fetch(`${api.provider.url}/v1/oauth2/userinfo`, { headers: { Authorization: `Bearer ${ta.access_token}` } })).status, 401);

      const s = await signInByEmailOtp(api.provider);
      const b = await codeFor(api, client, { session: s.session_token });
      const tb = (await oauthPost(api, { grant_type: 'authorization_code', code: b.code, code_verifier: b.verifier }, [client.client_id, client.client_secret!])).json;
      await api.client.users.delete({ user_id: s.user_id });
      const gone = await oauthPost(api, { token: tb.access_token }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect');
      assert.equal(gone.json.active, false);
    });

    it("a user's connected apps: listed (browser and Node SDK) and revoked, which ends the tokens and asks for consent again", async () => {
      const client = await makeClient(api, 'third_party', { client_description: 'Lists' });
      const { code, verifier, session } = await codeFor(api, client, { scopes: ['openid', 'email'] });
      const t = (await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!])).json;
      const listed = await sdk(api.provider, 'GET', '/users/connected_apps', undefined, withSession(session));
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual(listed.json.data.connected_apps, [
        { connected_app_id: client.client_id, name: 'App third_party', description: 'Lists', client_type: 'third_party', scopes_granted: 'email openid' },
      ]);
      const userId = claimsOf(t.access_token).sub as string;
      const bySdk = await api.client.users.connectedApps({ user_id: userId });
      assert.deepEqual(
        bySdk.connected_apps.map((a) => a.connected_app_id),
        [client.client_id],
      );
      await api.client.users.revoke({ user_id: userId, connected_app_id: client.client_id });
      assert.equal((await oauthPost(api, { token: t.access_token }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect')).json.active, false);
      const again = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', { client_id: client.client_id, redirect_uri: 'https://app.example/cb', scopes: ['openid'] }, withSession(session));
      assert.equal(again.json.data.consent_required, true);
      assert.deepEqual((await sdk(api.provider, 'GET', '/users/connected_apps', undefined, withSession(session))).json.data.connected_apps, []);
      const browserRevoke = await sdk(api.provider, 'POST', `/users/connected_apps/${encodeURIComponent('connected-app-test-none')}/revoke`, {}, withSession(session));
      assert.equal(browserRevoke.json.error_type, 'connected_app_not_found');
    });

    it('logout start: a registered post-logout redirect with the state; consent unless id_token_hint names the user; an unregistered one is an error', async () => {
      const client = await makeClient(api, 'first_party', { post_logout_redirect_urls: ['https://app.example/bye'] });
      const { code, verifier, session } = await codeFor(api, client);
      const t = (await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!])).json;
      const plain = await sdk(api.provider, 'POST', '/oauth/logout/start', { client_id: client.client_id, post_logout_redirect_uri: 'https://app.example/bye', state: 's1' }, withSession(session));
      assert.equal(plain.status, 200, plain.text);
      assert.equal(plain.json.data.redirect_uri, 'https://app.example/bye?state=s1');
      assert.equal(plain.json.data.consent_required, true);
      const hinted = await sdk(
        api.provider,
        'POST',
        '/oauth/logout/start',
        { client_id: client.client_id, post_logout_redirect_uri: 'https://app.example/bye', id_token_hint: t.id_token },
        withSession(session),
      );
      assert.equal(hinted.json.data.consent_required, false);
      const bad = await sdk(api.provider, 'POST', '/oauth/logout/start', { client_id: client.client_id, post_logout_redirect_uri: 'https://evil.example/bye' });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.error_type, 'invalid_post_logout_redirect_uri');
    });

    it("the provider's authorization address sends the browser to the consent page; the OAuth routes take no project secret and answer any origin", async () => {
      const res = await fetch(`${api.provider.url}/v1/oauth2/authorize?client_id=x&scope=openid+email`, { redirect: 'manual' });
      // The provider's own authorization address sends the browser on to the site's page, the request as it came.
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), 'https://site.example/oauth/authorize?client_id=x&scope=openid+email');
      const preflight = await fetch(`${api.provider.url}/v1/oauth2/token`, { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST' } });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      const server = await v1(api, 'POST', '/oauth2/token', { grant_type: 'refresh_token' });
      assert.equal(server.status, 401, 'the project secret is not a client credential');
      assert.equal(server.json!.error, 'invalid_client');
      const register = await fetch(`${api.provider.url}/v1/oauth2/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['https://x.example/cb'] }),
      });
      assert.equal(register.status, 403, 'dynamic registration is off unless the project turns it on');
      assert.equal(((await register.json()) as { error_type: string }).error_type, 'dynamic_registration_disabled');
    });
  });
}
