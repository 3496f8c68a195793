import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import ipaddr from 'ipaddr.js';
import * as v from 'valibot';

const isAddressOrRange = (r: string) => ipaddr.isValidCIDR(r) || ipaddr.isValid(r.replace(/^\[|\]$/g, ''));

const Products = v.picklist(['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys']);

/** One project as the provider serves it. Every field has a default so a file may say little. */
/** An RBAC resource or role id: printable, no spaces (the hosted provider's ids are human-readable). */
const RBAC_ID = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,128}$/, 'must be 1 to 128 printable characters without spaces'));

/** The asymmetric algorithms a trusted auth token may be signed with (never a shared secret, never `none`). */
export const TRUSTED_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
const CLAIM = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,128}$/, 'must be a claim name'));

/** One trusted auth token profile, by the official profile's field names; its keys are a JWKS URL or PEM public keys, never both. */
const TrustedAuthTokenProfileSchema = v.pipe(
  v.object({
    profile_id: RBAC_ID, // the same rule: printable, no spaces
    name: v.optional(v.string(), ''),
    issuer: v.pipe(v.string(), v.nonEmpty()),
    audience: v.pipe(v.string(), v.nonEmpty()),
    jwks_url: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:/, 'must be an http(s) URL'))),
    pem_files: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/-----BEGIN PUBLIC KEY-----/, 'must be a PEM public key'))), v.minLength(1), v.maxLength(10))),
    attribute_mapping: v.object({ email: CLAIM, token_id: v.optional(CLAIM), organization_id: v.optional(CLAIM) }),
    can_jit_provision: v.optional(v.boolean(), false),
    algorithms: v.optional(v.pipe(v.array(v.picklist(TRUSTED_TOKEN_ALGORITHMS)), v.minLength(1)), () => [...TRUSTED_TOKEN_ALGORITHMS]),
  }),
  v.check((p) => (p.jwks_url === undefined) !== (p.pem_files === undefined), 'a profile needs either jwks_url or pem_files, not both'),
);

