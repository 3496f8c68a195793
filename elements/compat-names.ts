/**
 * The official SDK's names that touch no DOM: products, enums, the client options and the config
 * mapping. `stytch-ui/compat` and `stytch-ui/react` both export them; a server may import this file.
 */
import { createClient, type Client, type ClientOptions } from '../client/index.ts';

/** A product of the official config: its product objects carry an `id`; plain names work too. */
export type CompatProduct = string | Readonly<{ id: string }>;

/** The official products, as objects with the id the official config reads. */
export const Products = Object.freeze({
  emailMagicLinks: Object.freeze({ id: 'emailMagicLinks' }),
  oauth: Object.freeze({ id: 'oauth' }),
  otp: Object.freeze({ id: 'otp' }),
  crypto: Object.freeze({ id: 'crypto' }),
  passwords: Object.freeze({ id: 'passwords' }),
  passkeys: Object.freeze({ id: 'passkeys' }),
  passkeyRegistration: Object.freeze({ id: 'passkeyRegistration' }),
});

export const OTPMethods = Object.freeze({ SMS: 'sms', WhatsApp: 'whatsapp', Email: 'email' } as const);

export const OAuthProviders = Object.freeze({
  Google: 'google',
  Microsoft: 'microsoft',
  Apple: 'apple',
  Github: 'github',
  GitLab: 'gitlab',
  Facebook: 'facebook',
  Discord: 'discord',
  Salesforce: 'salesforce',
  Slack: 'slack',
  Amazon: 'amazon',
  Bitbucket: 'bitbucket',
  LinkedIn: 'linkedin',
  Coinbase: 'coinbase',
  Twitch: 'twitch',
  Twitter: 'twitter',
  TikTok: 'tiktok',
  Snapchat: 'snapchat',
  Figma: 'figma',
  Yahoo: 'yahoo',
} as const);

export const OneTapPositions = Object.freeze({
  Embedded: 'embedded',
  Floating: 'floating',
  EmbeddedOnly: 'embeddedOnly',
  FloatingOrEmbedded: 'floatingOrEmbedded',
  ForceLegacyEmbedded: 'forceLegacyEmbedded',
} as const);

/** The consumer events of the official `StytchEventType`, by the same member names. */
export const StytchEventType = Object.freeze({
  MagicLinkLoginOrCreateEvent: 'MAGIC_LINK_LOGIN_OR_CREATE',
  OTPsLoginOrCreateEvent: 'OTP_LOGIN_OR_CREATE',
  OTPsAuthenticate: 'OTP_AUTHENTICATE',
  CryptoWalletAuthenticateStart: 'CRYPTO_WALLET_AUTHENTICATE_START',
  CryptoWalletAuthenticate: 'CRYPTO_WALLET_AUTHENTICATE',
  PasswordCreate: 'PASSWORD_CREATE',
  PasswordAuthenticate: 'PASSWORD_AUTHENTICATE',
  PasswordResetByEmailStart: 'PASSWORD_RESET_BY_EMAIL_START',
  PasswordResetByEmail: 'PASSWORD_RESET_BY_EMAIL',
  PasskeyRegister: 'PASSKEY_REGISTER',
  PasskeyAuthenticate: 'PASSKEY_AUTHENTICATE',
  PasskeySkip: 'PASSKEY_SKIP',
  PasskeyDone: 'PASSKEY_DONE',
  AuthenticateFlowComplete: 'AUTHENTICATE_FLOW_COMPLETE',
  OAuthAuthorizeFlowStart: 'OAUTH_AUTHORIZE_FLOW_START',
  OAuthAuthorizeFlowComplete: 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
  OAuthAuthorizeFlowConsentDenied: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED',
} as const);

/** The official client options this client understands. */
export interface StytchClientOptions {
  /** The API's custom domain; like the official client, only its host name is kept, on https. */
  customBaseUrl?: string;
  /** Deprecated form of `customBaseUrl`, per token kind. */
  endpointOptions?: { apiDomain?: string; testApiDomain?: string };
  /** Full endpoint URLs, kept as given (scheme, host, port, path). */
  endpoints?: { testAPIURL?: string; liveAPIURL?: string; clientsideServicesIframeURL?: string };
  cookieOptions?: { domain?: string };
  keepSessionAlive?: boolean;
}

