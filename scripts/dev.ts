// `npm start` after install and build: provider, demo and the watch build in one process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { builds, hostBuilds, watch, watchOptions } from '../esbuild.config.mjs';
import { startDemo } from '../demo/server.ts';
import { DEV_PAGES_WARNING } from '../provider/config.ts';
import { startProvider } from '../provider/server.ts';

const demoPort = Number(process.env.PORT ?? 5173);
const providerPort = Number(process.env.PROVIDER_PORT ?? 8787);
const nextPort = Number(process.env.NEXT_PORT ?? 5175);
const demoOrigins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`, `http://localhost:${nextPort}`];
const pages = ['authenticate.html', 'reset-password.html', 'index.html', 'b2b.html'];

// The demo origin is authorized, and its return pages allow-listed, on top of whatever the
// project file or environment already says.
const extraOrigins = [process.env.AUTHORIZED_ORIGINS, ...demoOrigins].filter(Boolean).join(',');
const extraRedirects = [process.env.REDIRECT_URLS, ...demoOrigins.flatMap((o) => pages.map((p) => `${o}/${p}`))]
  .filter(Boolean)
  .join(',');

const provider = await startProvider({
  port: providerPort,
  dataDir: resolve(process.env.DATA_DIR ?? '.data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  projectFile: process.env.PROJECT_FILE || undefined,
  // `npm start` is development: the outbox and consent simulator are on (loopback only), and
  // the demo's local identity providers may be reached on loopback.
  env: { NODE_ENV: 'development', OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8,::1/128', ...process.env, AUTHORIZED_ORIGINS: extraOrigins, REDIRECT_URLS: extraRedirects },
});
const publicToken = provider.config.publicTokens.test ?? provider.config.publicTokens.live ?? '';
const demo = await startDemo({ port: demoPort, providerUrl: provider.url, publicToken, googleOneTap: Boolean(provider.config.oauthClients.google) });

// The Next.js host (hosts/next), once `npm run build:next` (or npm test) has built it: its own
// server, since its pages render on a server. Its protected page needs the server API's
// settings (README "Next.js"), passed through when set.
let next: ChildProcess | undefined;
const nextBuilt = existsSync('hosts/next/.next/BUILD_ID');
if (nextBuilt) {
  next = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', 'hosts/next', '-p', String(nextPort), '-H', 'localhost'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', STYTCH_PUBLIC_TOKEN: publicToken, STYTCH_PROVIDER_URL: provider.url },
  });
}

const watchers = process.env.NO_WATCH
  ? []
  : await Promise.all(
      Object.entries({ ...builds, ...hostBuilds }).map(([name, options]) => watch(watchOptions(options), name)),
    );

console.log(`
  Provider:      ${provider.url}
  Public token:  ${publicToken}
  Demo:          ${demo.url}
  Playground:    ${demo.url}/playground.html
  Host apps:     ${demo.url}/hosts/react-sdk/  /hosts/react/  /hosts/vue/  /hosts/angular/
  Next.js host:  ${nextBuilt ? `http://localhost:${nextPort}` : 'not built (npm run build:next)'}
  Outbox:        ${provider.url}/dev/outbox

  Open ${demo.url} in your browser. Ctrl-C stops everything.
`);
if (provider.devPages) console.warn(DEV_PAGES_WARNING);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  next?.kill();
  await Promise.all(watchers.map((w) => w.dispose()));
  await demo.close();
  await provider.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
