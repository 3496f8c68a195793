import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createDatabase, databases, LOOPBACK_OUTBOUND, sdk, signInByEmailOtp, spawnProvider, TEST_B2B_TOKEN, TEST_ORIGIN, TEST_TLS, TEST_TOKEN, withSession, type ProviderProcess } from './harness.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpDemo } from '../../demo/connected/mcp-server.ts';
import { MemoryOAuthClient } from '../support/mcp-client.ts';
import { pkce, submitAuthorizationUrl } from './connected-apps-support.ts';

/*
 * Client ID Metadata Documents: the provider fetches an https client_id through its outbound
 * guard. The provider runs as a child process here, trusting the test certificate
 * (NODE_EXTRA_CA_CERTS, read only at a process's start), so the documents are served over
 * https from this process.
 */
for (const kind of databases) {
  describe(`connected apps: clients named by their metadata document (${kind})`, () => {
    let docs: Server;
    let base = '';
    let provider: ProviderProcess;
    let dataDir = '';
    let drop: (() => Promise<void>) | undefined;
    const fetches = new Map<string, number>();
    const agent = new MemoryOAuthClient('http://127.0.0.1:33425/callback', 'CIMD agent');

    before(async () => {
      docs = createServer({ cert: TEST_TLS.cert, key: TEST_TLS.key }, (req, res) => {
        const path = req.url ?? '';
        fetches.set(path, (fetches.get(path) ?? 0) + 1);
        const self = `${base}${path}`;
        const json = (body: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (path === '/good.json')
          return json({ client_id: self, client_name: 'An agent', redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none' }, { 'Cache-Control': 'max-age=600' });
        // The MCP agent's document: what its SDK sends as its client metadata.
        if (path === '/agent.json') return json({ ...agent.clientMetadata, client_id: self });
        if (path === '/other-id.json') return json({ client_id: `${base}/good.json`, redirect_uris: ['http://127.0.0.1/callback'] });
        if (path === '/secret.json') return json({ client_id: self, redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'client_secret_basic' });
        if (path === '/huge.json') return json({ client_id: self, redirect_uris: ['http://127.0.0.1/callback'], client_name: 'x'.repeat(10_000) });
        if (path === '/slow.json') return; // never answers
        res.writeHead(404).end();
      });
      await new Promise<void>((ok) => docs.listen(0, '127.0.0.1', ok));
      const port = (docs.address() as { port: number }).port;
      base = `https://localhost:${port}`;
      dataDir = mkdtempSync(join(tmpdir(), 'provider-cimd-'));
      const projectFile = join(dataDir, 'project.json');
      writeFileSync(
        projectFile,
        JSON.stringify({
          publicTokens: { test: TEST_TOKEN, b2b: TEST_B2B_TOKEN },
          authorizedOrigins: [TEST_ORIGIN],
          connectedApps: { clientIdMetadataDocuments: true },
          outbound: { ...LOOPBACK_OUTBOUND, timeoutMs: 1500 },
        }),
      );
      const database = kind === 'postgres' ? await createDatabase() : undefined;
      drop = database?.drop;
      provider = await spawnProvider({
        DATA_DIR: dataDir,
        PROJECT_FILE: projectFile,
        NODE_EXTRA_CA_CERTS: fileURLToPath(new URL('../fixtures/tls/localhost-cert.pem', import.meta.url)),
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
    });
    after(async () => {
      await provider?.stop();
      await drop?.();
      docs.closeAllConnections();
      docs.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("a client_id that is its document's URL signs a user in: consent asked, the name from the document, a loopback redirect on any port, a token with no secret; the document is fetched once while fresh", async () => {
      const discovery = (await (await fetch(`${provider.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      assert.equal(discovery.client_id_metadata_document_supported, true);
      const clientId = `${base}/good.json`;
      const s = await signInByEmailOtp(provider);
      const request = { client_id: clientId, redirect_uri: 'http://127.0.0.1:61000/callback', scopes: ['openid'] };
      const start = await sdk(provider, 'POST', '/idp/oauth/authorize/start', request, withSession(s.session_token));
      assert.equal(start.status, 200, start.text);
      assert.equal(start.json.data.consent_required, true);
      assert.equal(start.json.data.client.client_name, 'An agent');
      assert.equal(start.json.data.client.client_type, 'third_party_public');
      const pair = pkce();
      const submit = await sdk(provider, 'POST', '/idp/oauth/authorize/submit', { ...request, consent_granted: true, code_challenge: pair.challenge }, withSession(s.session_token));
      assert.equal(submit.status, 200, submit.text);
      const token = await fetch(`${provider.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: submit.json.data.authorization_code, code_verifier: pair.verifier, client_id: clientId }).toString(),
      });
      assert.equal(token.status, 200, await token.clone().text());
      assert.equal(fetches.get('/good.json'), 1, 'the cached document served the submit');
      const wrongRedirect = await sdk(provider, 'POST', '/idp/oauth/authorize/start', { ...request, redirect_uri: 'https://elsewhere.example/cb' }, withSession(s.session_token));
      assert.equal(wrongRedirect.json.error_type, 'invalid_redirect_uri');
    });

    for (const [path, why] of [
      ['/other-id.json', /client_id is not its own URL/],
      ['/secret.json', /token_endpoint_auth_method must be none/],
      ['/huge.json', /larger than 5120 bytes/],
      ['/slow.json', /could not be reached/],
      ['/missing.json', /HTTP 404/],
    ] as const) {
      it(`a document that cannot be used (${path}) is an error to the page, never a redirect`, async () => {
        const s = await signInByEmailOtp(provider);
        const res = await sdk(provider, 'POST', '/idp/oauth/authorize/start', { client_id: `${base}${path}`, redirect_uri: 'http://127.0.0.1/callback' }, withSession(s.session_token));
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.error_type, 'invalid_client');
        assert.match(res.json.error_message, why);
      });
    }

    it("the MCP SDK's client registers by its metadata document (dynamic registration is off here), is asked for consent under the document's name, and calls whoami", async () => {
      const mcp = await startMcpDemo({ issuer: provider.url, host: '127.0.0.1' });
      try {
        agent.clientMetadataUrl = `${base}/agent.json`;
        const connect = async () => {
          const client = new Client({ name: 'cimd-agent', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: agent }));
          return client;
        };
        await assert.rejects(connect(), UnauthorizedError);
        const url = agent.authorizationUrl!;
        assert.equal(url.searchParams.get('client_id'), agent.clientMetadataUrl);
        const s = await signInByEmailOtp(provider);
        const start = await sdk(
          provider,
          'POST',
          '/idp/oauth/authorize/start',
          { client_id: agent.clientMetadataUrl, redirect_uri: agent.redirectUrl, scopes: ['openid'] },
          withSession(s.session_token),
        );
        assert.equal(start.json.data.client.client_name, 'CIMD agent');
        const consent = await submitAuthorizationUrl({ provider }, s.session_token, url, { resources: url.searchParams.getAll('resource') });
        assert.equal(consent.status, 200, JSON.stringify(consent.json));
        assert.equal(await auth(agent, { serverUrl: mcp.url, authorizationCode: consent.code! }), 'AUTHORIZED');
        const client = await connect();
        const result = await client.callTool({ name: 'whoami', arguments: {} });
        const who = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { subject: string; client_id: string };
        assert.equal(who.client_id, agent.clientMetadataUrl);
        assert.equal(who.subject, s.user_id);
        assert.ok((fetches.get('/agent.json') ?? 0) >= 1, 'the provider read the document');
        await client.close();
      } finally {
        await mcp.close();
      }
    });

    it('a metadata URL inside the network is refused by the outbound guard, with the one message that tells nothing', async () => {
      const s = await signInByEmailOtp(provider);
      const res = await sdk(provider, 'POST', '/idp/oauth/authorize/start', { client_id: 'https://10.1.2.3/client.json', redirect_uri: 'http://127.0.0.1/callback' }, withSession(s.session_token));
      assert.equal(res.status, 400);
      assert.match(res.json.error_message, /could not be reached/);
    });
  });
}
