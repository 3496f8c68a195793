import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpDemo, type McpDemo } from '../../demo/connected/mcp-server.ts';
import { databases, sdk, signInByEmailOtp, withSession } from './harness.ts';
import { codeFor, makeClient, oauthPost, submitAuthorizationUrl } from './connected-apps-support.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';
import { MemoryOAuthClient } from '../support/mcp-client.ts';

/*
 * The referee for agents: the official MCP TypeScript SDK's client, with its OAuth client
 * provider, against the demo MCP server protected by this provider. It finds the provider from
 * the server's 401 and protected resource metadata (RFC 9728), registers (dynamic
 * registration), sends the user to the authorization URL (played here through the consent
 * element's call), exchanges the code, calls the tool, and refreshes.
 */

for (const kind of databases) {
  describe(`connected apps: the MCP SDK's client finds, registers with and gets tokens from the provider through the demo MCP server (${kind})`, () => {
    let api: ServerApiSetup;
    let mcp: McpDemo;
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { authorizationUrl: 'https://site.example/authorize', dynamicRegistration: true } });
      mcp = await startMcpDemo({ issuer: api.provider.url });
    });
    after(async () => {
      await mcp.close();
      await api.provider.destroy();
    });

    /** The consent page's part: the element's submit with the authorization URL's parameters; the code of the redirect. */
    async function consent(url: URL, session: string): Promise<string> {
      const res = await submitAuthorizationUrl(api, session, url, { resources: url.searchParams.getAll('resource') });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.equal(res.redirect!.searchParams.get('iss'), api.provider.url);
      return res.redirect!.searchParams.get('code')!;
    }

    it('401 with resource metadata, discovery, dynamic registration, consent, tokens bound to the server, whoami, refresh', async () => {
      const unauthenticated = await fetch(mcp.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(unauthenticated.status, 401);
      assert.match(unauthenticated.headers.get('www-authenticate')!, /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/);

      const provider = new MemoryOAuthClient();
      const connect = async () => {
        const client = new Client({ name: 'test-agent', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider }));
        return client;
      };
      await assert.rejects(connect(), UnauthorizedError);
      assert.ok(provider.info?.client_id, 'registered by dynamic registration');
      const url = provider.authorizationUrl!;
      assert.equal(`${url.origin}${url.pathname}`, 'https://site.example/authorize');
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(url.searchParams.get('resource'), mcp.url);

      const user = await signInByEmailOtp(api.provider);
      const code = await consent(url, user.session_token);
      assert.equal(await auth(provider, { serverUrl: mcp.url, authorizationCode: code }), 'AUTHORIZED');
      const first = provider.saved!;
      assert.ok(first.refresh_token, 'offline_access gives a refresh token');

      const client = await connect();
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      const who = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { subject: string; client_id: string };
      assert.equal(who.subject, user.user_id);
      assert.equal(who.client_id, provider.info!.client_id);
      await client.close();

      // The SDK refreshes with the stored refresh token (rotated: a public client).
      assert.equal(await auth(provider, { serverUrl: mcp.url }), 'AUTHORIZED');
      assert.notEqual(provider.saved!.access_token, first.access_token);
      assert.notEqual(provider.saved!.refresh_token, first.refresh_token);
      const again = await connect();
      assert.equal((await again.listTools()).tools[0]!.name, 'whoami');
      await again.close();
    });

    it('the MCP server refuses a session JWT and an access token meant for another audience', async () => {
      const user = await signInByEmailOtp(api.provider);
      const check = await sdk(api.provider, 'POST', '/sessions/authenticate', {}, withSession(user.session_token));
      const client = await makeClient(api, 'third_party');
      const { code, verifier } = await codeFor(api, client, { session: user.session_token });
      const tokens = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!]);
      for (const token of [check.json.data.session_jwt as string, tokens.json.access_token as string]) {
        const res = await fetch(mcp.url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: '{}',
        });
        assert.equal(res.status, 401);
        assert.match(res.headers.get('www-authenticate')!, /error="invalid_token"/);
      }
    });
  });
}
