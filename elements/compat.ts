/**
 * `stytch-ui/compat`: the names a page written for the official prebuilt UI imports, so moving
 * to this widget changes the import and nothing else. Importing it defines no tag: the page
 * registers the classes itself (`customElements.define('stytch-ui', StytchUI)`), as it did.
 */
import type { Client } from '../client/index.ts';
import { configFrom, createStytchClient, officialClass, tellOnce, type CompatLoginConfig, type StytchClientOptions } from './compat-names.ts';
import type { WidgetEventPayload } from '../screens/context.ts';
import type { StyleConfig } from '../theme/index.ts';
import { readPresentation, type ReadPresentation } from '../theme/presentation.ts';
import type { PropertyDeclarations } from './base/properties.ts';
import type { HostCallbacks, WidgetElement } from './base/widget-element.ts';
import { StytchLoginElement } from './login/element.ts';
import { mount } from './mount.ts';
import { StytchPasskeyRegistrationElement } from './passkey-registration/element.ts';
import { StytchResetPasswordElement } from './reset-password/element.ts';
import { StytchIdentityProviderElement, type AuthTokenParams, type IDPConsentManifestGenerator } from './identity-provider/element.ts';
import { setIdpProps } from './mount.ts';

export { Products, OTPMethods, OAuthProviders, OneTapPositions, StytchEventType, clientOptionsFrom, configFrom, createStytchClient, StytchHeadlessClient } from './compat-names.ts';
export type { CompatProduct, CompatLoginConfig, StytchClientOptions } from './compat-names.ts';

/** What the official `render()` and mount functions take. */
export interface CompatRenderProps {
  client?: Client;
  config?: CompatLoginConfig;
  styles?: StyleConfig;
  callbacks?: { onEvent?: (event: WidgetEventPayload) => void; onError?: (error: Error) => void };
  /** The official message catalog overrides, by the same ids (ICU MessageFormat values). */
  strings?: Record<string, string>;
  /**
   * The official 6.x `presentation`: `theme` (tokens, or a [light, dark] pair) and `options`
   * (hideHeaderText, logo, enableShadowDOM). Without it the widget has 6.3.0's default look.
   */
  presentation?: unknown;
  passwordResetToken?: string;
  /** The consent element's: the site's consent lines for the scopes (`StytchIdentityProvider`). */
  getIDPConsentManifest?: IDPConsentManifestGenerator;
  /** The consent element's: a trusted auth token attested before the flow. */
  authTokenParams?: AuthTokenParams;
}

/** An element of this module: one of ours drawn in the official look, with a `presentation`. */
type CompatElement = WidgetElement & { presentation: unknown };

/**
 * Our config for the official one, in the official UI's arrangement: Main's blocks in the order
 * of `products`, a code entered in six cells and no passkey upgrade unless the page chose otherwise.
 */
function compatConfig(config: CompatLoginConfig | undefined, shadow: boolean): Record<string, unknown> {
  // The official UI offers no passkey after a sign-in: off unless the page asks for it.
  const out: Record<string, unknown> = { mainOrder: 'products', passkeyUpgrade: false, ...configFrom(config, shadow) };
  if (out.otpOptions && typeof out.otpOptions === 'object') out.otpOptions = { inputStyle: 'cells', ...out.otpOptions };
  return out;
}

/** Whether the presentation asks for a shadow root (`options.enableShadowDOM`), as the config may. */
function wantsShadow(presentation: unknown): boolean {
  return readPresentation(presentation).enableShadowDOM === true;
}

function applyProps(el: CompatElement, props: CompatRenderProps, shadow: boolean): void {
  if ('client' in props) el.client = props.client;
  if ('config' in props || 'presentation' in props) el.config = compatConfig(props.config ?? (el.config as CompatLoginConfig | undefined), shadow || wantsShadow(props.presentation));
  if ('presentation' in props) el.presentation = props.presentation;
  if ('styles' in props) el.styles = props.styles;
  if ('strings' in props) el.strings = props.strings;
  if ('callbacks' in props) el.callbacks = props.callbacks as HostCallbacks | undefined;
}

/** The official element API on one of our elements: `render(props)`, `flushRender()`, the `shadow` init/attribute. */
type CompatElementClass<Base extends abstract new () => WidgetElement> = {
  new (init?: { shadow?: boolean }): InstanceType<Base> & { render(props: CompatRenderProps): void; flushRender(): void };
};

/** An element class of ours: a constructor with the property declarations the base element reads. */
type ElementClass = (new () => WidgetElement) & { properties: PropertyDeclarations };

