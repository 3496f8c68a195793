import { resolve } from 'node:path';
import { startProvider } from './server.ts';

/** CLI entry: `npm run provider`. Honours PROVIDER_PORT, DATA_DIR, DATABASE_URL, PROJECT_FILE. */
const provider = await startProvider({
  port: Number(process.env.PROVIDER_PORT ?? 8787),
  dataDir: resolve(process.env.DATA_DIR ?? '.data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  projectFile: process.env.PROJECT_FILE || undefined,
});
console.log(`provider: ${provider.url}`);
console.log(`public token: ${provider.config.publicTokens.test ?? provider.config.publicTokens.live}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    provider.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('provider: shutdown failed', e);
        process.exit(1);
      },
    );
  });
}