/** What `customBaseUrl` becomes in the official client: `https://<host name>`, or nothing. */
function httpsHostOf(urlOrDomain: string): string | undefined {
  for (const candidate of [urlOrDomain, `https://${urlOrDomain}`]) {
    try {
      return new URL(candidate).hostname || undefined;
    } catch {
      /* try the next form */
    }
  }
  return undefined;
}

/** Our client options for the official ones. */
export function clientOptionsFrom(publicToken: string, options: StytchClientOptions = {}): ClientOptions {
  const test = publicToken.startsWith('public-token-test');
  const out: ClientOptions = {};
  const domain = options.customBaseUrl ?? (test ? options.endpointOptions?.testApiDomain : options.endpointOptions?.apiDomain);
  const endpoint = test ? options.endpoints?.testAPIURL : options.endpoints?.liveAPIURL;
  if (domain !== undefined) out.apiDomain = httpsHostOf(domain) ?? domain;
  else if (endpoint) out.baseUrl = endpoint;
  if (options.endpoints?.clientsideServicesIframeURL) out.clientsideServicesUrl = options.endpoints.clientsideServicesIframeURL;
  if (options.cookieOptions?.domain) out.cookieDomain = options.cookieOptions.domain;
  if (options.keepSessionAlive !== undefined) out.keepSessionAlive = options.keepSessionAlive;
  return out;
}

/** The official login config, product objects and all. */
export interface CompatLoginConfig {
  products?: readonly CompatProduct[];
  oauthOptions?: { providers?: ReadonlyArray<string | { type: string; [k: string]: unknown }>; [k: string]: unknown };
  enableShadowDOM?: boolean;
  [option: string]: unknown;
}

/** Our config for the official one: product objects become their ids, provider names `{ type }`. */
export function configFrom(config: CompatLoginConfig | undefined, shadow = false): Record<string, unknown> {
  const { products, oauthOptions, ...rest } = config ?? {};
  const out: Record<string, unknown> = { ...rest };
  if (products) {
    // Passkey registration is an element of its own here, not a product of the login widget.
    out.products = products.map((p) => (typeof p === 'string' ? p : p.id)).filter((id) => id !== 'passkeyRegistration');
  }
  if (oauthOptions) {
    out.oauthOptions = { ...oauthOptions, providers: oauthOptions.providers?.map((p) => (typeof p === 'string' ? { type: p } : p)) };
  }
  if (shadow) out.enableShadowDOM = true;
  return out;
}

const told = new Set<string>();
/** Says once per page which official option is not applied, rather than dropping it silently. */
export function tellOnce(what: string, from = 'stytch-ui/compat'): void {
  if (told.has(what)) return;
  told.add(what);
  console.warn(`${from}: ${what} is not applied by this widget; see the README's "Moving from the official UI".`);
}

/** A client made from the official constructor's arguments. */
export function createStytchClient(publicToken: string, options?: StytchClientOptions): Client {
  return createClient(publicToken, clientOptionsFrom(publicToken, options));
}

/**
 * An official class name over one of our factories: `new Name(...args)` returns what `make`
 * makes (a constructor that returns an object gives that object), so the official
 * `new StytchHeadlessClient(token)` gets our client, not an instance of a class of its own.
 */
export function officialClass<A extends unknown[], R extends object>(name: string, make: (...args: A) => R): new (...args: A) => R {
  const Official = class {
    constructor(...args: A) {
      return make(...args);
    }
  };
  Object.defineProperty(Official, 'name', { value: name });
  // The class's instances are what `make` returns: its constructor returns them.
  return Official as new (...args: A) => R;
}

/** The headless client under its official name. */
export const StytchHeadlessClient = officialClass('StytchHeadlessClient', createStytchClient);
