import { Bootstrap, isValidDomain, type BootstrapData } from './core/bootstrap.ts';
import { browserEnv, type ClientEnv } from './core/env.ts';
import { PKCEStore } from './core/pkce.ts';
import { Telemetry } from './core/telemetry.ts';
import { CAPTCHA_ACTION, Transport, type CaptchaProvider, type DFPProvider } from './core/transport.ts';
import { StytchSDKError } from './errors.ts';
import { SessionCookies } from './session/cookies.ts';
import type { SessionTokens, User } from './session/types.ts';

export const TEST_API_URL = 'https://test.stytch.com';
export const LIVE_API_URL = 'https://api.stytch.com';

/** Options of `createClient` and `createB2BClient`. */
export interface ClientOptions {
  /** The provider's base URL, kept exactly as given (scheme, host, port, path prefix). */
  baseUrl?: string;
  /** A custom API domain (host name only); https is used. Ignored with a warning when not a valid domain. */
  apiDomain?: string;
  /** The clientside-services page for phone parsing and One Tap. */
  clientsideServicesUrl?: string;
  /** Domain for the session cookies (default: the page's host). */
  cookieDomain?: string;
  /** Refresh the session in the background every 180000 ms (default true). */
  keepSessionAlive?: boolean;
  captcha?: CaptchaProvider;
  dfp?: DFPProvider;
  /** Replacements for fetch, timers, storage, cookies and the other side effects. */
  env?: Partial<ClientEnv>;
}

const live = new Map<string, number>();

/** Where calls go when the caller named no endpoint: the hosted test or live provider. */
export function defaultBaseUrl(publicToken: string): string {
  return publicToken.startsWith('public-token-test') ? TEST_API_URL : LIVE_API_URL;
}

/** What the shared core asks of a session manager (B2C `SessionManager`, or the B2B one). */
export interface CoreSession {
  getTokens(): SessionTokens | null;
  /** The state as it is now, read when called (`SessionStore.now`). */
  now(): () => unknown;
  dispose(): void;
}

/** The session manager class a client variant keeps (B2C or B2B). */
export type ManagerClass<M> = new (env: ClientEnv, cookies: SessionCookies, transport: Transport, publicToken: string, customEndpoint: () => boolean, keepAlive: boolean) => M;

/**
 * What both headless clients share: the environment, the transport with its endpoint rules,
 * bootstrap, the session manager, PKCE stores, captcha and telemetry, and the start of the
 * line's part loaded on demand (`preloadPart`, core/on-demand.ts). Browser only.
 */
export function createCore<M extends CoreSession>(publicToken: string, options: ClientOptions, Manager: ManagerClass<M>, preloadPart: () => void) {
  const env: ClientEnv = { ...browserEnv(), ...options.env };
  if (env.isServer) throw new StytchSDKError('The client can only be created in a browser; create it on the client side, not during server rendering.');
  if (typeof publicToken !== 'string' || !publicToken.startsWith('public-token-')) {
    env.console.warn('Public token is malformed. Expected "public-token-..." but got ' + JSON.stringify(publicToken));
  }
  const count = (live.get(publicToken) ?? 0) + 1;
  live.set(publicToken, count);
  if (count > 1) env.console.warn('Several clients were created for one public token; they compete for one session. Create one client and share it.');

  let baseUrl = options.baseUrl;
  if (!baseUrl && options.apiDomain !== undefined) {
    if (isValidDomain(options.apiDomain)) baseUrl = `https://${options.apiDomain}`;
    else env.console.warn(`Unable to use custom API domain \`${options.apiDomain}\`. apiDomain should be a valid domain.`);
  }
  const explicitEndpoint = !!baseUrl;
  // Filled below: the transport needs the session for headers, the session needs the transport for refresh.
  let manager: M | undefined;
  const transport = new Transport(env, publicToken, baseUrl ?? defaultBaseUrl(publicToken), {
    sessionToken: () => manager?.getTokens()?.session_token,
    who: () => {
      const state = manager?.now();
      return () => {
        // A B2B state has no user, and its session's id is a member session's.
        const s = state?.() as { user?: User | null; session?: { session_id?: string } | null } | undefined;
        return { stytch_user_id: s?.user?.user_id, stytch_session_id: s?.session?.session_id };
      };
    },
  });
  const bootstrap = new Bootstrap(env, transport, publicToken);
  const applyCname = (b: BootstrapData, warn: boolean) => {
    if (explicitEndpoint || !b.cname_domain) return;
    if (isValidDomain(b.cname_domain)) transport.baseUrl = `https://${b.cname_domain}`;
    else if (warn) env.console.warn(`Unable to use custom API domain \`${b.cname_domain}\`. cname_domain should be a valid domain.`);
  };
  // The stored bootstrap's domain applies before anything reads where calls go (not as the client
  // is created: reading storage then held back a widget's first paint, bench/RESULTS.md).
  transport.beforeFirstUse = () => applyCname(bootstrap.getSync(), false);
  const offBootstrap = bootstrap.onChange((b) => applyCname(b, true));
  const customEndpoint = () => explicitEndpoint || transport.baseUrl !== defaultBaseUrl(publicToken);
  const session = (manager = new Manager(env, new SessionCookies(env.cookies, options.cookieDomain), transport, publicToken, customEndpoint, options.keepSessionAlive !== false));
  // The line's part loaded on demand (its checks and its calls' code) is fetched once bootstrap's
  // request has ended. Every call waits for its answer anyway, and a widget has painted by then
  // (it does not wait for bootstrap): fetched sooner, the chunk arrived and ran during the
  // widget's first render and held back its paint (bench/RESULTS.md). A call made before finds
  // its own way to it (core/on-demand.ts).
  let disposed = false;
  void bootstrap.settled().then(() => disposed || preloadPart());
  const pkce = (name: string) => new PKCEStore(env.storage, `stytch_sdk_pkce_${name}::${publicToken}`, env.random, env.sha256);

  transport.onCaptchaRequired = async () => ({
    captcha_token: await options.captcha?.getToken(bootstrap.getSync().captcha_settings.siteKey, CAPTCHA_ACTION).catch(() => undefined),
    dfp_telemetry_id: await options.dfp?.getTelemetryId().catch(() => undefined),
  });
  const telemetry = new Telemetry(
    env,
    publicToken,
    () => transport.baseUrl,
    () => transport.stamp(),
    (s) => transport.telemetry(s),
  );

  return {
    env,
    transport,
    bootstrap,
    session,
    pkce,
    telemetry,
    /** Stops the session manager, telemetry and bootstrap listener (once). */
    dispose(): void {
      if (disposed) return;
      disposed = true;
      session.dispose();
      telemetry.dispose();
      offBootstrap();
      const n = (live.get(publicToken) ?? 1) - 1;
      if (n > 0) live.set(publicToken, n);
      else live.delete(publicToken);
    },
  };
}
