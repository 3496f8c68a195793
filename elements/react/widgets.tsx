/**
 * `StytchLogin`, `StytchPasswordReset`, `StytchPasskeyRegistration` and `StytchB2B`: the official
 * components' props over this package's elements. In the browser each renders its element and
 * sets the element's properties; React treats the element's inside as its own (an empty
 * `dangerouslySetInnerHTML`), so it never touches what the widget renders. On a server the login
 * element carries its first screen (stytch-ui/server), which the element hydrates, keeping what
 * was typed before the script arrived.
 */
import { createElement, use, useLayoutEffect, useMemo, useRef } from 'react';
import type { WidgetEventPayload } from '../../screens/context.ts';
import type { StyleConfig } from '../../theme/index.ts';
import type { HostCallbacks, WidgetElement } from '../base/widget-element.ts';
import { configFrom, tellOnce, type CompatLoginConfig } from '../compat-names.ts';
import type { AuthTokenParams, IDPConsentManifestGenerator, PrefetchedConsent } from '../identity-provider/element.ts';
import { useWidgetClient } from './provider.tsx';
import { serverMarkup } from './server-paint.ts';
import { keepEarlyPresses } from '../../screens/hooks/useEarlyPress.ts';

const isServer = typeof window === 'undefined';

// The elements, from the package's React-external build: they render with the page's React.
let b2c: Promise<unknown> | undefined;
let b2b: Promise<unknown> | undefined;
const loadB2C = () => (b2c ??= import('../index.ts'));
const loadB2B = () => (b2b ??= import('../b2b/index.ts'));

/** The official callbacks. */
export interface Callbacks {
  onEvent?: (event: WidgetEventPayload) => void;
  onError?: (error: Error) => void;
}

/** The props every component takes (the official `StytchProps`). */
export interface StytchProps<Config = CompatLoginConfig> {
  /** The products and their options; the official product objects (`Products.otp`) or their names. */
  config: Config;
  /** This widget's style config (README "Styling"); the official `presentation` is not applied. */
  styles?: StyleConfig;
  /** The official 6.x theme: not applied (said once in the console); see `styles`. */
  presentation?: unknown;
  callbacks?: Callbacks;
  /** The official message ids to ICU messages, over the locale's words. */
  strings?: Record<string, string>;
}

/** `StytchPasswordReset`'s props: the token from the reset link (else the page's `token` parameter). */
export interface StytchResetPasswordProps extends StytchProps {
  passwordResetToken?: string;
}

/** The official props of `IdentityProvider` (and, with `trustedAuthTokenParams`, `B2BIdentityProvider`): no config. */
export interface IdentityProviderProps extends Omit<StytchProps<unknown>, 'config'> {
  getIDPConsentManifest?: IDPConsentManifestGenerator;
  authTokenParams?: AuthTokenParams;
  /** Ours: the consent the site's server started for this request (server API), drawn into the server's HTML (docs/EMBEDDING.md). */
  prefetchedConsent?: PrefetchedConsent;
}

/** The admin portal's elements, by the official React component that renders each. */
const ADMIN_TAGS = {
  'stytch-b2b-admin-portal-sso-ui': 'AdminPortalSSO',
  'stytch-b2b-admin-portal-org-settings-ui': 'AdminPortalOrgSettings',
  'stytch-b2b-admin-portal-member-management-ui': 'AdminPortalMemberManagement',
  'stytch-b2b-admin-portal-scim': 'AdminPortalSCIM',
} as const;
type AdminTag = keyof typeof ADMIN_TAGS;

/** Each element by the official React component that renders it (the name its errors carry). */
const COMPONENT_NAMES = {
  ...ADMIN_TAGS,
  'stytch-ui': 'StytchLogin',
  'stytch-reset-password': 'StytchPasswordReset',
  'stytch-passkey-registration': 'StytchPasskeyRegistration',
  'stytch-b2b-ui': 'StytchB2B',
  'stytch-identity-provider': 'IdentityProvider',
  'stytch-b2b-identity-provider': 'B2BIdentityProvider',
} as const;

// A constant object: React compares the string, and an empty string never overwrites the widget.
const EMPTY = { __html: '' };

interface WidgetProps {
  tag: keyof typeof COMPONENT_NAMES;
  b2b: boolean;
  config: Record<string, unknown> | undefined;
  props: StytchProps<unknown>;
  extra?: Record<string, unknown>;
}

