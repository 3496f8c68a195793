// `npm start` after install and build: provider, demo and the watch build in one process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { buildAndWatch } from '../esbuild.config.mjs';
import { startMcpDemo } from '../demo/connected/mcp-server.ts';
import { startPartner } from '../demo/connected/partner.ts';
import { registerPartner } from '../demo/connected/register.ts';
import { startDemo } from '../demo/server.ts';
import { DEV_PAGES_WARNING } from '../provider/config.ts';
import { envSecrets } from '../provider/services/project-secrets.ts';
import { startDevProvider } from './lib/dev-provider.ts';
import { exitIfPortTaken } from './lib/ports.mjs';

const demoPort = Number(process.env.PORT ?? 5173);
const providerPort = Number(process.env.PROVIDER_PORT ?? 8787);
const nextPort = Number(process.env.NEXT_PORT ?? 5175);
const mcpPort = Number(process.env.MCP_PORT ?? 5176);
const partnerPort = Number(process.env.PARTNER_PORT ?? 5177);
const demoOrigins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`, `http://localhost:${nextPort}`];

const dev = await startDevProvider({
  port: providerPort,
  httpsPort: Number(process.env.PROVIDER_HTTPS_PORT ?? 8788),
  dataDir: resolve(process.env.DATA_DIR ?? '.data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  projectFile: process.env.PROJECT_FILE || undefined,
  demoOrigins,
  // Connected apps: the demo's consent page is the authorization endpoint, and MCP clients may
  // register themselves (dynamic registration); the environment may say otherwise.
  env: { CONNECTED_APPS_AUTHORIZATION_URL: `http://localhost:${demoPort}/authorize`, CONNECTED_APPS_DYNAMIC_REGISTRATION: 'true', ...process.env },
}).catch(exitIfPortTaken);
const { provider } = dev;
const publicToken = provider.config.publicTokens.test ?? provider.config.publicTokens.live ?? '';
const b2bPublicToken = provider.config.publicTokens.b2b;
// The B2B admin page's backend calls the server API with the project secret (kept in this process).
const adminSecret = dev.secret.startsWith('(') ? envSecrets(process.env)[0] : dev.secret;
const demo = await startDemo({
  port: demoPort,
  providerUrl: provider.url,
  publicToken,
  b2bPublicToken,
  googleOneTap: Boolean(provider.config.oauthClients.google),
  nextHostUrl: existsSync('hosts/next/.next/BUILD_ID') ? `http://localhost:${nextPort}` : undefined,
  serverApi: adminSecret ? { url: provider.url, projectId: dev.projectId, secret: adminSecret } : undefined,
}).catch(async (e: unknown) => {
  await provider.close();
  return exitIfPortTaken(e);
});

// The Next.js host (hosts/next), once `npm run build:next` (or npm test) has built it: its own
// server, since its pages render on a server. Its protected page checks the session with the
// server API (README "Next.js"): this provider's, with the certificate its Node must trust, unless
// the environment says otherwise.
let next: ChildProcess | undefined;
const nextBuilt = existsSync('hosts/next/.next/BUILD_ID');
if (nextBuilt) {
  next = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', 'hosts/next', '-p', String(nextPort), '-H', 'localhost'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      STYTCH_PROJECT_ID: dev.projectId,
      STYTCH_SECRET: adminSecret,
      STYTCH_API_URL: dev.serverApiUrl,
      NODE_EXTRA_CA_CERTS: dev.certFile,
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      STYTCH_PUBLIC_TOKEN: publicToken,
      STYTCH_PROVIDER_URL: provider.url,
    },
  });
}

// The connected-apps demo: an MCP server protected by the provider, and a partner app signing in
// with it (its client registered through the server API, kept beside the database).
const mcp = await startMcpDemo({ issuer: provider.url, port: mcpPort, host: 'localhost' }).catch(exitIfPortTaken);
const partner = await startPartner({ issuer: provider.url, port: partnerPort }).catch(exitIfPortTaken);
if (adminSecret) {
  const made = await registerPartner({ providerUrl: provider.url, projectId: dev.projectId, secret: adminSecret, dataDir: resolve(process.env.DATA_DIR ?? '.data'), partner });
  partner.useClient(made.clientId, made.clientSecret);
}

// Watching, the watchers' first round is the build (start.mjs builds only with NO_WATCH); the
// URLs are printed once it has settled, so nothing rewrites dist/ after "ready".
const watching = process.env.NO_WATCH ? undefined : await buildAndWatch();

console.log(`
  Provider:      ${provider.url}
  Public token:  ${publicToken}
  B2B token:     ${b2bPublicToken ?? 'none (publicTokens.b2b in the project file, or B2B_PUBLIC_TOKEN)'}
  Demo:          ${demo.url}
  Playground:    ${demo.url}/playground.html
  B2B:           ${demo.url}/b2b.html   (admin: ${demo.url}/b2b-admin.html, one organization: ${demo.url}/org/<slug>)
  Host apps:     ${demo.url}/hosts/react-sdk/  /hosts/react/  /hosts/vue/  /hosts/angular/
  Next.js host:  ${nextBuilt ? `http://localhost:${nextPort}` : 'not built (npm run build:next)'}
  Outbox:        ${provider.url}/dev/outbox
  MCP server:    ${mcp.url}   (connect an MCP client to it: docs/CONNECTED-APPS.md)
  Partner app:   ${partner.url}   ("Sign in with the demo", consent at ${demo.url}/authorize)

  Server API:    ${dev.serverApiUrl}   (for your backend; its Node trusts NODE_EXTRA_CA_CERTS=${shortPath(dev.certFile)})
  Project id:    ${dev.projectId}
  Secret:        ${dev.secret}

  Open ${demo.url} in your browser. Ctrl-C stops everything.
`);
if (provider.devPages) console.warn(DEV_PAGES_WARNING);

/** A path from here when it is under here (.data/…), else the absolute one. */
function shortPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  next?.kill();
  await watching?.dispose();
  await demo.close();
  await mcp.close();
  await partner.close();
  await provider.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
