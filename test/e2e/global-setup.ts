import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemo } from '../../demo/server.ts';
import { startProvider } from '../../provider/server.ts';
import { createDatabase, freePort } from '../provider/harness.ts';

/**
 * Starts a provider on a fresh embedded database and the demo site, both on free ports, for
 * the whole run. Tests read the URLs from the environment, which workers inherit.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-provider-'));
  const projectFile = join(dataDir, 'project.json');
  // The demo origin is only known once it listens, so the provider starts after it.
  const publicToken = 'public-token-test-e2e00000-0000-4000-8000-000000000000';
  const b2bPublicToken = 'public-token-test-e2eb2b00-0000-4000-8000-000000000000';
  const demoPort = await freePort();
  const demoOrigin = `http://localhost:${demoPort}`;
  // The Next.js host (next.spec.ts starts it on this port when it runs) is another origin of the project.
  const nextPort = await freePort();
  // And the README's Next.js snippets, run as an app of their own (next.spec.ts).
  const nextReadmePort = await freePort();
  // npm start's development build, when the test run made one beside the production build the
  // other specs drive: the demo as a newcomer sees it, console warnings and all (demo-console.spec.ts).
  const devDist = fileURLToPath(new URL('../../.test-results/dist-dev/', import.meta.url));
  const devOrigin = existsSync(join(devDist, 'stytch-ui.js')) ? `http://localhost:${await freePort()}` : undefined;
  writeFileSync(
    projectFile,
    JSON.stringify({
      publicTokens: { test: publicToken, b2b: b2bPublicToken },
      authorizedOrigins: [demoOrigin, `http://localhost:${nextPort}`, `http://localhost:${nextReadmePort}`, ...(devOrigin ? [devOrigin] : [])],
      redirectUrls: ['authenticate.html', 'reset-password.html', 'index.html', 'b2b.html'].map((p) => `${demoOrigin}/${p}`),
      // Every browser of every worker reaches this provider from 127.0.0.1: budgets meant for
      // one person's IP would be shared by the whole run, and met sooner the more workers run.
      // The per-address limits, which tests do meet, stay as shipped.
      sendLimits: { perIp: 1_000_000 },
      eventLimits: { batchesPerIpPerMinute: 1_000_000 },
      passwordIpLimit: { maxFailures: 1_000_000 },
      // The SSO tests' OIDC issuer runs on loopback, which the provider otherwise refuses to call.
      outbound: { allowedRanges: ['127.0.0.1/32'] },
    }),
  );
  // The provider's clock runs with the real one but can be moved ahead, so a test can see a
  // code expire without waiting. Workers are other processes: they move it over loopback.
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const control = createServer((req, res) => {
    // GET: how far ahead the provider's clock is (a test computing an authenticator code needs its time).
    if (req.method === 'GET') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ offsetMs }));
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms'));
    if (req.method !== 'POST' || !Number.isFinite(ms) || ms < 0) return void res.writeHead(400).end();
    offsetMs += ms;
    res.writeHead(204).end();
  });
  await new Promise<void>((ok) => control.listen(0, '127.0.0.1', ok));
  // A project secret, for the official Node SDK (server API) that the Next.js host's server calls.
  const secret = `secret-test-${randomBytes(24).toString('base64url')}`;
  // On PostgreSQL when the run has one (CI does): the embedded database cost the run's one
  // provider, in this process, about a tenth of the suite's CPU, and both databases are the
  // provider suite's to cover. Without one, the embedded database, as npm start runs it.
  const database = process.env.TEST_DATABASE_URL ? await createDatabase() : undefined;
  const provider = await startProvider({
    port: 0,
    dataDir,
    projectFile,
    databaseUrl: database?.url,
    // As npm start runs it: the demo's consent page is the authorization endpoint, and MCP
    // clients may register themselves (connected-apps.spec.ts).
    env: {
      DEV_PAGES: '1',
      PROJECT_SECRETS: secret,
      OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8,::1/128',
      CONNECTED_APPS_AUTHORIZATION_URL: `${demoOrigin}/authorize`,
      CONNECTED_APPS_DYNAMIC_REGISTRATION: 'true',
    },
    clock,
  });
  // The Node SDK talks only to an https base URL: a TLS front door (the tests' self-signed
  // localhost certificate) that passes each request to the provider as it came.
  const tls = { cert: readFileSync(new URL('../fixtures/tls/localhost-cert.pem', import.meta.url)), key: readFileSync(new URL('../fixtures/tls/localhost-key.pem', import.meta.url)) };
  const front = createHttpsServer(tls, (req, res) => {
    const upstream = httpRequest(`${provider.url}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => front.listen(0, '127.0.0.1', ok));
  // As npm start runs it: the demo's local OIDC issuer is reached on loopback (OUTBOUND_ALLOWED_RANGES
  // above), and its B2B admin page acts through the server API with the project secret.
  const site = await startDemo({ port: demoPort, providerUrl: provider.url, publicToken, b2bPublicToken, serverApi: { url: provider.url, projectId: provider.config.projectId, secret } });
  process.env.E2E_DEMO_URL = site.url;
  const devSite = devOrigin
    ? await startDemo({
        port: Number(new URL(devOrigin).port),
        dist: devDist,
        providerUrl: provider.url,
        publicToken,
        b2bPublicToken,
        serverApi: { url: provider.url, projectId: provider.config.projectId, secret },
      })
    : undefined;
  process.env.E2E_DEMO_DEV_URL = devSite?.url ?? site.url;
  process.env.E2E_PROVIDER_URL = provider.url;
  process.env.E2E_PUBLIC_TOKEN = publicToken;
  process.env.E2E_B2B_PUBLIC_TOKEN = b2bPublicToken;
  process.env.E2E_PROVIDER_HTTPS_URL = `https://localhost:${(front.address() as AddressInfo).port}`;
  process.env.E2E_PROJECT_ID = provider.config.projectId;
  process.env.E2E_PROJECT_SECRET = secret;
  process.env.E2E_NEXT_PORT = String(nextPort);
  process.env.E2E_NEXT_README_PORT = String(nextReadmePort);
  process.env.E2E_CLOCK_URL = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return async () => {
    await site.close();
    await devSite?.close();
    await provider.close();
    await database?.drop();
    control.close();
    front.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
