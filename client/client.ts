import { Bootstrap, isValidDomain, type BootstrapData } from './core/bootstrap.ts';
import { browserEnv, type ClientEnv } from './core/env.ts';
import { PKCEStore } from './core/pkce.ts';
import { Telemetry, type ClientEvent } from './core/telemetry.ts';
import { CAPTCHA_ACTION, Transport, type CaptchaProvider, type DFPProvider } from './core/transport.ts';
import { StytchSDKError } from './errors.ts';
import { IframeChannel, type ClientsideServices, type OneTapStartResult } from './phone/channel.ts';
import { formatPhoneForDisplay, parsePhoneForSubmit, type ParsedPhone } from './phone/parse.ts';
import { SessionCookies } from './session/cookies.ts';
import { SessionManager } from './session/manager.ts';
import type { ApiContext } from './api/context.ts';
import { cryptoWallets, search, totps } from './api/factors.ts';
import { magicLinks } from './api/magic-links.ts';
import { oauth } from './api/oauth.ts';
import { otps } from './api/otps.ts';
import { passwords } from './api/passwords.ts';
import { session, user } from './api/user.ts';
import { webauthn } from './api/webauthn.ts';

export const TEST_API_URL = 'https://test.stytch.com';
export const LIVE_API_URL = 'https://api.stytch.com';

/** Options of `createClient`. */
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

/** Creates a headless client for one public token. Browser only. */
export function createClient(publicToken: string, options: ClientOptions = {}) {
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
  let manager: SessionManager | undefined;
  const transport = new Transport(env, publicToken, baseUrl ?? defaultBaseUrl(publicToken), {
    sessionToken: () => manager?.getTokens()?.session_token,
    userId: () => manager?.getUser()?.user_id,
    sessionId: () => manager?.getSession()?.session_id,
  });
  const bootstrap = new Bootstrap(env, transport, publicToken);
  const applyCname = (b: BootstrapData, warn: boolean) => {
    if (explicitEndpoint || !b.cname_domain) return;
    if (isValidDomain(b.cname_domain)) transport.baseUrl = `https://${b.cname_domain}`;
    else if (warn) env.console.warn(`Unable to use custom API domain \`${b.cname_domain}\`. cname_domain should be a valid domain.`);
  };
  applyCname(bootstrap.getSync(), false);
  const offBootstrap = bootstrap.onChange((b) => applyCname(b, true));
  const customEndpoint = explicitEndpoint || transport.baseUrl !== defaultBaseUrl(publicToken);
  manager = new SessionManager(env, new SessionCookies(env.cookies, options.cookieDomain), transport, publicToken, customEndpoint, options.keepSessionAlive !== false);

  const ctx: ApiContext = {
    env,
    transport,
    session: manager,
    bootstrap,
    pkce: {
      magicLinks: new PKCEStore(env.storage, `stytch_sdk_pkce_magic_links::${publicToken}`, env.random, env.sha256),
      passwords: new PKCEStore(env.storage, `stytch_sdk_pkce_passwords::${publicToken}`, env.random, env.sha256),
      oauth: new PKCEStore(env.storage, `stytch_sdk_pkce_oauth::${publicToken}`, env.random, env.sha256),
    },
    captcha: options.captcha,
    dfp: options.dfp,
  };
  transport.onCaptchaRequired = async () => ({
    captcha_token: await options.captcha?.getToken(bootstrap.getSync().captcha_settings.siteKey, CAPTCHA_ACTION).catch(() => undefined),
    dfp_telemetry_id: await options.dfp?.getTelemetryId().catch(() => undefined),
  });

  const telemetry = new Telemetry(env, publicToken, () => transport.baseUrl, () => transport.telemetry());
  let channel: IframeChannel | undefined;
  const services = (): ClientsideServices => {
    const url = options.clientsideServicesUrl ?? `${transport.baseUrl.replace(/\/+$/, '')}/clientside-services/index.html`;
    if (!env.document) throw new StytchSDKError('The clientside services need a document.');
    const doc = env.document;
    return (channel ??= new IframeChannel(url, () => doc));
  };
  let disposed = false;

  return {
    publicToken,
    magicLinks: magicLinks(ctx),
    otps: otps(ctx),
    oauth: oauth(ctx),
    passwords: passwords(ctx),
    webauthn: webauthn(ctx),
    cryptoWallets: cryptoWallets(ctx),
    totps: totps(ctx),
    user: { ...user(ctx), search: search(ctx).searchUser },
    organizations: { members: { search: search(ctx).searchMember } },
    session: session(ctx),
    /** Project settings: read synchronously, refreshed in the background. */
    bootstrap: { getSync: () => bootstrap.getSync(), ready: () => bootstrap.ready(), onChange: (l: (b: BootstrapData) => void) => bootstrap.onChange(l) },
    /** Phone parsing through the clientside-services channel, with the SPEC §5 timeouts and fallbacks. */
    phone: {
      parse: (phoneNumber: string, regionCode?: string): Promise<ParsedPhone> => parsePhoneForSubmit(services(), env.timers, phoneNumber, regionCode),
      format: (phoneNumber: string, regionCode?: string): Promise<string> => formatPhoneForDisplay(services(), env.timers, phoneNumber, regionCode),
      example: (regionCode: string) => services().getExamplePhoneNumber({ regionCode }),
    },
    /** Google One Tap through the clientside-services page: its settings, then the credential exchange. */
    oneTap: {
      start: (): Promise<OneTapStartResult> => services().oneTapStart({ publicToken }) as Promise<OneTapStartResult>,
      submit: (o: { idToken: string; oauthCallbackId: string; loginRedirectURL?: string; signupRedirectURL?: string }): Promise<{ redirect_url: string }> =>
        services().oneTapSubmit({ publicToken, idToken: o.idToken, oauthCallbackID: o.oauthCallbackId, loginRedirectURL: o.loginRedirectURL, signupRedirectURL: o.signupRedirectURL }) as Promise<{ redirect_url: string }>,
    },
    /** Queues a client event for the batched telemetry. */
    logEvent: (event: ClientEvent): void => telemetry.log(event),
    /** Stops every timer and listener and flushes telemetry. */
    dispose(): void {
      if (disposed) return;
      disposed = true;
      manager?.dispose();
      telemetry.dispose();
      channel?.dispose();
      offBootstrap();
      const n = (live.get(publicToken) ?? 1) - 1;
      if (n > 0) live.set(publicToken, n);
      else live.delete(publicToken);
    },
  };
}

/** The headless client. */
export type Client = ReturnType<typeof createClient>;
