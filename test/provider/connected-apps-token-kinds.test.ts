import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, withSession } from './harness.ts';
import { claimsOf, codeFor, makeClient, oauthPost } from './connected-apps-support.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

/*
 * A connected app's access token and a session JWT are signed by the same keys for the same
 * project audience: each must be refused where the other is expected, by this provider and by
 * the official Node SDK.
 */
for (const kind of databases) {
  describe(`connected apps: access tokens and session JWTs are not interchangeable (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind);
    });
    after(() => api.provider.destroy());

    async function tokens() {
      const client = await makeClient(api, 'third_party');
      const { session, code, verifier } = await codeFor(api, client, { scopes: ['openid', 'email'] });
      const res = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'https://app.example/cb' }, [client.client_id, client.client_secret!]);
      assert.equal(res.status, 200, res.text);
      const check = await sdk(api.provider, 'POST', '/sessions/authenticate', {}, withSession(session));
      return { client, access: res.json.access_token as string, sessionJwt: check.json.data.session_jwt as string };
    }

    it('an access token is not a session: the SDK, /v1/sessions/authenticate and the browser API refuse it', async () => {
      const { access } = await tokens();
      assert.equal(claimsOf(access)['https://stytch.com/session'], undefined);
      const err = await stytchError(api.client.sessions.authenticateJwt({ session_jwt: access }));
      assert.equal(err.status_code, 404);
      const server = await v1(api, 'POST', '/sessions/authenticate', { session_jwt: access });
      assert.equal(server.status, 404, server.text);
      const browser = await sdk(api.provider, 'POST', '/sessions/authenticate', {}, { Authorization: `Bearer ${access}` });
      assert.notEqual(browser.status, 200, browser.text);
    });

    it("a session JWT is not an access token: introspection, the SDK's network and local introspection, userinfo and revocation refuse it", async () => {
      const { client, sessionJwt } = await tokens();
      const res = await oauthPost(api, { token: sessionJwt }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect');
      assert.deepEqual(res.json.active, false);
      await assert.rejects(api.client.idp.introspectTokenNetwork({ token: sessionJwt, client_id: client.client_id, client_secret: client.client_secret }));
      // The SDK's local check verifies a session JWT and an access token with the same options
      // (signature, project audience, issuer, typ JWT), so it cannot refuse one: what it hands
      // back has no scope and no resource audience, which docs/SECURITY.md tells a resource
      // server to require (the demo MCP server does).
      const local = await api.client.idp.introspectTokenLocal(sessionJwt);
      assert.equal(local.scope, undefined);
      assert.deepEqual([local.audience].flat(), [api.projectId]);
      const info = await fetch(`${api.provider.url}/v1/oauth2/userinfo`, { headers: { Authorization: `Bearer ${sessionJwt}` } });
      assert.equal(info.status, 401);
    });

    it("an access token passes the SDK's local introspection with its scope and, when bound to a resource, that audience", async () => {
      const { access } = await tokens();
      const local = await api.client.idp.introspectTokenLocal(access);
      assert.equal(local.scope, 'openid email');
      const client = await makeClient(api, 'third_party_public');
      const { code, verifier } = await codeFor(api, client, { scopes: ['openid'], extra: { resources: ['https://mcp.example/mcp'] } });
      const bound = await oauthPost(api, { grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: verifier, resource: 'https://mcp.example/mcp' });
      assert.equal(bound.status, 200, bound.text);
      const boundLocal = await api.client.idp.introspectTokenLocal(bound.json.access_token);
      assert.ok((boundLocal.audience as string[]).includes('https://mcp.example/mcp'));
    });
  });
}
