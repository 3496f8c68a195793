import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { devPagesRequested, loadProjectConfig, type ProjectConfig } from './config.ts';
import { systemClock, type Clock } from './context.ts';
import { openDatabase, type Database } from './db/index.ts';
import { Delivery } from './services/delivery.ts';
import { outboundFetch } from './services/outbound.ts';
import { OutsideCache } from './services/outside-cache.ts';
import { transportsFor } from './services/transports/index.ts';
import { SigningKeys } from './services/jwt.ts';
import { sweepRateLimits } from './services/limits.ts';
import { logRepeatMs, RepeatedLines } from './services/repeated-lines.ts';
import { assertStrongSecrets, ProjectSecrets } from './services/project-secrets.ts';
import { assertStoredSecretsOpen, SecretBox } from './services/secrets.ts';
import { ApiError, errorBody } from './http/errors.ts';

/**
 * Requests Node refuses before the application sees them (headers over its 16 KB limit, bad
 * HTTP) are answered in the error shape too, instead of Node's empty body; the connection
 * closes, as the rest of such a request cannot be trusted.
 */
function answerParseErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const apiError =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? new ApiError(431, 'request_header_fields_too_large', 'The request headers are too large.')
        : new ApiError(400, 'bad_request', 'The request is not valid HTTP.');
    const body = JSON.stringify(errorBody(apiError));
    const reason = apiError.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${apiError.status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` + `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

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
  /**
   * The same provider over HTTPS on a second port as well (`npm start`: pages keep the plain
   * HTTP port, a backend using the official Node SDK, which refuses an http base URL, this one).
   */
  alsoHttps?: { port?: number; cert: string | Buffer; key: string | Buffer };
}

export interface RunningProvider {
  url: string;
  port: number;
  /** The `alsoHttps` listener's URL, when one was asked for. */
  httpsUrl?: string;
  config: ProjectConfig;
  /** The provider's database, for tests and tools that look at stored rows. */
  db: Database;
  /** Whether the development pages (outbox, consent simulator) are served, to loopback clients only. */
  devPages: boolean;
  /** The Node server, for tests that hand it a connection of their own. */
  server: Server;
  /** Waits for the messages being recorded after their request's answer (reset starts), so a test reading the outbox finds them. */
  recorded(): Promise<void>;
  /** The cache of documents fetched from outside, for tests that check its bound. */
  outsideCache: { readonly size: number; readonly bytes: number };
  /** Every route the application serves (method and path pattern), for tests that visit them all. */
  routes: ReadonlyArray<{ method: string; path: string }>;
  close(): Promise<void>;
}

