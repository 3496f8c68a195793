// `npm start` after install and build: provider, demo and the watch build in one process.
import { relative, resolve } from 'node:path';
import { buildAndWatch } from '../esbuild.config.mjs';
import { startDemo } from '../demo/server.ts';
import { startDevProvider } from './lib/dev-provider.ts';

const demoPort = Number(process.env.PORT ?? 5173);
const providerPort = Number(process.env.PROVIDER_PORT ?? 8787);
const demoOrigins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`];

const dev = await startDevProvider({
  port: providerPort,
  httpsPort: Number(process.env.PROVIDER_HTTPS_PORT ?? 8788),
  dataDir: resolve(process.env.DATA_DIR ?? '.data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  projectFile: process.env.PROJECT_FILE || undefined,
  demoOrigins,
  env: process.env,
});
const { provider } = dev;
const publicToken = provider.config.publicTokens.test ?? provider.config.publicTokens.live ?? '';
const demo = await startDemo({ port: demoPort, providerUrl: provider.url, publicToken, googleOneTap: Boolean(provider.config.oauthClients.google) });

// Watching, the watchers' first round is the build (start.mjs builds only with NO_WATCH); the
// URLs are printed once it has settled, so nothing rewrites dist/ after "ready".
const watching = process.env.NO_WATCH ? undefined : await buildAndWatch();

console.log(`
  Provider:      ${provider.url}
  Public token:  ${publicToken}
  Demo:          ${demo.url}
  Playground:    ${demo.url}/playground.html
  Host apps:     ${demo.url}/hosts/react/  /hosts/vue/  /hosts/angular/
  Outbox:        ${provider.url}/dev/outbox

  Server API:    ${dev.serverApiUrl}   (for your backend; its Node trusts NODE_EXTRA_CA_CERTS=${shortPath(dev.certFile)})
  Project id:    ${dev.projectId}
  Secret:        ${dev.secret}

  Open ${demo.url} in your browser. Ctrl-C stops everything.
`);

/** A path from here when it is under here (.data/…), else the absolute one. */
function shortPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await watching?.dispose();
  await demo.close();
  await provider.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
