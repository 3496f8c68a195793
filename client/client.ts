import type { BootstrapData } from './core/bootstrap.ts';
import type { ClientEvent } from './core/telemetry.ts';
import type { OneTapStartResult } from './phone/channel.ts';
import { clientsideServices, servicesUrl } from './phone/services.ts';
import { SessionManager } from './session/manager.ts';
import { createCore, type ClientOptions } from './setup.ts';
import type { ApiContext } from './api/context.ts';
import { checkRequest } from './api/checks.ts';
import { cryptoWallets, search, totps } from './api/factors.ts';
import { magicLinks } from './api/magic-links.ts';
import { oauth } from './api/oauth.ts';
import { otps } from './api/otps.ts';
import { passwords } from './api/passwords.ts';
import { session, user } from './api/user.ts';
import { webauthn } from './api/webauthn.ts';

export { TEST_API_URL, LIVE_API_URL, defaultBaseUrl, type ClientOptions } from './setup.ts';

/** Creates a headless client for one public token. Browser only. */
export function createClient(publicToken: string, options: ClientOptions = {}) {
  const core = createCore(publicToken, options, SessionManager, checkRequest.preload);
  const { env, transport, bootstrap, pkce } = core;
  const ctx: ApiContext = {
    ...core,
    pkce: { magicLinks: pkce('magic_links'), passwords: pkce('passwords'), oauth: pkce('oauth') },
    captcha: options.captcha,
    dfp: options.dfp,
  };

  const page = clientsideServices(env, () => servicesUrl(options.clientsideServicesUrl, transport.baseUrl));
  const services = page.services;

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
    phone: page.phone,
    /** Google One Tap through the clientside-services page: its settings, then the credential exchange. */
    oneTap: {
      start: (): Promise<OneTapStartResult> => services().oneTapStart({ publicToken }) as Promise<OneTapStartResult>,
      submit: (o: { idToken: string; oauthCallbackId: string; loginRedirectURL?: string; signupRedirectURL?: string }): Promise<{ redirect_url: string }> =>
        services().oneTapSubmit({ publicToken, idToken: o.idToken, oauthCallbackID: o.oauthCallbackId, loginRedirectURL: o.loginRedirectURL, signupRedirectURL: o.signupRedirectURL }) as Promise<{
          redirect_url: string;
        }>,
    },
    /** Queues a client event for the batched telemetry. */
    logEvent: (event: ClientEvent): void => core.telemetry.log(event),
    /** Stops every timer and listener and flushes telemetry. */
    dispose(): void {
      core.dispose();
      page.dispose();
    },
  };
}

/** The headless client. */
export type Client = ReturnType<typeof createClient>;
