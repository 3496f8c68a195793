import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { databases, signInByEmailOtp } from './harness.ts';
import { makeClient, submitAuthorizationUrl } from './connected-apps-support.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';

/*
 * The referee: the unchanged `openid-client` package, as a relying party uses it, against this
 * provider. The user's consent is played through the consent element's call (the browser's
 * part); everything else is openid-client's own: discovery, the authorization URL, the
 * response's state and iss, the code exchange with PKCE, ID token validation, userinfo, refresh.
 */
for (const kind of databases) {
  describe(`connected apps: openid-client completes code + PKCE, ID token, userinfo and refresh (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { authorizationUrl: 'https://site.example/authorize' } });
    });
    after(() => api.provider.destroy());

    /** What the consent page does with the authorization URL openid-client built: the element's submit, then the redirect. */
    async function consent(url: URL, session: string): Promise<URL> {
      assert.equal(`${url.origin}${url.pathname}`, 'https://site.example/authorize');
      const res = await submitAuthorizationUrl(api, session, url, { nonce: url.searchParams.get('nonce') ?? undefined });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      return res.redirect!;
    }

    for (const type of ['third_party', 'third_party_public'] as const) {
      it(`a ${type} client: discovery, authorization code + PKCE, a validated ID token, userinfo and refresh`, async () => {
        const client = await makeClient(api, type);
        const config =
          type === 'third_party'
            ? await oidc.discovery(new URL(api.provider.url), client.client_id, client.client_secret)
            : await oidc.discovery(new URL(api.provider.url), client.client_id, undefined, oidc.None());
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: 'https://app.example/cb',
          scope: 'openid email profile offline_access',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        const user = await signInByEmailOtp(api.provider);
        const back = await consent(url, user.session_token);
        const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
        const claims = tokens.claims()!;
        assert.equal(claims.sub, user.user_id);
        assert.equal(claims.email, user.user.emails[0].email);
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        assert.equal(info.email, claims.email);
        const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
        assert.ok(refreshed.access_token);
        assert.equal(refreshed.claims()?.sub ?? claims.sub, user.user_id);
        const again = await oidc.fetchUserInfo(config, refreshed.access_token, claims.sub);
        assert.equal(again.sub, user.user_id);
      });
    }

    it('openid-client refuses a response whose state is not the one it sent', async () => {
      const client = await makeClient(api, 'third_party');
      const config = await oidc.discovery(new URL(api.provider.url), client.client_id, client.client_secret);
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, { redirect_uri: 'https://app.example/cb', scope: 'openid', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), state: 'sent' });
      const back = await consent(url, (await signInByEmailOtp(api.provider)).session_token);
      await assert.rejects(oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: 'other' }));
    });
  });
}
