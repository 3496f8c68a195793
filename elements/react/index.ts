/**
 * `stytch-ui/react`: the official React SDK's components, hooks and
 * client factories over this package, so an app written for it changes only its imports. The
 * elements come from the React-external build (one React on the page, the app's own).
 */
import type { Client } from '../../client/index.ts';
import { createStytchClient, type StytchClientOptions } from '../compat-names.ts';

export { StytchProvider, StytchB2BProvider, useStytch, useStytchUser, useStytchSession, useStytchB2BClient, useStytchMember, useStytchMemberSession, useStytchOrganization, withStytch, withStytchUser, withStytchSession, type StytchProviderProps } from './provider.tsx';
export { StytchLogin, StytchPasswordReset, StytchPasskeyRegistration, StytchB2B, type StytchProps, type StytchResetPasswordProps, type Callbacks } from './widgets.tsx';
export type { Info } from './state.ts';
export type { StytchIntrinsicElements, StytchElementProps } from './jsx.ts';
export { Products, OTPMethods, OAuthProviders, OneTapPositions, StytchEventType, createStytchClient, StytchHeadlessClient, type StytchClientOptions } from '../compat-names.ts';
export type { Client, Session, User } from '../../client/index.ts';
export type { B2BClient, Member, MemberSession, Organization } from '../../client/b2b/index.ts';
export type { StyleConfig } from '../../theme/index.ts';

/** The official factories' other names: one client does UI and headless calls here. */
export const createStytchUIClient = (publicToken: string, options?: StytchClientOptions): Client => createStytchClient(publicToken, options);
export const createStytchHeadlessClient = createStytchUIClient;