function compatElement<Base extends ElementClass>(Base: Base): CompatElementClass<Base> {
  // @ts-expect-error: a mixin over a concrete element class; TypeScript cannot type the anonymous subclass's constructor args.
  return class extends Base {
    static override properties: PropertyDeclarations = { ...Base.properties, presentation: { attribute: false, type: 'json' } };
    declare presentation: unknown;
    readonly #shadow: boolean;
    #read?: { from: unknown; read: ReadPresentation };
    constructor(init: { shadow?: boolean } = {}) {
      super();
      this.#shadow = init.shadow ?? this.hasAttribute('shadow');
    }
    /** Sets any of client, config, styles, callbacks at once; one render follows. */
    render(props: CompatRenderProps): void {
      applyProps(this, props, this.#shadow);
      if ('passwordResetToken' in props && this instanceof StytchResetPasswordElement) this.passwordResetToken = props.passwordResetToken;
      if (this instanceof StytchIdentityProviderElement) {
        if ('getIDPConsentManifest' in props) this.getIDPConsentManifest = props.getIDPConsentManifest;
        if ('authTokenParams' in props) this.authTokenParams = props.authTokenParams;
      }
    }
    /** The official look, with the presentation's theme and options (read once per presentation object). */
    protected override officialLook(): ReadPresentation {
      const from = this.presentation;
      const cached = this.#read;
      if (cached && cached.from === from) return cached.read;
      const read = readPresentation(from);
      this.#read = { from, read };
      for (const what of read.unapplied) tellOnce(what);
      return read;
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

/** The mount functions of the official client, over ours, with the official config and presentation mapped. */
function compatMount<E extends WidgetElement>(tag: string, method: string, o: CompatMountOptions): E {
  defineDefaultTags();
  const config = compatConfig(o.config, wantsShadow(o.presentation));
  // The tag's class is ours (defineDefaultTags) or one the page registered, compat or not: the
  // presentation is set either way, read by a compat class and ignored by the others.
  return mount<E & CompatElement>(tag, method, { elementId: o.elementId, client: o.client, config, styles: o.styles, strings: o.strings, callbacks: o.callbacks }, (el) => {
    el.presentation = o.presentation;
    if (el instanceof StytchResetPasswordElement) el.passwordResetToken = o.passwordResetToken;
    if (el instanceof StytchIdentityProviderElement) setIdpProps(el, o);
  });
}

export function mountLogin(o: CompatMountOptions): StytchLoginElement {
  return compatMount('stytch-ui', 'mountLogin', o);
}

export function mountResetPassword(o: CompatMountOptions): StytchResetPasswordElement {
  return compatMount('stytch-reset-password', 'mountResetPassword', o);
}

export function mountPasskeyRegistration(o: CompatMountOptions): StytchPasskeyRegistrationElement {
  return compatMount('stytch-passkey-registration', 'mountPasskeyRegistration', o);
}

/**
 * Our tags, for the mount functions, where the page registered nothing under them. A subclass
 * each: a class the page already registered under a tag of its own cannot be registered twice.
 */
function defineDefaultTags(): void {
  const tags: Array<[string, CustomElementConstructor]> = [
    ['stytch-ui', StytchUI],
    ['stytch-reset-password', StytchResetPassword],
    ['stytch-passkey-registration', StytchPasskeyRegistration],
    ['stytch-identity-provider', StytchIdentityProvider],
  ];
  for (const [tag, ctor] of tags) if (!customElements.get(tag)) customElements.define(tag, class extends ctor {});
}

/** The consent element (the official `StytchIdentityProvider`): the authorization request on the page's query, for the signed-in user. */
export const StytchIdentityProvider = compatElement(StytchIdentityProviderElement);

/** The official `mountIdentityProvider`: the consent element in the official look. */
export function mountIdentityProvider(o: CompatMountOptions): StytchIdentityProviderElement {
  defineDefaultTags();
  return compatMount<StytchIdentityProviderElement>('stytch-identity-provider', 'mountIdentityProvider', o);
}

/** The official client with the mount methods: `new StytchUIClient(publicToken, options)`. */
export type StytchUIClient = Client & {
  mountLogin(options: CompatMountOptions): StytchLoginElement;
  mountResetPassword(options: CompatMountOptions): StytchResetPasswordElement;
  mountPasskeyRegistration(options: CompatMountOptions): StytchPasskeyRegistrationElement;
  mountIdentityProvider(options: CompatMountOptions): StytchIdentityProviderElement;
};

export const StytchUIClient = officialClass('StytchUIClient', (publicToken: string, options?: StytchClientOptions): StytchUIClient => {
  const client = createStytchClient(publicToken, options);
  // The official methods render with this client unless the call names another.
  const withClient =
    <R>(mount: (o: CompatMountOptions) => R) =>
    (o: CompatMountOptions): R =>
      mount({ ...o, client: o.client ?? client });
  return Object.assign(client, {
    mountLogin: withClient(mountLogin),
    mountResetPassword: withClient(mountResetPassword),
    mountPasskeyRegistration: withClient(mountPasskeyRegistration),
    mountIdentityProvider: withClient(mountIdentityProvider),
  });
});
