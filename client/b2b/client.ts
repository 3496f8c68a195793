import type { BootstrapData } from '../core/bootstrap.ts';
import type { ClientEvent } from '../core/telemetry.ts';
import { servicesUrl } from '../phone/services-url.ts';
import { deferredNamespaces, PRELOAD_CALLS, type CallShape } from '../core/on-demand.ts';
import { B2B_OAUTH_PROVIDERS } from '../schemas/b2b-oauth-providers.ts';
import { createCore, type ClientOptions } from '../setup.ts';
import { b2bCalls } from './checks.ts';
import type { B2BContext } from './context.ts';
import { b2bOrganization, b2bSelf, b2bSession } from './members.ts';
import { b2bRbac } from './rbac.ts';
import { b2bScim } from './scim.ts';
import { B2BSessionManager } from './session.ts';

type Calls = Awaited<ReturnType<typeof b2bCalls.get>>;

/** Where each lazy namespace's methods are (core/on-demand.ts: the compiler holds each to its namespace). */
const shapes = {
  b2bMagicLinks: { email: { loginOrSignup: 1, invite: 1, discovery: { send: 1 } }, authenticate: 1, discovery: { authenticate: 1 } },
  b2bEmailOtps: { loginOrSignup: 1, authenticate: 1, discovery: { send: 1, authenticate: 1 } },
  b2bMfa: { totp: { create: 1, authenticate: 1 }, recoveryCodes: { recover: 1, rotate: 1, get: 1 }, sms: { send: 1, authenticate: 1 } },
  b2bSso: {
    start: 1,
    authenticate: 1,
    getConnections: 1,
    discoverConnections: 1,
    deleteConnection: 1,
    saml: { createConnection: 1, updateConnection: 1, updateConnectionByURL: 1, deleteVerificationCertificate: 1 },
    oidc: { createConnection: 1, updateConnection: 1 },
    external: { createConnection: 1, updateConnection: 1 },
  },
  b2bOAuth: {
    ...Object.fromEntries(B2B_OAUTH_PROVIDERS.map((p) => [p, { start: 1, discovery: { start: 1 } }])),
    googleOneTap: { start: 1, submit: 1, discovery: { submit: 1 } },
    authenticate: 1,
    discovery: { authenticate: 1 },
  } as CallShape<ReturnType<Calls['b2bOAuth']>>,
  b2bPasswords: {
    authenticate: 1,
    discovery: { resetByEmailStart: 1, resetByEmail: 1, authenticate: 1 },
    strengthCheck: 1,
    resetByEmailStart: 1,
    resetByEmail: 1,
    resetByExistingPassword: 1,
    resetBySession: 1,
  },
  b2bDiscovery: { organizations: { list: 1, create: 1 }, intermediateSessions: { exchange: 1 } },
  b2bIdp: { oauthAuthorizeStart: 1, oauthAuthorizeSubmit: 1, oauthLogoutStart: 1 },
} satisfies { [K in Exclude<keyof Calls, 'check' | 'schemas'>]: CallShape<ReturnType<Calls[K]>> };

/**
 * Creates a headless client for a B2B project (organizations, discovery, MFA, SSO). Browser
 * only. Method names and wire match the official B2B headless client.
 */
export function createB2BClient(publicToken: string, options: ClientOptions = {}) {
  const core = createCore(publicToken, options, B2BSessionManager, b2bCalls.preload);
  const { bootstrap, pkce } = core;
  const ctx: B2BContext = {
    ...core,
    pkce: { magicLinks: pkce('magic_links'), passwords: pkce('passwords'), oauth: pkce('oauth'), sso: pkce('sso') },
    captcha: options.captcha,
    dfp: options.dfp,
  };
  // Each namespace's code loads with the line's checks, on its first call (./calls.ts).
  const lazy = deferredNamespaces(b2bCalls, ctx, shapes);
  const self = b2bSelf(ctx);
  const mfa = lazy('b2bMfa');
  return {
    [PRELOAD_CALLS]: b2bCalls.preload,
    publicToken,
    magicLinks: lazy('b2bMagicLinks'),
    otps: { email: lazy('b2bEmailOtps'), sms: mfa.sms },
    totp: mfa.totp,
    recoveryCodes: mfa.recoveryCodes,
    sso: lazy('b2bSso'),
    oauth: lazy('b2bOAuth'),
    passwords: lazy('b2bPasswords'),
    discovery: lazy('b2bDiscovery'),
    session: b2bSession(ctx),
    /** The consent element's calls (connected apps: the provider as an OAuth authorization server for members). */
    idp: lazy('b2bIdp'),
    organization: b2bOrganization(ctx),
    self,
    /** What the member's roles allow under the project's RBAC policy (a hint: the provider decides). */
    rbac: b2bRbac(ctx),
    /** The organization's SCIM connection (admins). */
    scim: b2bScim(ctx),
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