export const ProjectConfigSchema = v.object({
  projectId: v.optional(v.string(), () => `project-test-${randomUUID()}`),
  name: v.optional(v.string(), 'Demo project'),
  /**
   * `b2b`: the token the project's B2B clients use. It opens the same project (same
   * environment, data and settings); bootstrap answers `vertical: "B2B"` for it and `CONSUMER`
   * for the others, as the hosted provider does for a B2B project, so neither official client
   * warns that its token belongs to the other kind of project.
   */
  publicTokens: v.optional(v.object({ test: v.optional(v.string()), live: v.optional(v.string()), b2b: v.optional(v.string()) }), () => ({
    test: `public-token-test-${randomUUID()}`,
    b2b: `public-token-test-${randomUUID()}`,
  })),
  authorizedOrigins: v.optional(v.array(v.string()), []),
  redirectUrls: v.optional(v.array(v.pipe(v.string(), v.url())), []),
  products: v.optional(v.array(Products), ['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys']),
  passwordPolicy: v.optional(
    v.variant('policy', [
      v.object({ policy: v.literal('zxcvbn') }),
      v.object({
        policy: v.literal('luds'),
        minimumCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(8)), 8),
        complexity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)), 3),
      }),
    ]),
    { policy: 'zxcvbn' },
  ),
  /**
   * The domains the widget's inbox links search for ("from:@…"). Unset: the domain of the sender
   * this provider uses (`delivery.from`, `EMAIL_FROM`), set by loadProjectConfig.
   */
  emailDomains: v.optional(v.array(v.string()), []),
  displayWatermark: v.optional(v.boolean(), false),
  sessionLimits: v.optional(
    v.object({
      defaultDurationMinutes: v.optional(v.number(), 30),
      maxDurationMinutes: v.optional(v.number(), 60 * 24 * 365),
    }),
    {},
  ),
  delivery: v.optional(
    v.object({
      outbox: v.optional(v.boolean(), true),
      smtpUrl: v.optional(v.string()),
      /** A PEM file of a CA the SMTP server's certificate chains to, besides the system's. */
      smtpCaFile: v.optional(v.string()),
      from: v.optional(v.string(), 'login@example.test'),
      /** Where invitations' List-Unsubscribe points (mailto: or https:, handled by the site); sign-in mail never carries it. */
      listUnsubscribe: v.optional(v.pipe(v.string(), v.regex(/^(mailto:|https:)/, 'must be a mailto: or https: URL'))),
      /** The DKIM selector `admin doctor` checks (selector._domainkey.<sender domain>). */
      dkimSelector: v.optional(v.string()),
      /** SMS (and WhatsApp with `whatsappFrom`) through Twilio's Messages API. */
      twilio: v.optional(
        v.pipe(
          v.object({
            accountSid: v.pipe(v.string(), v.nonEmpty()),
            authToken: v.pipe(v.string(), v.nonEmpty()),
            from: v.optional(v.string()),
            messagingServiceSid: v.optional(v.string()),
            /** The WhatsApp sender (a number, or a Messaging Service SID MG…); WhatsApp through Twilio is off without it. */
            whatsappFrom: v.optional(v.string()),
            /** An approved WhatsApp Content template (HX…) whose variable {{1}} is the code. */
            whatsappContentSid: v.optional(v.string()),
            baseUrl: v.optional(v.pipe(v.string(), v.url()), 'https://api.twilio.com'),
          }),
          v.check((t) => !!(t.from || t.messagingServiceSid), 'twilio needs a sender: from (TWILIO_FROM) or messagingServiceSid (TWILIO_MESSAGING_SERVICE_SID)'),
        ),
      ),
      /** WhatsApp through Meta's WhatsApp Cloud API (wins over Twilio for WhatsApp when both are set). */
      whatsappCloud: v.optional(
        v.object({
          token: v.pipe(v.string(), v.nonEmpty()),
          phoneId: v.pipe(v.string(), v.nonEmpty()),
          apiVersion: v.optional(v.string(), 'v21.0'),
          baseUrl: v.optional(v.pipe(v.string(), v.url()), 'https://graph.facebook.com'),
          template: v.optional(v.string()),
          templateLanguages: v.optional(v.array(v.string()), ['en']),
        }),
      ),
      /** Attempts, backoff and per-attempt timeout of every transport. */
      retry: v.optional(
        v.object({
          attempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)), 3),
          baseDelayMs: v.optional(v.pipe(v.number(), v.minValue(0)), 500),
          maxDelayMs: v.optional(v.pipe(v.number(), v.minValue(0)), 10_000),
          timeoutMs: v.optional(v.pipe(v.number(), v.minValue(1)), 10_000),
        }),
        {},
      ),
      /**
       * The queue sweep every process runs: every `pollSeconds` it sends messages still queued
       * `graceSeconds` after their commit (their request's process died before sending them)
       * and those whose sender died mid-send.
       */
      queue: v.optional(
        v.object({
          pollSeconds: v.optional(v.pipe(v.number(), v.minValue(0.05)), 5),
          graceSeconds: v.optional(v.pipe(v.number(), v.minValue(0)), 30),
        }),
        {},
      ),
    }),
    {},
  ),
  sendLimits: v.optional(
    v.object({
      perAddress: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 5),
      perIp: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 100),
      windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60),
      /**
       * Sends to one address within `burstSeconds`: a widget flow's few quick sends (a link,
       * its resend, a reset email) pass, a burst does not; about one a second, as the hosted
       * provider allows.
       */
      burstPerAddress: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 3),
      burstSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 3),
    }),
    {},
  ),
  /** Telemetry (`POST /events`): batches per client IP a minute, and what the events table keeps. */
  eventLimits: v.optional(
    v.object({
      batchesPerIpPerMinute: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 120),
      maxRows: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 10_000),
      maxBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 8 * 1024 * 1024),
      maxAgeDays: v.optional(v.pipe(v.number(), v.minValue(0)), 7),
    }),
    {},
  ),
  /**
   * Magic links sent with `link_request` (the widget's `emailMagicLinksOptions.crossDevice`): the
   * asking tab waits and signs in once the link's page confirms the tab's code. `linkDeviceSignIn`
   * false: such a link never signs in the device it was opened on (only the asking tab);
   * `codeAttempts` wrong codes burn the link; `pollsPerMinute` is one request's polling budget.
   */
  magicLinkRequests: v.optional(
    v.object({
      linkDeviceSignIn: v.optional(v.boolean(), true),
      codeAttempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)), 5),
      pollsPerMinute: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60),
    }),
    {},
  ),
  /** Failed passwords one client IP may make across every address before it is refused (429). */
  passwordIpLimit: v.optional(
    v.object({
      maxFailures: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 100),
      windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60 * 60),
    }),
    {},
  ),
  captcha: v.optional(v.literal(false), false),
  dfp: v.optional(v.literal(false), false),
  rpId: v.optional(v.string()),
  siweRequired: v.optional(v.boolean(), false),
  /** Flows whose starts must carry a PKCE code_challenge. */
  pkceRequired: v.optional(
    v.object({
      emailMagicLinks: v.optional(v.boolean(), false),
      passwordResets: v.optional(v.boolean(), false),
      oauth: v.optional(v.boolean(), false),
      sso: v.optional(v.boolean(), false),
    }),
    {},
  ),
  /**
   * Upstream OAuth clients by provider type. A provider listed here runs a real
   * authorization-code flow with PKCE (OIDC discovery from `issuer`, or explicit endpoints);
   * any other provider uses the local consent page, when development pages are on.
   */
  oauthClients: v.optional(
    v.record(
      v.string(),
      v.object({
        clientId: v.pipe(v.string(), v.nonEmpty()),
        clientSecret: v.pipe(v.string(), v.nonEmpty()),
        issuer: v.optional(v.pipe(v.string(), v.url())),
        authorizationEndpoint: v.optional(v.pipe(v.string(), v.url())),
        tokenEndpoint: v.optional(v.pipe(v.string(), v.url())),
        userinfoEndpoint: v.optional(v.pipe(v.string(), v.url())),
        scopes: v.optional(v.array(v.string())),
        tokenAuth: v.optional(v.picklist(['client_secret_basic', 'client_secret_post']), 'client_secret_basic'),
      }),
    ),
    {},
  ),
  /**
   * Server API secrets, stored only as SHA-256 hashes (`npm run admin -- secrets create` adds
   * one); PROJECT_SECRETS adds plaintext ones from the environment on top.
   */
  secrets: v.optional(v.array(v.object({ id: v.string(), hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), createdAt: v.string() })), []),
  /** Requests per window the server API (`/v1`) takes from one secret and from one IP address (100 a second by default). */
  serverApiLimits: v.optional(
    v.object({
      perSecret: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 6000),
      perIp: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 6000),
      windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60),
    }),
    {},
  ),
  /**
   * Requests per window the SCIM service (`/scim/v2/<connection>`) takes from one SCIM
   * connection and from one IP address; an identity provider told 429 waits Retry-After.
   */
  scimLimits: v.optional(
    v.object({
      perConnection: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 600),
      perIp: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1200),
      windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60),
    }),
    {},
  ),
  /**
   * B2B (organizations): whether a signed-in-by-discovery person may create an organization,
   * and the URL pattern of organization sign-in pages (`{{slug}}` marks the slug) that
   * bootstrap reports to the official B2B UI.
   */
  b2b: v.optional(
    v.object({
      createOrganizationEnabled: v.optional(v.boolean(), true),
      slugPattern: v.optional(v.string(), ''),
      /**
       * The project's own RBAC resources and roles beside the Stytch defaults (the official
       * Policy shapes); a role named `stytch_member` or `stytch_admin` adds permissions to that
       * default role. services/b2b/rbac.ts builds the policy; createApp refuses a role that
       * names an unknown resource or action.
       */
      rbac: v.optional(
        v.object({
          resources: v.optional(v.array(v.object({ resource_id: RBAC_ID, description: v.optional(v.string(), ''), actions: v.array(v.pipe(v.string(), v.minLength(1))) })), []),
          roles: v.optional(
            v.array(
              v.object({
                role_id: RBAC_ID,
                description: v.optional(v.string(), ''),
                permissions: v.optional(v.array(v.object({ resource_id: RBAC_ID, actions: v.array(v.pipe(v.string(), v.minLength(1))) })), []),
              }),
            ),
            [],
          ),
        }),
        {},
      ),
    }),
    {},
  ),
  /**
   * Which proxies in front of the provider are believed about the client's address: a number
   * of hops (the proxies nearest the provider), or the proxies' addresses and CIDR ranges.
   * 0 (the default) believes no header: the client is the socket's peer. `proxyHeader` names
   * the one header those proxies write; any other is ignored.
   */
  trustProxy: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(32)), v.array(v.pipe(v.string(), v.check(isAddressOrRange, 'must be an IP address or a CIDR range')))]), 0),
  proxyHeader: v.optional(v.picklist(['x-forwarded-for', 'forwarded']), 'x-forwarded-for'),
  /**
   * Requests the provider makes to URLs it was given (OIDC discovery, keys, token and userinfo
   * endpoints, the messaging APIs): only public addresses, unless `allowedRanges` (CIDR ranges
   * or single addresses) lists a private one; each within `timeoutMs` and `maxBytes`.
   */
  outbound: v.optional(
    v.object({
      allowedRanges: v.optional(v.array(v.pipe(v.string(), v.check(isAddressOrRange, 'must be an IP address or a CIDR range'))), []),
      timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(120_000)), 10_000),
      maxBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1024)), 1024 * 1024),
      /** The cache of fetched documents (OIDC discovery, JWKS): most documents, most bytes, seconds each is used. */
      cacheEntries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 256),
      cacheBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1024)), 8 * 1024 * 1024),
      cacheSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 900),
    }),
    {},
  ),
  /**
   * Connected apps: the provider as an OAuth 2.1 and OpenID Connect authorization server for
   * the clients of `/v1/connected_apps/clients` (docs/SECURITY.md, "Connected apps").
   * `authorizationUrl` is the site's page that hosts the consent element (discovery's
   * `authorization_endpoint`); `issuer` defaults to `publicUrl`, else the request's origin.
   * `customScopes` are the project's own scopes, offered beside the standard ones with their
   * descriptions. `accessTokenMinutes` is a new client's access token lifetime;
   * `refreshTokenDays` how long an authorization with `offline_access` may be refreshed;
   * `refreshReuseSeconds` how long a public client's rotated-out refresh token still refreshes
   * (two parallel refreshes of one token both succeed), after which presenting it revokes the grant;
   * `tokenLimit` the per-IP budget of the token, introspection, revocation and userinfo routes.
   * `dynamicRegistration` opens `/v1/oauth2/register` (RFC 7591) to anyone, within
   * `registrationLimit` per IP; such clients are always third-party (asked for consent).
   * `clientIdMetadataDocuments` lets a `client_id` be an https URL of the client's metadata
   * document, fetched through `outbound` (services/cimd.ts).
   */
  connectedApps: v.optional(
    v.object({
      authorizationUrl: v.optional(v.pipe(v.string(), v.url())),
      issuer: v.optional(v.pipe(v.string(), v.url())),
      customScopes: v.optional(v.array(v.object({ scope: v.pipe(v.string(), v.regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'must be a scope token')), description: v.optional(v.string(), '') })), []),
      accessTokenMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24 * 60)), 60),
      refreshTokenDays: v.optional(v.pipe(v.number(), v.minValue(0.001), v.maxValue(365)), 30),
      refreshReuseSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(300)), 10),
      tokenLimit: v.optional(
        v.object({
          perIp: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 600),
          windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60),
        }),
        {},
      ),
      clientIdMetadataDocuments: v.optional(v.boolean(), false),
      dynamicRegistration: v.optional(v.boolean(), false),
      registrationLimit: v.optional(
        v.object({
          perIp: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 20),
          windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 3600),
        }),
        {},
      ),
    }),
    {},
  ),
  /**
   * Trusted auth token profiles (the official profile's parts): `sessions/attest` exchanges a
   * JWT another system signed for a session of the user its mapped email names. The token is
   * checked against the profile's keys (`jwks_url`, fetched through `outbound`, or PEM public
   * keys in `pem_files`), `issuer`, `audience`, its `exp` and `nbf`, and `algorithms`
   * (asymmetric only); `attribute_mapping` names the claims of the email, of a token id (each
   * id attested once) and, for B2B, of the organization (services/trusted-auth-tokens.ts).
   */
  trustedAuthTokenProfiles: v.optional(
    v.pipe(
      v.array(TrustedAuthTokenProfileSchema),
      v.check((ps) => new Set(ps.map((p) => p.profile_id)).size === ps.length, 'profile_id must be unique'),
    ),
    [],
  ),
  /** This provider's public base URL, for the OAuth callback; defaults to the request's origin. */
  publicUrl: v.optional(v.pipe(v.string(), v.url())),
});

