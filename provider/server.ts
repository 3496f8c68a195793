import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadProjectConfig, type ProjectConfig } from './config.ts';
import { systemClock, type Clock } from './context.ts';
import { openDatabase } from './db/index.ts';
import { Delivery } from './services/delivery.ts';
import { transportsFor } from './services/transports/index.ts';
import { SigningKeys } from './services/jwt.ts';
import { SecretBox } from './services/secrets.ts';

export interface ProviderOptions {
  port?: number;
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  /** Project file; defaults to `<dataDir>/project.json`, seeded on first start. */
  projectFile?: string;
  env?: NodeJS.ProcessEnv;
  /** Time source; tests pass a movable clock. */
  clock?: Clock;
}

export interface RunningProvider {
  url: string;
  port: number;
  config: ProjectConfig;
  close(): Promise<void>;
}

/** Starts the provider and resolves once it accepts connections. */
export async function startProvider(options: ProviderOptions): Promise<RunningProvider> {
  const env = options.env ?? process.env;
  const config = loadProjectConfig(options.projectFile ?? join(options.dataDir, 'project.json'), env);
  const db = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const devPages = env.NODE_ENV !== 'production' || env.DEV_PAGES === '1';
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const secrets = SecretBox.load(env, join(options.dataDir, 'secrets.key'));
  const delivery = new Delivery({ outbox: config.delivery.outbox || devPages, retry: config.delivery.retry }, now, transportsFor(config));
  const app = createApp({
    config,
    db,
    devPages,
    clock,
    keys: new SigningKeys(db, now, secrets),
    secrets,
    delivery,
    env: config.publicTokens.test ? 'test' : 'live',
  });
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    port,
    config,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets would hold close() open; nothing more is served after this.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        delivery.close();
        await db.close();
      })();
      return closing;
    },
  };
}
