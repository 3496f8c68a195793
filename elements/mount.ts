import type { WidgetClient } from '../screens/context.ts';
import type { StyleConfig } from '../theme/index.ts';
import type { HostCallbacks, WidgetElement } from './base/widget-element.ts';
import { InvalidMountCallError, MountTargetNotFoundError } from './errors.ts';
import type { IdentityProviderElementBase, AuthTokenParams, IDPConsentManifestGenerator, StytchIdentityProviderElement } from './identity-provider/element.ts';
import type { StytchLoginElement } from './login/element.ts';
import type { StytchPasskeyRegistrationElement } from './passkey-registration/element.ts';
import type { StytchResetPasswordElement } from './reset-password/element.ts';

/** Options every mount function takes (SPEC §1); `C` is the client of the widget's product line. */
export interface MountOptions<C = WidgetClient> {
  /** A selector for the element the widget goes into, e.g. '#login'. */
  elementId: string;
  config?: Record<string, unknown>;
  styles?: StyleConfig;
  /** Official message ids to ICU MessageFormat texts, over the locale's (a bad one is reported and the default used). */
  strings?: Record<string, string>;
  callbacks?: HostCallbacks;
  client?: C;
  /** The page's CSP nonce, put on every style tag the widget adds. */
  nonce?: string;
}

/** Options of `mountResetPassword`: the token from the reset email as well. */
export interface ResetPasswordMountOptions extends MountOptions {
  passwordResetToken?: string;
}

/** Options of the consent elements' mount functions: the official `getIDPConsentManifest` and `authTokenParams` as well. */
export interface IdentityProviderMountOptions<C = WidgetClient> extends MountOptions<C> {
  getIDPConsentManifest?: IDPConsentManifestGenerator;
  authTokenParams?: AuthTokenParams;
}

function findTarget(options: Pick<MountOptions, 'elementId'>, method: string): Element | null {
  if (typeof options?.elementId !== 'string' || options.elementId.trim() === '') {
    throw new InvalidMountCallError(method, 'elementId must be a non-empty CSS selector string');
  }
  try {
    return document.querySelector(options.elementId);
  } catch (cause) {
    throw new InvalidMountCallError(method, `elementId (${options.elementId}) is not a valid CSS selector`, { cause });
  }
}

export function mount<E extends WidgetElement<C>, C = WidgetClient>(tag: string, method: string, options: MountOptions<C>, extra?: (el: E) => void): E {
  const target = findTarget(options, method);
  if (!target) throw new MountTargetNotFoundError(options.elementId, method);
  const shadow = options.config?.enableShadowDOM === true;
  const existing = (target.localName === tag ? target : target.querySelector(`:scope > ${tag}`)) as E | null;
  // A shadow root cannot be removed, so switching DOM mode needs a fresh element.
  const reuse = existing && existing.usesShadowDOM === shadow ? existing : null;
  const el = reuse ?? (document.createElement(tag) as E);
  if (options.nonce) el.nonce = options.nonce;
  // Properties first, then insertion: the first connection renders them in one pass.
  el.config = options.config;
  el.styles = options.styles;
  el.strings = options.strings;
  el.callbacks = options.callbacks;
  el.client = options.client;
  extra?.(el);
  if (existing && !reuse) existing.replaceWith(el);
  else if (!existing) target.replaceChildren(el);
  return el;
}

/** Renders the login widget into the element `elementId` selects; again re-renders it. */
export function mountLogin(options: MountOptions): StytchLoginElement {
  return mount<StytchLoginElement>('stytch-ui', 'mountLogin', options);
}

/** Renders the reset-password form with the token from the reset email. */
export function mountResetPassword(options: ResetPasswordMountOptions): StytchResetPasswordElement {
  return mount<StytchResetPasswordElement>('stytch-reset-password', 'mountResetPassword', options, (el) => {
    el.passwordResetToken = options.passwordResetToken;
  });
}

/** Renders passkey registration for the signed-in user. */
export function mountPasskeyRegistration(options: MountOptions): StytchPasskeyRegistrationElement {
  return mount<StytchPasskeyRegistrationElement>('stytch-passkey-registration', 'mountPasskeyRegistration', options);
}

/** Renders the consent screen (or the logout) for the authorization request on the page's query. */
export function mountIdentityProvider(options: IdentityProviderMountOptions): StytchIdentityProviderElement {
  return mount<StytchIdentityProviderElement>('stytch-identity-provider', 'mountIdentityProvider', options, (el) => setIdpProps(el, options));
}

/** The consent element's own props of a mount call. */
export function setIdpProps<C>(el: IdentityProviderElementBase<C>, options: IdentityProviderMountOptions<C>): void {
  el.getIDPConsentManifest = options.getIDPConsentManifest;
  el.authTokenParams = options.authTokenParams;
}