export type ProjectConfig = v.InferOutput<typeof ProjectConfigSchema>;

function list(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** The variables of `names` that are set, under their field names; undefined when none is. */
function pick(env: NodeJS.ProcessEnv, names: Record<string, string>): Record<string, string> | undefined {
  const out = Object.fromEntries(
    Object.entries(names)
      .filter(([name]) => env[name])
      .map(([name, field]) => [field, env[name]!]),
  );
  return Object.keys(out).length ? out : undefined;
}

/**
 * The development pages (the outbox with every code and link, the OAuth consent simulator)
 * are served only when asked for by name: safe unless development is explicit.
 */
export function devPagesRequested(env: NodeJS.ProcessEnv): boolean {
  return env.DEV_PAGES === '1' || env.NODE_ENV === 'development';
}

/** The start-up line that says the development pages are on (main.ts and `npm start` print it). */
export const DEV_PAGES_WARNING =
  'provider: WARNING: DEVELOPMENT PAGES ARE ON (DEV_PAGES=1 or NODE_ENV=development): /dev/outbox shows every code and link and the OAuth consent simulator signs in as any address, to loopback clients only. Never run a deployment like this.';

const PKCE_FLOWS = ['emailMagicLinks', 'passwordResets', 'oauth', 'sso'];
const bool = (value: string): boolean => /^(1|true|yes|on)$/i.test(value.trim());

/**
 * Environment variables win over the file, so one file serves several deployments.
 * `PROJECT_CONFIG` (a JSON object) is merged first; the named variables then set one field each.
 */
export function applyEnv(raw: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  let out: Record<string, unknown> = { ...raw };
  if (env.PROJECT_CONFIG) {
    let extra: unknown;
    try {
      extra = JSON.parse(env.PROJECT_CONFIG);
    } catch {
      throw new Error('PROJECT_CONFIG is not valid JSON');
    }
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw new Error('PROJECT_CONFIG must be a JSON object');
    out = { ...out, ...(extra as Record<string, unknown>) };
  }
  const origins = list(env.AUTHORIZED_ORIGINS);
  if (origins) out.authorizedOrigins = origins;
  const redirects = list(env.REDIRECT_URLS);
  if (redirects) out.redirectUrls = redirects;
  if (env.PUBLIC_TOKEN) out.publicTokens = { ...(out.publicTokens as object), test: env.PUBLIC_TOKEN };
  if (env.LIVE_PUBLIC_TOKEN) out.publicTokens = { ...(out.publicTokens as object), live: env.LIVE_PUBLIC_TOKEN };
  if (env.B2B_PUBLIC_TOKEN) out.publicTokens = { ...(out.publicTokens as object), b2b: env.B2B_PUBLIC_TOKEN };
  if (env.PROJECT_NAME) out.name = env.PROJECT_NAME;
  const products = list(env.PRODUCTS);
  if (products) out.products = products;
  const domains = list(env.EMAIL_DOMAINS);
  if (domains) out.emailDomains = domains;
  if (env.SMTP_URL) out.delivery = { ...(out.delivery as object), smtpUrl: env.SMTP_URL };
  if (env.EMAIL_FROM) out.delivery = { ...(out.delivery as object), from: env.EMAIL_FROM };
  if (env.OUTBOX !== undefined) out.delivery = { ...(out.delivery as object), outbox: bool(env.OUTBOX) };
  if (env.DKIM_SELECTOR) out.delivery = { ...(out.delivery as object), dkimSelector: env.DKIM_SELECTOR };
  if (env.SMTP_CA_FILE) out.delivery = { ...(out.delivery as object), smtpCaFile: env.SMTP_CA_FILE };
  const twilio = pick(env, {
    TWILIO_ACCOUNT_SID: 'accountSid',
    TWILIO_AUTH_TOKEN: 'authToken',
    TWILIO_FROM: 'from',
    TWILIO_MESSAGING_SERVICE_SID: 'messagingServiceSid',
    TWILIO_WHATSAPP_FROM: 'whatsappFrom',
    TWILIO_WHATSAPP_CONTENT_SID: 'whatsappContentSid',
  });
  if (twilio) out.delivery = { ...(out.delivery as object), twilio: { ...(out.delivery as { twilio?: object } | undefined)?.twilio, ...twilio } };
  const cloud = pick(env, { WHATSAPP_CLOUD_TOKEN: 'token', WHATSAPP_PHONE_ID: 'phoneId', WHATSAPP_TEMPLATE: 'template' });
  if (cloud) out.delivery = { ...(out.delivery as object), whatsappCloud: { ...(out.delivery as { whatsappCloud?: object } | undefined)?.whatsappCloud, ...cloud } };
  if (env.CONNECTED_APPS_CIMD !== undefined) out.connectedApps = { ...(out.connectedApps as object), clientIdMetadataDocuments: bool(env.CONNECTED_APPS_CIMD) };
  if (env.CONNECTED_APPS_DYNAMIC_REGISTRATION !== undefined) out.connectedApps = { ...(out.connectedApps as object), dynamicRegistration: bool(env.CONNECTED_APPS_DYNAMIC_REGISTRATION) };
  if (env.CONNECTED_APPS_AUTHORIZATION_URL) out.connectedApps = { ...(out.connectedApps as object), authorizationUrl: env.CONNECTED_APPS_AUTHORIZATION_URL };
  if (env.TRUSTED_AUTH_TOKEN_PROFILES) {
    try {
      out.trustedAuthTokenProfiles = JSON.parse(env.TRUSTED_AUTH_TOKEN_PROFILES);
    } catch {
      throw new Error('TRUSTED_AUTH_TOKEN_PROFILES is not valid JSON (an array of profiles)');
    }
  }
  if (env.RP_ID) out.rpId = env.RP_ID;
  if (env.SIWE_REQUIRED !== undefined) out.siweRequired = bool(env.SIWE_REQUIRED);
  if (env.LINK_DEVICE_SIGN_IN !== undefined) out.magicLinkRequests = { ...(out.magicLinkRequests as object), linkDeviceSignIn: bool(env.LINK_DEVICE_SIGN_IN) };
  if (env.DISPLAY_WATERMARK !== undefined) out.displayWatermark = bool(env.DISPLAY_WATERMARK);
  const pkce = list(env.PKCE_REQUIRED);
  if (pkce) {
    const unknown = pkce.filter((flow) => !PKCE_FLOWS.includes(flow));
    if (unknown.length) throw new Error(`PKCE_REQUIRED names unknown flows: ${unknown.join(', ')} (known: ${PKCE_FLOWS.join(', ')})`);
    out.pkceRequired = Object.fromEntries(pkce.map((flow) => [flow, true]));
  }
  if (env.TRUST_PROXY !== undefined && env.TRUST_PROXY.trim() !== '') {
    const t = env.TRUST_PROXY.trim();
    out.trustProxy = /^\d+$/.test(t) ? Number(t) : list(t);
  }
  if (env.TRUST_PROXY_HEADER) out.proxyHeader = env.TRUST_PROXY_HEADER.trim().toLowerCase();
  const outboundRanges = list(env.OUTBOUND_ALLOWED_RANGES);
  if (outboundRanges) out.outbound = { ...(out.outbound as object), allowedRanges: outboundRanges };
  if (env.SESSION_MAX_MINUTES) out.sessionLimits = { ...(out.sessionLimits as object), maxDurationMinutes: Number(env.SESSION_MAX_MINUTES) };
  // OAUTH_<PROVIDER>_CLIENT_SECRET keeps a client secret out of the project file.
  const clients = { ...(out.oauthClients as Record<string, Record<string, unknown>> | undefined) };
  for (const [key, value] of Object.entries(env)) {
    const m = /^OAUTH_([A-Z]+)_CLIENT_(ID|SECRET)$/.exec(key);
    if (!m || value === undefined) continue;
    const type = m[1]!.toLowerCase();
    clients[type] = { ...clients[type], [m[2] === 'ID' ? 'clientId' : 'clientSecret']: value };
  }
  if (Object.keys(clients).length) out.oauthClients = clients;
  return out;
}

/**
 * Reads the project file, creating it with a fresh demo project when missing (the seed
 * `npm start` relies on), then applies environment overrides.
 */
export function loadProjectConfig(file: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  let raw: Record<string, unknown>;
  if (existsSync(file)) {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } else {
    const seeded = v.parse(ProjectConfigSchema, {});
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ projectId: seeded.projectId, name: seeded.name, publicTokens: seeded.publicTokens }, null, 2) + '\n');
    raw = { projectId: seeded.projectId, name: seeded.name, publicTokens: seeded.publicTokens };
  }
  const merged = applyEnv(raw, env);
  // A project file without an id gets one derived from its token, so restarts keep it.
  const tokens = merged.publicTokens as { test?: string; live?: string } | undefined;
  const seed = tokens?.test ?? tokens?.live;
  if (merged.projectId === undefined && seed) {
    const h = createHash('sha256').update(seed).digest('hex');
    merged.projectId = `project-${tokens?.test ? 'test' : 'live'}-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  }
  const result = v.safeParse(ProjectConfigSchema, merged);
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ');
    throw new Error(`invalid project configuration in ${file}: ${issues}`);
  }
  const config = result.output;
  // The inbox links search for mail from where this provider sends it (the hosted provider
  // answers its own sending domain here); an explicit list (EMAIL_DOMAINS) wins.
  if (merged.emailDomains === undefined) config.emailDomains = senderDomains(config.delivery.from);
  return config;
}

/** What bootstrap says a public token's project is: the official clients warn on the other kind. */
export type Vertical = 'CONSUMER' | 'B2B';

/** The project's public tokens, each with its vertical (B2B for `publicTokens.b2b`). */
export function publicTokensOf(config: Pick<ProjectConfig, 'publicTokens'>): Array<{ token: string; vertical: Vertical }> {
  const { test, live, b2b } = config.publicTokens;
  return [
    ...[test, live].filter((t): t is string => t !== undefined).map((token) => ({ token, vertical: 'CONSUMER' as const })),
    ...(b2b === undefined ? [] : [{ token: b2b, vertical: 'B2B' as const }]),
  ];
}

/** Whether `token` is one of the project's public tokens. */
export function isProjectPublicToken(config: Pick<ProjectConfig, 'publicTokens'>, token: string): boolean {
  return publicTokensOf(config).some((t) => t.token === token);
}

/** The domain of a `Name <address>` or bare sender address, as a one-element list (none without a domain). */
export function senderDomains(from: string): string[] {
  const address = (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
  const at = address.lastIndexOf('@');
  const domain = at >= 0 ? address.slice(at + 1).toLowerCase() : '';
  return domain ? [domain] : [];
}
