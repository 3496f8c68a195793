import type { BootstrapData } from '../core/bootstrap.ts';
import type { ClientEvent } from '../core/telemetry.ts';
import { servicesUrl } from '../phone/services-url.ts';
import { createCore, type ClientOptions } from '../setup.ts';
import { checkB2BRequest, type B2BContext } from './context.ts';
import { b2bDiscovery } from './discovery.ts';
import { b2bMagicLinks } from './magic-links.ts';
import { b2bMfa } from './mfa.ts';
import { b2bOrganization, b2bSelf, b2bSession } from './members.ts';
import { b2bEmailOtps } from './otps.ts';
import { b2bPasswords } from './passwords.ts';
import { B2BSessionManager } from './session.ts';
import { b2bOAuth, b2bSso } from './sso.ts';

/**
 * Creates a headless client for a B2B project (organizations, discovery, MFA, SSO). Browser
 * only. Method names and wire match the official B2B headless client.
 */
export function createB2BClient(publicToken: string, options: ClientOptions = {}) {
  const core = createCore(publicToken, options, B2BSessionManager, checkB2BRequest.preload);
  const { bootstrap, pkce } = core;
  const ctx: B2BContext = {
    ...core,
    pkce: { magicLinks: pkce('magic_links'), passwords: pkce('passwords'), oauth: pkce('oauth'), sso: pkce('sso') },
    captcha: options.captcha,
    dfp: options.dfp,
  };
  const self = b2bSelf(ctx);
  const mfa = b2bMfa(ctx);
  return {
    publicToken,
    magicLinks: b2bMagicLinks(ctx),
    otps: { email: b2bEmailOtps(ctx), sms: mfa.sms },
    totp: mfa.totp,
    recoveryCodes: mfa.recoveryCodes,
    sso: b2bSso(ctx),
    oauth: b2bOAuth(ctx),
    passwords: b2bPasswords(ctx),
    discovery: b2bDiscovery(ctx),
    session: b2bSession(ctx),
    organization: b2bOrganization(ctx),
    self,
    /** The official client's older name for `self`. */
    member: self,
    /** Project settings: read synchronously, refreshed in the background. */
    bootstrap: { getSync: () => bootstrap.getSync(), ready: () => bootstrap.ready(), onChange: (l: (b: BootstrapData) => void) => bootstrap.onChange(l) },
    /** Where the clientside-services page is (phone parsing): the B2B widget opens it for the MFA phone. */
    clientsideServicesUrl: (): string => servicesUrl(options.clientsideServicesUrl, core.transport.baseUrl),
    /** Queues a client event for the batched telemetry. */
    logEvent: (event: ClientEvent): void => core.telemetry.log(event),
    /** Stops every timer and listener and flushes telemetry. */
    dispose(): void {
      core.dispose();
    },
  };
}

/** The headless B2B client. */
export type B2BClient = ReturnType<typeof createB2BClient>;
