import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/*
 * The demo's MCP server: one tool, `whoami`, over Streamable HTTP on the official MCP
 * TypeScript SDK, protected by the provider as its authorization server (MCP authorization,
 * RFC 9728). An unauthenticated call is answered 401 with a `WWW-Authenticate` naming the
 * protected resource metadata, which names the provider; an MCP client finds its way from
 * there. Only an access token whose audience is this server (the `resource` the client asked
 * for, RFC 8707) is taken: a session JWT or a token meant for another resource is refused.
 */

export interface McpDemoOptions {
  /** The provider's issuer (its base URL): discovery, the JWKS and the tokens' `iss`. */
  issuer: string;
  port?: number;
  host?: string;
  /** The scopes the metadata advertises (a client asks for these). */
  scopes?: string[];
  /** The time tokens are checked at: the real time, unless a test moves it with the provider's. */
  now?: () => Date;
}

export interface McpDemo {
  /** The MCP endpoint, which is also the resource (the tokens' audience). */
  url: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';
const METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

export async function startMcpDemo(options: McpDemoOptions): Promise<McpDemo> {
  const issuer = options.issuer.replace(/\/+$/, '');
  const scopes = options.scopes ?? ['openid', 'profile', 'email', 'offline_access'];
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  // The JWKS address comes from the provider's discovery, read once on the first call.
  const keys = async () => {
    if (!jwks) {
      const doc = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as { jwks_uri: string };
      jwks = createRemoteJWKSet(new URL(doc.jwks_uri));
    }
    return jwks;
  };
  let origin = '';
  const resource = () => `${origin}${MCP_PATH}`;

  /** The access token's claims when it is this server's (signature, issuer, audience, an access token's claims), else null. */
  async function verify(token: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, await keys(), { issuer, audience: resource(), typ: 'JWT', ...(options.now ? { currentDate: options.now() } : {}) });
      // A session JWT of the same project has no scope and no client: not an access token.
      return typeof payload.scope === 'string' && typeof payload.client_id === 'string' ? payload : null;
    } catch {
      return null;
    }
  }

  const unauthorized = (res: ServerResponse, error?: string) => {
    const params = [`resource_metadata="${origin}${METADATA_PATH}"`, ...(error ? [`error="${error}"`] : [])];
    res.writeHead(401, { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, 'Content-Type': 'application/json', 'Access-Control-Expose-Headers': 'WWW-Authenticate' });
    res.end(JSON.stringify({ error: error ?? 'unauthorized', error_description: 'Send an access token for this MCP server.' }));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', origin).pathname;
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Headers': 'Authorization, Content-Type, Mcp-Protocol-Version, Mcp-Session-Id', 'Access-Control-Allow-Methods': 'GET, POST, DELETE' });
      return res.end();
    }
    // RFC 9728: the protected resource metadata, at the path-suffixed address and the bare one.
    if (path === METADATA_PATH || path === '/.well-known/oauth-protected-resource') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ resource: resource(), authorization_servers: [issuer], scopes_supported: scopes, bearer_methods_supported: ['header'], resource_name: 'Demo MCP server' }));
    }
    if (path !== MCP_PATH) {
      res.writeHead(404).end();
      return;
    }
    const token = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return unauthorized(res);
    const claims = await verify(token);
    if (!claims) return unauthorized(res, 'invalid_token');
    const auth: AuthInfo = { token, clientId: String(claims.client_id), scopes: String(claims.scope).split(' ').filter(Boolean), expiresAt: claims.exp, extra: { claims } };
    // Stateless: a server and a transport per request, as the SDK suggests for servers without sessions.
    const server = new McpServer({ name: 'demo-mcp', version: '1.0.0' });
    server.registerTool('whoami', { title: 'Who am I', description: 'Says whom the access token was issued for, to which client, with which scopes.' }, async (extra) => {
      const c = (extra.authInfo?.extra?.claims ?? {}) as JWTPayload;
      const org = c['https://stytch.com/organization'] as { organization_id: string } | undefined;
      const who = { subject: c.sub, client_id: c.client_id, scope: c.scope, ...(org ? { organization_id: org.organization_id } : {}) };
      return { content: [{ type: 'text' as const, text: JSON.stringify(who) }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(Object.assign(req, { auth }), res);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'server_error' }));
    });
  });
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', ok);
  });
  const address = http.address() as AddressInfo;
  origin = `http://${options.host === 'localhost' ? 'localhost' : address.address}:${address.port}`;
  return {
    url: resource(),
    close: () =>
      new Promise<void>((ok) => {
        http.closeAllConnections();
        http.close(() => ok());
      }),
  };
}
