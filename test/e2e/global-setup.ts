import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo } from '../../demo/server.ts';
import { startProvider } from '../../provider/server.ts';

/**
 * Starts a provider on a fresh embedded database and the demo site, both on free ports, for
 * the whole run. Tests read the URLs from the environment, which workers inherit.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-provider-'));
  const projectFile = join(dataDir, 'project.json');
  // The demo origin is only known once it listens, so the provider starts after it.
  const publicToken = 'public-token-test-e2e00000-0000-4000-8000-000000000000';
  const demo = await startDemo({ port: 0, providerUrl: 'about:blank', publicToken });
  await demo.close();
  const demoPort = Number(new URL(demo.url).port);
  const demoOrigin = `http://localhost:${demoPort}`;
  writeFileSync(
    projectFile,
    JSON.stringify({
      publicTokens: { test: publicToken },
      authorizedOrigins: [demoOrigin],
      redirectUrls: ['authenticate.html', 'reset-password.html', 'index.html', 'b2b.html'].map((p) => `${demoOrigin}/${p}`),
      // Every browser of every worker reaches this provider from 127.0.0.1: budgets meant for
      // one person's IP would be shared by the whole run, and met sooner the more workers run.
      // The per-address limits, which tests do meet, stay as shipped.
      sendLimits: { perIp: 1_000_000 },
      eventLimits: { batchesPerIpPerMinute: 1_000_000 },
      passwordIpLimit: { maxFailures: 1_000_000 },
    }),
  );
  // The provider's clock runs with the real one but can be moved ahead, so a test can see a
  // code expire without waiting. Workers are other processes: they move it over loopback.
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const control = createServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms'));
    if (req.method !== 'POST' || !Number.isFinite(ms) || ms < 0) return void res.writeHead(400).end();
    offsetMs += ms;
    res.writeHead(204).end();
  });
  await new Promise<void>((ok) => control.listen(0, '127.0.0.1', ok));
  const provider = await startProvider({ port: 0, dataDir, projectFile, env: {}, clock });
  const site = await startDemo({ port: demoPort, providerUrl: provider.url, publicToken });
  process.env.E2E_DEMO_URL = site.url;
  process.env.E2E_PROVIDER_URL = provider.url;
  process.env.E2E_PUBLIC_TOKEN = publicToken;
  process.env.E2E_CLOCK_URL = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return async () => {
    await site.close();
    await provider.close();
    control.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
