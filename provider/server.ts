import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadProjectConfig, type ProjectConfig } from './config.ts';
import { systemClock, type Clock } from './context.ts';
import { openDatabase } from './db/index.ts';
import { Delivery } from './services/delivery.ts';
import { SigningKeys } from './services/jwt.ts';
import { ProjectSecrets } from './services/project-secrets.ts';
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
  /** PEM certificate and key: serve HTTPS (the official Node SDK only talks to an https base URL). */
  tls?: { cert: string | Buffer; key: string | Buffer };
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
  const projectFile = options.projectFile ?? join(options.dataDir, 'project.json');
  const config = loadProjectConfig(projectFile, env);
  const db = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const devPages = env.NODE_ENV !== 'production' || env.DEV_PAGES === '1';
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const secrets = SecretBox.load(env, join(options.dataDir, 'secrets.key'));
  const app = createApp({
    config,
    db,
    devPages,
    clock,
    keys: new SigningKeys(db, now, secrets),
    secrets,
    projectSecrets: new ProjectSecrets(projectFile, env, config.secrets, now),
    delivery: new Delivery({ outbox: config.delivery.outbox || devPages, smtpUrl: config.delivery.smtpUrl, from: config.delivery.from }, now),
    env: config.publicTokens.test ? 'test' : 'live',
  });
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const tls = options.tls ? { createServer: createHttpsServer, serverOptions: { cert: options.tls.cert, key: options.tls.key } } : {};
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host, ...tls }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    port,
    config,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets would hold close() open; nothing more is served after this.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await db.close();
      })();
      return closing;
    },
  };
}