/** Starts the provider and resolves once it accepts connections. */
export async function startProvider(options: ProviderOptions): Promise<RunningProvider> {
  const env = options.env ?? process.env;
  const projectFile = options.projectFile ?? join(options.dataDir, 'project.json');
  const config = loadProjectConfig(projectFile, env);
  assertStrongSecrets(env);
  const repeatMs = logRepeatMs(env);
  const repeated = new RepeatedLines(repeatMs);
  const db = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const devPages = devPagesRequested(env);
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const keyFile = join(options.dataDir, 'secrets.key');
  let secrets: SecretBox;
  try {
    secrets = SecretBox.load(env, keyFile);
    await assertStoredSecretsOpen(db, secrets, env.SECRETS_KEY ? 'SECRETS_KEY' : `key file ${keyFile} (SECRETS_KEY is not set)`);
  } catch (e) {
    await db.close();
    throw e;
  }
  const outbound = outboundFetch(config.outbound);
  const o = config.outbound;
  const outsideCache = new OutsideCache({ maxEntries: o.cacheEntries, maxBytes: o.cacheBytes, ttlMs: o.cacheSeconds * 1000 }, clock);
  const delivery = new Delivery(
    { outbox: config.delivery.outbox || devPages, retry: config.delivery.retry, queuedGraceMs: config.delivery.queue.graceSeconds * 1000 },
    now,
    transportsFor(config, outbound),
  );
  const app = createApp({
    config,
    db,
    devPages,
    clock,
    keys: new SigningKeys(db, now, secrets),
    secrets,
    projectSecrets: new ProjectSecrets(projectFile, env, config.secrets, now),
    delivery,
    outbound,
    outsideCache,
    env: config.publicTokens.test ? 'test' : 'live',
    logRepeatMs: repeatMs,
  });
  // Old rate-limit counters go every ten minutes; a day is longer than any window but a configured one.
  const keepSeconds = Math.max(86_400, config.passwordIpLimit.windowSeconds, config.sendLimits.windowSeconds);
  const sweeper = setInterval(() => {
    sweepRateLimits(db, clock.now(), keepSeconds).catch((e: Error) => console.error(`provider: rate-limit sweep failed: ${e.message}`));
  }, 10 * 60_000);
  sweeper.unref();
  // Messages committed but never handed over (a crash, a worker that died mid-send) go out
  // from whichever process sweeps first: once now, after a restart, then every pollSeconds.
  let draining: Promise<void> | undefined;
  const drain = () => {
    // One sweep at a time per process; a full batch means more may be waiting.
    draining ??= (async () => {
      while ((await delivery.sendQueued(db, 20)) === 20);
    })()
      .catch((e: Error) => repeated.log('queue sweep', `provider: message queue sweep failed: ${e.message}`))
      .finally(() => (draining = undefined));
  };
  const queueSweeper = setInterval(drain, config.delivery.queue.pollSeconds * 1000);
  queueSweeper.unref();
  drain();
  const host = options.host ?? '127.0.0.1';
  const listen = (port: number, tls?: { cert: string | Buffer; key: string | Buffer }) =>
    new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const https = tls ? { createServer: createHttpsServer, serverOptions: { cert: tls.cert, key: tls.key } } : {};
      const s = serve({ fetch: app.fetch, port, hostname: host, ...https }, () => resolve(s));
      s.once('error', reject);
    });
  const servers: ReturnType<typeof serve>[] = [];
  try {
    servers.push(await listen(options.port ?? 0, options.tls));
    if (options.alsoHttps) servers.push(await listen(options.alsoHttps.port ?? 0, options.alsoHttps));
  } catch (e) {
    for (const s of servers) s.close();
    clearInterval(sweeper);
    clearInterval(queueSweeper);
    await draining;
    delivery.close();
    await outbound.close();
    await db.close();
    throw e;
  }
  for (const s of servers) answerParseErrors(s as Server);
  const [server, httpsServer] = servers as [ReturnType<typeof serve>, ReturnType<typeof serve> | undefined];
  const port = (server.address() as AddressInfo).port;
  const urlOf = (scheme: string, p: number) => `${scheme}://${host === '127.0.0.1' ? 'localhost' : host}:${p}`;
  let closing: Promise<void> | undefined;
  return {
    url: urlOf(options.tls ? 'https' : 'http', port),
    httpsUrl: httpsServer ? urlOf('https', (httpsServer.address() as AddressInfo).port) : undefined,
    port,
    config,
    db,
    devPages,
    server: server as Server,
    outsideCache,
    recorded: () => delivery.recorded(),
    routes: [...new Map(app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }])).values()],
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        clearInterval(queueSweeper);
        await Promise.all(
          servers.map(
            (s) =>
              new Promise<void>((resolve) => {
                s.close(() => resolve());
                // Keep-alive sockets would hold close() open; nothing more is served after this.
                if ('closeAllConnections' in s) s.closeAllConnections();
              }),
          ),
        );
        // Messages still being sent in the background finish (or fail) before the database goes.
        await delivery.drain();
        await draining;
        delivery.close();
        await outbound.close();
        await db.close();
      })();
      return closing;
    },
  };
}
