// The provider the way `npm start` runs it: the demo's origins allowed, a development secret
// it can print on every start, and the server API over HTTPS on loopback as well, with a
// certificate of its own, so a backend using the official Node SDK (which refuses an http base
// URL) follows the README as written. Shared by scripts/dev.ts and the test of the README's backend.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { envSecrets } from '../../provider/services/project-secrets.ts';
import { startProvider, type RunningProvider } from '../../provider/server.ts';

export interface DevProviderOptions {
  port: number;
  /** The HTTPS port for backends (`PROVIDER_HTTPS_PORT`); unused when the provider serves HTTPS itself. */
  httpsPort: number;
  dataDir: string;
  databaseUrl?: string;
  projectFile?: string;
  /** The origins of the demo site, authorized with their return pages. */
  demoOrigins: string[];
  env: NodeJS.ProcessEnv;
}

export interface DevProvider {
  provider: RunningProvider;
  /** Where a backend sends the server API: HTTPS. */
  serverApiUrl: string;
  /** The certificate a backend's Node trusts (`NODE_EXTRA_CA_CERTS`); the user's own with TLS_CERT_FILE. */
  certFile: string;
  projectId: string;
  /** A secret the server API accepts: the development one, or "from PROJECT_SECRETS" when the user passed theirs. */
  secret: string;
}

const PAGES = ['authenticate.html', 'reset-password.html', 'index.html', 'b2b.html'];

/** Reads `file`, or writes `make()` to it first (mode 600: these are secrets). */
function keptIn(file: string, make: () => string): string {
  if (!existsSync(file)) writeFileSync(file, make(), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** A self-signed certificate for localhost and 127.0.0.1, made once and kept in `dir`. */
async function loopbackCertificate(dir: string): Promise<{ certFile: string; keyFile: string }> {
  const certFile = join(dir, 'localhost-cert.pem');
  const keyFile = join(dir, 'localhost-key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 5 * 365 * 86_400_000),
      extensions: [
        // Its own authority, so NODE_EXTRA_CA_CERTS=<it> is all a backend's Node needs.
        { name: 'basicConstraints', cA: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    });
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert);
  }
  return { certFile, keyFile };
}

export async function startDevProvider(options: DevProviderOptions): Promise<DevProvider> {
  const { env, demoOrigins } = options;
  mkdirSync(options.dataDir, { recursive: true });
  // The demo origin is authorized, and its return pages allow-listed, on top of whatever the
  // project file or environment already says.
  const origins = [env.AUTHORIZED_ORIGINS, ...demoOrigins].filter(Boolean).join(',');
  const redirects = [env.REDIRECT_URLS, ...demoOrigins.flatMap((o) => PAGES.map((p) => `${o}/${p}`))].filter(Boolean).join(',');
  // A development secret kept beside the database, so every start can print it (npm run provider
  // prints its first secret once and keeps only the hash). The user's PROJECT_SECRETS win.
  const own = envSecrets(env).length > 0;
  const devSecret = own ? undefined : keptIn(join(options.dataDir, 'dev-secret'), () => `secret-test-${randomBytes(32).toString('base64url')}\n`);
  const userTls = env.TLS_CERT_FILE && env.TLS_KEY_FILE ? { certFile: env.TLS_CERT_FILE, keyFile: env.TLS_KEY_FILE } : undefined;
  const loopback = userTls ? undefined : await loopbackCertificate(join(options.dataDir, 'tls'));
  const read = (c: { certFile: string; keyFile: string }) => ({ cert: readFileSync(c.certFile), key: readFileSync(c.keyFile) });
  const provider = await startProvider({
    port: options.port,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    projectFile: options.projectFile,
    // `npm start` is development: the outbox and consent simulator are on (loopback only), and
    // the demo's local identity providers may be reached on loopback; the user's settings win.
    env: {
      NODE_ENV: 'development',
      OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8,::1/128',
      ...env,
      AUTHORIZED_ORIGINS: origins,
      REDIRECT_URLS: redirects,
      ...(devSecret ? { PROJECT_SECRETS: devSecret } : {}),
    },
    // TLS_CERT_FILE/TLS_KEY_FILE: the provider itself serves HTTPS, as with `npm run provider`.
    tls: userTls ? read(userTls) : undefined,
    alsoHttps: loopback ? { port: options.httpsPort, ...read(loopback) } : undefined,
  });
  return {
    provider,
    serverApiUrl: provider.httpsUrl ?? provider.url,
    certFile: (userTls ?? loopback)!.certFile,
    projectId: provider.config.projectId,
    secret: devSecret ?? '(one of PROJECT_SECRETS)',
  };
}
