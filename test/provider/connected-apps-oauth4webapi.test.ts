import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { databases, signInByEmailOtp, TestClock } from './harness.ts';
import { makeClient, submit } from './connected-apps-support.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';

/*
 * An OAuth client written by others, unchanged: oauth4webapi (the library under openid-client)
 * discovers this provider, checks the authorization response's iss (RFC 9207), exchanges the
 * code with PKCE, validates the ID token's claims, reads userinfo, refreshes, introspects and
 * revokes. The consent itself is the element's submit, as a signed-in user's page makes it.
 */
for (const kind of databases) {
  describe(`connected apps: an unchanged OAuth client library (oauth4webapi) against the provider (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { authorizationUrl: 'https://site.example/oauth/authorize', dynamicRegistration: true } }, clock);
    });
    after(() => api.provider.destroy());

    it("registration refuses bad metadata in OAuth's words (RFC 7591 §3.2.2)", async () => {
      const post = async (body: unknown) => {
        const res = await fetch(`${api.provider.url}/v1/oauth2/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      assert.deepEqual((await post({})).json.error, 'invalid_redirect_uri');
      assert.deepEqual((await post({ redirect_uris: ['javascript:alert(1)'] })).json.error, 'invalid_redirect_uri');
      assert.deepEqual((await post({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' })).json.error, 'invalid_client_metadata');
      assert.deepEqual((await post({ redirect_uris: ['https://a.example/cb'], grant_types: ['implicit'] })).json.error, 'invalid_client_metadata');
      const confidential = await post({ redirect_uris: ['https://a.example/cb'] });
      assert.equal(confidential.status, 201);
      assert.equal(confidential.json.token_endpoint_auth_method, 'client_secret_basic', 'the RFC 7591 default');
      assert.equal(typeof confidential.json.client_secret, 'string');
    });

    for (const [type, registered] of [
      ['third_party', false],
      ['third_party_public', false],
      ['third_party_public', true],
    ] as const) {
      it(`${type}${registered ? ' registered by RFC 7591' : ''}: discovery, code + PKCE, ID token, userinfo, refresh, introspection, revocation`, async () => {
        const issuer = new URL(api.provider.url);
        const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc' }));
        assert.equal(as.authorization_endpoint, 'https://site.example/oauth/authorize');
        const made = registered
          ? await oauth.processDynamicClientRegistrationResponse(
              await oauth.dynamicClientRegistrationRequest(as, {
                redirect_uris: ['http://127.0.0.1/callback'],
                token_endpoint_auth_method: 'none',
                grant_types: ['authorization_code', 'refresh_token'],
                client_name: 'An agent',
              }),
            )
          : await makeClient(api, type);
        assert.equal(typeof made.client_id, 'string');
        if (registered) assert.equal((await api.client.connectedApp.clients.get({ client_id: made.client_id })).connected_app.client_type, 'third_party_public');
        const client: oauth.Client = { client_id: made.client_id, id_token_signed_response_alg: 'ES256' };
        const auth = typeof made.client_secret === 'string' ? oauth.ClientSecretBasic(made.client_secret) : oauth.None();
        const redirectUri = 'http://127.0.0.1:8123/callback';

        const verifier = oauth.generateRandomCodeVerifier();
        const state = oauth.generateRandomState();
        const nonce = oauth.generateRandomNonce();
        const user = await signInByEmailOtp(api.provider);
        const consent = await submit(api, user.session_token, {
          client_id: made.client_id,
          redirect_uri: redirectUri,
          scopes: ['openid', 'email', 'offline_access'],
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          state,
          nonce,
        });
        assert.equal(consent.status, 200, JSON.stringify(consent.json));

        const params = oauth.validateAuthResponse(as, client, consent.redirect!, state);
        const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, verifier);
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
        const claims = oauth.getValidatedIdTokenClaims(result)!;
        assert.equal(claims.sub, user.user_id);
        assert.equal(claims.email, user.user.emails[0].email);
        assert.ok(result.refresh_token);

        const info = await oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, result.access_token));
        assert.equal(info.email, claims.email);

        const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, result.refresh_token!));
        assert.ok(refreshed.access_token);
        assert.equal(Boolean(refreshed.refresh_token), type === 'third_party_public', 'rotated for a public client only');

        const active = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, refreshed.access_token));
        assert.equal(active.active, true);
        assert.equal(active.sub, user.user_id);

        await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.access_token));
        const inactive = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, refreshed.access_token));
        assert.equal(inactive.active, false);
      });
    }
  });
}