function Widget({ tag, b2b: isB2B, config, props, extra }: WidgetProps) {
  const client = useWidgetClient(isB2B, COMPONENT_NAMES[tag]);
  if (props.presentation !== undefined) tellOnce('`presentation`', 'stytch-ui/react');
  const ref = useRef<WidgetElement>(null);
  const latest = useRef(props.callbacks);
  latest.current = props.callbacks;
  // Stable: the element re-renders its screens when its callbacks object changes.
  const callbacks = useMemo<HostCallbacks>(() => ({ onEvent: (e) => latest.current?.onEvent?.(e), onError: (e) => latest.current?.onError?.(e) }), []);
  // A config, styles or strings object made anew at each render is the same value: keep the first.
  const configKey = JSON.stringify(config);
  const stylesKey = JSON.stringify(props.styles);
  const stringsKey = JSON.stringify(props.strings);
  const stableConfig = useMemo(() => config, [configKey]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by its JSON: an equal object is the same value
  const stableStyles = useMemo(() => props.styles, [stylesKey]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by its JSON: an equal object is the same value
  const stableStrings = useMemo(() => props.strings, [stringsKey]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by its JSON: an equal object is the same value

  if (isServer) {
    // The login element's first screen in the HTML; the other elements render in the browser.
    const paint = tag === 'stytch-ui' ? 'login' : tag === 'stytch-identity-provider' ? 'identity-provider' : undefined;
    const prefetchedConsent = paint === 'identity-provider' ? (extra?.prefetchedConsent as PrefetchedConsent | undefined) : undefined;
    const markup = paint ? use(serverMarkup({ config: stableConfig, styles: stableStyles, strings: stableStrings, ...(prefetchedConsent ? { prefetchedConsent } : {}) }, paint)) : null;
    // Flow props (the reset token) are set as properties in the browser; the prefetched consent
    // is also an attribute, so the element's first render is the screen the server drew.
    const attributes: Record<string, string> = {
      ...(configKey !== undefined ? { config: configKey } : {}),
      ...(props.styles ? { styles: stylesKey } : {}),
      ...(props.strings ? { strings: stringsKey } : {}),
      ...(prefetchedConsent ? { 'prefetched-consent': JSON.stringify(prefetchedConsent) } : {}),
    };
    return createElement(tag, { ...attributes, ...markup?.attributes, dangerouslySetInnerHTML: { __html: markup?.children ?? '' } });
  }

  void (isB2B ? loadB2B() : loadB2C());
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `isServer` is fixed for the process: a server render returns above on every render, a browser render never does
  useLayoutEffect(() => {
    const el = ref.current as (WidgetElement & Record<string, unknown>) | null;
    if (!el) return;
    // Before the element is defined these land as own properties, which it takes when it upgrades.
    el.client = client as WidgetElement['client'];
    el.callbacks = callbacks;
    el.config = stableConfig;
    el.styles = stableStyles;
    el.strings = stableStrings;
    for (const [k, v] of Object.entries(extra ?? {})) el[k] = v;
  });
  // The page's React runs before the element's code has come: a press on the server's first
  // screen from here on is kept, and sent once the element has hydrated it.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `isServer` is fixed for the process (above)
  useLayoutEffect(() => {
    const el = ref.current;
    return el ? keepEarlyPresses(el.shadowRoot ?? el) : undefined;
  }, []);
  // suppressHydrationWarning: the server's attributes (config, scope) stay as they are.
  return createElement(tag, { ref, suppressHydrationWarning: true, dangerouslySetInnerHTML: EMPTY });
}

/** The login widget (`<stytch-ui>`): products and their options in `config`. */
export function StytchLogin(props: StytchProps) {
  return createElement(Widget, { tag: 'stytch-ui', b2b: false, config: configFrom(props.config), props });
}

/** The password-reset screen (`<stytch-reset-password>`), for the page a reset link opens. */
export function StytchPasswordReset(props: StytchResetPasswordProps) {
  return createElement(Widget, { tag: 'stytch-reset-password', b2b: false, config: configFrom(props.config), props, extra: { passwordResetToken: props.passwordResetToken } });
}

/** Passkey registration for the signed-in user (`<stytch-passkey-registration>`). */
export function StytchPasskeyRegistration(props: StytchProps) {
  return createElement(Widget, { tag: 'stytch-passkey-registration', b2b: false, config: configFrom(props.config), props });
}

/** The B2B widget (`<stytch-b2b-ui>`), under `StytchB2BProvider`. */
export function StytchB2B(props: StytchProps<Record<string, unknown>>) {
  return createElement(Widget, { tag: 'stytch-b2b-ui', b2b: true, config: props.config, props });
}

/** The admin portal components' props (the official `AdminPortal*MountOptions` without the client, which comes from `StytchB2BProvider`). */
export interface AdminPortalProps {
  config?: Record<string, unknown>;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  strings?: Record<string, string>;
}

const adminPortal = (tag: AdminTag) => (props: AdminPortalProps) => createElement(Widget, { tag, b2b: true, config: props.config ?? {}, props: { ...props, config: props.config ?? {} } });

/** The organization's SSO connections (`<stytch-b2b-admin-portal-sso-ui>`), under `StytchB2BProvider`. */
export const AdminPortalSSO = adminPortal('stytch-b2b-admin-portal-sso-ui');
/** The organization's settings (`<stytch-b2b-admin-portal-org-settings-ui>`). */
export const AdminPortalOrgSettings = adminPortal('stytch-b2b-admin-portal-org-settings-ui');
/** The organization's members (`<stytch-b2b-admin-portal-member-management-ui>`). */
export const AdminPortalMemberManagement = adminPortal('stytch-b2b-admin-portal-member-management-ui');
/** The organization's SCIM connection (`<stytch-b2b-admin-portal-scim>`). */
export const AdminPortalSCIM = adminPortal('stytch-b2b-admin-portal-scim');

/**
 * The consent screen (`<stytch-identity-provider>`, the official `IdentityProvider`): the
 * authorization request on the page's query, for the signed-in user.
 */
export function IdentityProvider(props: IdentityProviderProps) {
  return createElement(Widget, {
    tag: 'stytch-identity-provider',
    b2b: false,
    config: undefined,
    props: { ...props, config: undefined },
    extra: { getIDPConsentManifest: props.getIDPConsentManifest, authTokenParams: props.authTokenParams, prefetchedConsent: props.prefetchedConsent },
  });
}

/** The B2B consent screen (`<stytch-b2b-identity-provider>`, the official `B2BIdentityProvider`), under `StytchB2BProvider`. */
export function B2BIdentityProvider(props: IdentityProviderProps & { trustedAuthTokenParams?: AuthTokenParams }) {
  return createElement(Widget, {
    tag: 'stytch-b2b-identity-provider',
    b2b: true,
    config: undefined,
    props: { ...props, config: undefined },
    extra: { getIDPConsentManifest: props.getIDPConsentManifest, trustedAuthTokenParams: props.trustedAuthTokenParams ?? props.authTokenParams },
  });
}
