/**
 * `stytch-ui/compat`: the names a page written for the official prebuilt UI imports, so moving
 * to this widget changes the import and nothing else. Importing it defines no tag: the page
 * registers the classes itself (`customElements.define('stytch-ui', StytchUI)`), as it did.
 */
import { createClient, type Client, type ClientOptions } from '../client/index.ts';
import type { WidgetEventPayload } from '../screens/context.ts';
import type { StyleConfig } from '../theme/index.ts';
import type { HostCallbacks, WidgetElement } from './base/widget-element.ts';
import { StytchLoginElement } from './login/element.ts';
import { mountLogin as mountOurLogin, mountPasskeyRegistration as mountOurPasskeyRegistration, mountResetPassword as mountOurResetPassword } from './mount.ts';
import { StytchPasskeyRegistrationElement } from './passkey-registration/element.ts';
import { StytchResetPasswordElement } from './reset-password/element.ts';

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

/** What the official `render()` and mount functions take. */
export interface CompatRenderProps {
  client?: Client;
  config?: CompatLoginConfig;
  styles?: StyleConfig;
  callbacks?: { onEvent?: (event: WidgetEventPayload) => void; onError?: (error: Error) => void };
  /** The official message catalog overrides, by the same ids (ICU MessageFormat values). */
  strings?: Record<string, string>;
  /** The official 6.x theme; this widget is styled by `styles` (see the README). */
  presentation?: unknown;
  passwordResetToken?: string;
}

const told = new Set<string>();
/** Says once per page which official option is not applied, rather than dropping it silently. */
function tellOnce(what: string): void {
  if (told.has(what)) return;
  told.add(what);
  console.warn(`stytch-ui/compat: ${what} is not applied by this widget; see the README's "Moving from the official UI".`);
}

function tellUnapplied(props: CompatRenderProps): void {
  if (props.presentation !== undefined) tellOnce('`presentation`');
}

function applyProps(el: WidgetElement, props: CompatRenderProps, shadow: boolean): void {
  tellUnapplied(props);
  if ('client' in props) el.client = props.client;
  if ('config' in props) el.config = configFrom(props.config, shadow);
  if ('styles' in props) el.styles = props.styles;
  if ('strings' in props) el.strings = props.strings;
  if ('callbacks' in props) el.callbacks = props.callbacks as HostCallbacks | undefined;
}

/** The official element API on one of our elements: `render(props)`, `flushRender()`, the `shadow` init/attribute. */
type CompatElementClass<Base extends abstract new () => WidgetElement> = {
  new (init?: { shadow?: boolean }): InstanceType<Base> & { render(props: CompatRenderProps): void; flushRender(): void };
};

function compatElement<Base extends new () => WidgetElement>(Base: Base): CompatElementClass<Base> {
  // @ts-expect-error: a mixin over a concrete element class; TypeScript cannot type the anonymous subclass's constructor args.
  return class extends Base {
    readonly #shadow: boolean;
    constructor(init: { shadow?: boolean } = {}) {
      super();
      this.#shadow = init.shadow ?? this.hasAttribute('shadow');
    }
    /** Sets any of client, config, styles, callbacks at once; one render follows. */
    render(props: CompatRenderProps): void {
      applyProps(this, props, this.#shadow);
      if ('passwordResetToken' in props && this instanceof StytchResetPasswordElement) this.passwordResetToken = props.passwordResetToken;
    }
    /** Renders the current props now instead of in the next microtask. */
    flushRender(): void {
      this.performUpdate();
    }
    // The official elements choose their DOM mode by the `shadow` init or attribute.
    protected override createRenderRoot(): HTMLElement | ShadowRoot {
      if (this.#shadow) return this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      return super.createRenderRoot();
    }
  };
}

/** `<stytch-ui>` as the official `StytchUI` class: register it under any tag. */
export const StytchUI = compatElement(StytchLoginElement);
/** The reset-password element (the official `StytchResetPassword`). */
export const StytchResetPassword = compatElement(StytchResetPasswordElement);
/** The same class under the name some official examples use. */
export const StytchPasswordReset = StytchResetPassword;
/** The passkey-registration element (the official `StytchPasskeyRegistration`). */
export const StytchPasskeyRegistration = compatElement(StytchPasskeyRegistrationElement);

/** The official mount options: a selector and the render props. */
export type CompatMountOptions = CompatRenderProps & { elementId: string };

/** The mount functions of the official client, over ours, with the official config mapped. */
export function mountLogin(o: CompatMountOptions): StytchLoginElement {
  tellUnapplied(o);
  defineDefaultTags();
  return mountOurLogin({ elementId: o.elementId, client: o.client, config: configFrom(o.config), styles: o.styles, strings: o.strings, callbacks: o.callbacks });
}

export function mountResetPassword(o: CompatMountOptions): StytchResetPasswordElement {
  tellUnapplied(o);
  defineDefaultTags();
  return mountOurResetPassword({ elementId: o.elementId, client: o.client, config: configFrom(o.config), styles: o.styles, strings: o.strings, callbacks: o.callbacks, passwordResetToken: o.passwordResetToken });
}

export function mountPasskeyRegistration(o: CompatMountOptions): StytchPasskeyRegistrationElement {
  tellUnapplied(o);
  defineDefaultTags();
  return mountOurPasskeyRegistration({ elementId: o.elementId, client: o.client, config: configFrom(o.config), styles: o.styles, strings: o.strings, callbacks: o.callbacks });
}

/**
 * Our tags, for the mount functions, where the page registered nothing under them. A subclass
 * each: a class the page already registered under a tag of its own cannot be registered twice.
 */
function defineDefaultTags(): void {
  const tags: Array<[string, CustomElementConstructor]> = [
    ['stytch-ui', StytchUI as unknown as CustomElementConstructor],
    ['stytch-reset-password', StytchResetPassword as unknown as CustomElementConstructor],
    ['stytch-passkey-registration', StytchPasskeyRegistration as unknown as CustomElementConstructor],
  ];
  for (const [tag, ctor] of tags) if (!customElements.get(tag)) customElements.define(tag, class extends ctor {});
}

/** The official client with the mount methods: `new StytchUIClient(publicToken, options)`. */
export type StytchUIClient = Client & {
  mountLogin(options: CompatMountOptions): StytchLoginElement;
  mountResetPassword(options: CompatMountOptions): StytchResetPasswordElement;
  mountPasskeyRegistration(options: CompatMountOptions): StytchPasskeyRegistrationElement;
};

/** A client made from the official constructor's arguments. */
export function createStytchClient(publicToken: string, options?: StytchClientOptions): Client {
  return createClient(publicToken, clientOptionsFrom(publicToken, options));
}

export const StytchUIClient = function StytchUIClient(publicToken: string, options?: StytchClientOptions): StytchUIClient {
  const client = createStytchClient(publicToken, options);
  // The official methods render with this client unless the call names another.
  const withClient = <R>(mount: (o: CompatMountOptions) => R) => (o: CompatMountOptions): R => mount({ ...o, client: o.client ?? client });
  return Object.assign(client, {
    mountLogin: withClient(mountLogin),
    mountResetPassword: withClient(mountResetPassword),
    mountPasskeyRegistration: withClient(mountPasskeyRegistration),
  });
} as unknown as new (publicToken: string, options?: StytchClientOptions) => StytchUIClient;

/** The headless client under its official name. */
export const StytchHeadlessClient = function StytchHeadlessClient(publicToken: string, options?: StytchClientOptions): Client {
  return createStytchClient(publicToken, options);
} as unknown as new (publicToken: string, options?: StytchClientOptions) => Client;
