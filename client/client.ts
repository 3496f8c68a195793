import type { BootstrapData } from './core/bootstrap.ts';
import { deferredNamespaces, onDemand, PRELOAD_CALLS, type CallShape } from './core/on-demand.ts';
import type { ClientEvent } from './core/telemetry.ts';
import type { OneTapStartResult } from './phone/channel.ts';
import { servicesUrl } from './phone/services-url.ts';
import { OAuthProviders } from './schemas/oauth-providers.ts';
import { SessionManager } from './session/manager.ts';
import { createCore, type ClientOptions } from './setup.ts';
import type { ApiContext } from './api/context.ts';
import { calls } from './api/checks.ts';
import { session, user } from './api/user.ts';
import { webauthnSupport } from './api/webauthn-support.ts';

type Calls = Awaited<ReturnType<typeof calls.get>>;
type OAuth = ReturnType<Calls['oauth']>;
type ServicesPage = ReturnType<typeof import('./phone/services.ts').clientsideServices>;

/** The clientside-services page's code, loaded on first use (see `services` below). */
const servicesPart = onDemand(() => import('./phone/services.ts'));

/** Where each lazy namespace's methods are (core/on-demand.ts: the compiler holds each to its namespace). */
const shapes = {
  magicLinks: { email: { loginOrCreate: 1, send: 1 }, linkRequests: { lookup: 1, confirm: 1, poll: 1 }, authenticate: 1 },
  otps: { sms: { loginOrCreate: 1, send: 1 }, whatsapp: { loginOrCreate: 1, send: 1 }, email: { loginOrCreate: 1, send: 1 }, authenticate: 1 },
  oauth: { ...Object.fromEntries(OAuthProviders.map((p) => [p, { start: 1 }])), authenticate: 1 } as CallShape<OAuth>,
  passwords: { create: 1, authenticate: 1, strengthCheck: 1, resetByEmailStart: 1, resetByEmail: 1, resetByExistingPassword: 1, resetBySession: 1 },
  webauthn: { register: 1, authenticate: 1, update: 1 },
  cryptoWallets: { authenticateStart: 1, authenticate: 1 },
  totps: { create: 1, authenticate: 1, recoveryCodes: 1, recover: 1 },
  search: { searchUser: 1, searchMember: 1 },
  idp: { oauthAuthorizeStart: 1, oauthAuthorizeSubmit: 1, oauthLogoutStart: 1 },
} satisfies { [K in Exclude<keyof Calls, 'check' | 'schemas'>]: CallShape<ReturnType<Calls[K]>> };

export { TEST_API_URL, LIVE_API_URL, defaultBaseUrl, type ClientOptions } from './setup.ts';

/** Creates a headless client for one public token. Browser only. */
export function createClient(publicToken: string, options: ClientOptions = {}) {
  const core = createCore(publicToken, options, SessionManager, calls.preload);
  const { env, transport, bootstrap, pkce } = core;
  const ctx: ApiContext = {
    ...core,
    pkce: { magicLinks: pkce('magic_links'), passwords: pkce('passwords'), oauth: pkce('oauth') },
    captcha: options.captcha,
    dfp: options.dfp,
  };

  // Each namespace's code loads with the line's checks, on its first call (./api/calls.ts).
  const lazy = deferredNamespaces(calls, ctx, shapes);
  const found = lazy('search');
  // The clientside-services page and the phone parsing through it: a chunk of their own, small and
  // quick to run, as a phone field asks for its example number as it mounts (with the calls'
  // chunk, its evaluation landed in Main's first render, bench/RESULTS.md).
  let page: ServicesPage | undefined;
  const services = async () => (page ??= (await servicesPart.get()).clientsideServices(env, () => servicesUrl(options.clientsideServicesUrl, transport.baseUrl)));

  return {
    [PRELOAD_CALLS]: calls.preload,
    publicToken,
    magicLinks: lazy('magicLinks'),
    otps: lazy('otps'),
    oauth: lazy('oauth'),
    passwords: lazy('passwords'),
    webauthn: { ...lazy('webauthn'), ...webauthnSupport },
    cryptoWallets: lazy('cryptoWallets'),
    totps: lazy('totps'),
    user: { ...user(ctx), search: found.searchUser },
    organizations: { members: { search: found.searchMember } },
    session: session(ctx),
    /** The consent element's calls (connected apps: the provider as an OAuth authorization server). */
    idp: lazy('idp'),
    /** Project settings: read synchronously, refreshed in the background. */
    bootstrap: { getSync: () => bootstrap.getSync(), ready: () => bootstrap.ready(), onChange: (l: (b: BootstrapData) => void) => bootstrap.onChange(l) },
    /** Phone parsing through the clientside-services channel, with the SPEC §5 timeouts and fallbacks. */
    phone: {
      parse: async (...a: Parameters<ServicesPage['phone']['parse']>) => (await services()).phone.parse(...a),
      format: async (...a: Parameters<ServicesPage['phone']['format']>) => (await services()).phone.format(...a),
      example: async (regionCode: string) => (await services()).phone.example(regionCode),
    },
    /** Google One Tap through the clientside-services page: its settings, then the credential exchange. */
    oneTap: {
      start: async (): Promise<OneTapStartResult> => (await services()).services().oneTapStart({ publicToken }) as Promise<OneTapStartResult>,
      submit: async (o: { idToken: string; oauthCallbackId: string; loginRedirectURL?: string; signupRedirectURL?: string }): Promise<{ redirect_url: string }> =>
        (await services())
          .services()
          .oneTapSubmit({ publicToken, idToken: o.idToken, oauthCallbackID: o.oauthCallbackId, loginRedirectURL: o.loginRedirectURL, signupRedirectURL: o.signupRedirectURL }) as Promise<{
          redirect_url: string;
        }>,
    },
    /** Queues a client event for the batched telemetry. */
    logEvent: (event: ClientEvent): void => core.telemetry.log(event),
    /** Stops every timer and listener and flushes telemetry. */
    dispose(): void {
      core.dispose();
      page?.dispose();
    },
  };
}

/** The headless client. */
export type Client = ReturnType<typeof createClient>;
