import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
      redirectUrls: ['authenticate.html', 'reset-password.html', 'index.html'].map((p) => `${demoOrigin}/${p}`),
    }),
  );
  const provider = await startProvider({ port: 0, dataDir, projectFile, env: {} });
  const site = await startDemo({ port: demoPort, providerUrl: provider.url, publicToken });
  process.env.E2E_DEMO_URL = site.url;
  process.env.E2E_PROVIDER_URL = provider.url;
  process.env.E2E_PUBLIC_TOKEN = publicToken;
  return async () => {
    await site.close();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
