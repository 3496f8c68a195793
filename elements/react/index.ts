/**
 * `stytch-ui/react`: the official React SDK's components, hooks and
 * client factories over this package, so an app written for it changes only its imports. The
 * elements come from the React-external build (one React on the page, the app's own).
 */
import type { Client } from '../../client/index.ts';
import { createStytchClient as createInBrowser, officialClass, StytchHeadlessClient as HeadlessInBrowser, type StytchClientOptions } from '../compat-names.ts';
import { browserOnly } from './server-client.ts';

export {
  StytchProvider,
  StytchB2BProvider,
  useStytch,
  useStytchUser,
  useStytchSession,
  useStytchB2BClient,
  useStytchMember,
  useStytchMemberSession,
  useStytchOrganization,
  withStytch,
  withStytchUser,
  withStytchSession,
  withStytchB2BClient,
  withStytchMember,
  withStytchMemberSession,
  withStytchOrganization,
  type StytchProviderProps,
} from './provider.tsx';
export {
  StytchLogin,
  StytchPasswordReset,
  StytchPasskeyRegistration,
  StytchB2B,
  IdentityProvider,
  B2BIdentityProvider,
  type StytchProps,
  type StytchResetPasswordProps,
  type Callbacks,
  type IdentityProviderProps,
  type IdentityProviderProps as B2BIdentityProviderProps,
} from './widgets.tsx';
export type { AuthTokenParams, IDPConsentManifestGenerator, IDPConsentManifestGenerator as B2BIDPConsentManifestGenerator, PrefetchedConsent } from '../identity-provider/element.ts';
export type { Info } from './state.ts';
/** What `callbacks.onEvent` receives: `{ type, data }` (the official `StytchEvent`). */
export type { WidgetEventPayload as StytchEvent } from '../../screens/context.ts';
export type { StytchIntrinsicElements, StytchElementProps } from './jsx.ts';
export { Products, OTPMethods, OAuthProviders, OneTapPositions, StytchEventType, type StytchClientOptions } from '../compat-names.ts';
export type { Client, Session, User } from '../../client/index.ts';
export type { B2BClient, Member, MemberSession, Organization } from '../../client/b2b/index.ts';
export type { StyleConfig } from '../../theme/index.ts';

/**
 * A client from the official options (`endpoints.testAPIURL` points it at another provider). In
 * the browser a real client; on a server a stand-in the providers accept (see server-client.ts).
 */
export const createStytchClient: (publicToken: string, options?: StytchClientOptions) => Client = browserOnly(createInBrowser);
/** The official factories' other names: one client does UI and headless calls here. */
export const createStytchUIClient = createStytchClient;
export const createStytchHeadlessClient = createStytchClient;
export const StytchHeadlessClient = officialClass('StytchHeadlessClient', (publicToken: string, options?: StytchClientOptions): Client =>
  typeof window === 'undefined' ? createStytchClient(publicToken, options) : new HeadlessInBrowser(publicToken, options),
);
