/**
 * `StytchProvider` and `StytchB2BProvider` with the official React SDK's hooks and HOCs: the same
 * names, props and return shapes, over this package's clients. The hooks read the client's local
 * state and follow its `onChange`, so a reload (the stored session), another tab and a sign-out
 * are seen as the client sees them.
 */
import { createContext, createElement, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Client, Session, User } from '../../client/index.ts';
import type { B2BClient, Member, MemberSession, Organization } from '../../client/b2b/index.ts';
import { useInfo, type Info, type InfoSource } from './state.ts';

// The official SDK's developer messages, word for word.
const noProviderError = (item: string, provider = 'StytchProvider') => `${item} can only be used inside <${provider}>.`;
const providerMustBeUniqueError = 'You cannot render a <StytchProvider> inside another <StytchProvider>.';

interface B2CContext {
  client: Client;
  ready: boolean;
  user: InfoSource<User>;
  session: InfoSource<Session>;
}
interface B2BContext {
  client: B2BClient;
  ready: boolean;
  member: InfoSource<Member>;
  session: InfoSource<MemberSession>;
  organization: InfoSource<Organization>;
}

const B2CClientContext = createContext<B2CContext | null>(null);
const B2BClientContext = createContext<B2BContext | null>(null);

/** One part of a client as the hooks read it. */
function source<V, K extends string>(part: { getInfo(): { [P in K]: V | null } & { fromCache: boolean }; onChange(l: (v: V | null) => void): () => void }, key: K): InfoSource<V> {
  return {
    read: () => {
      const info = part.getInfo();
      return { value: info[key] as V | null, fromCache: info.fromCache };
    },
    subscribe: (listener) => part.onChange(() => listener()),
  };
}

/** `assumeHydrated` as the official providers take it: false waits for the first effect. */
function useReady(assumeHydrated: boolean): boolean {
  const [ready, setReady] = useState(assumeHydrated);
  useEffect(() => setReady(true), []);
  return ready;
}

/** What both providers take. */
export interface StytchProviderProps<C = Client> {
  /** The client (`createStytchClient` of this package, or `createClient` of stytch-ui/client). */
  stytch: C;
  /**
   * True (the default): the hooks read the client at the first render in the browser. False:
   * they answer `isInitialized: false` until after the first render. A server render and a
   * hydration always start uninitialized, so the server's HTML and the first render agree.
   */
  assumeHydrated?: boolean;
  children?: ReactNode;
}

/** Makes the client and its hooks available to the tree below. */
export function StytchProvider({ stytch, children, assumeHydrated = true }: StytchProviderProps<Client>) {
  if (useContext(B2CClientContext)) throw new Error(providerMustBeUniqueError);
  const ready = useReady(assumeHydrated);
  const sources = useMemo(() => ({ user: source<User, 'user'>(stytch.user, 'user'), session: source<Session, 'session'>(stytch.session, 'session') }), [stytch]);
  const value = useMemo(() => ({ client: stytch, ready, ...sources }), [stytch, ready, sources]);
  return createElement(B2CClientContext.Provider, { value }, children);
}

/** The B2B provider: a B2B client (`createStytchB2BClient`, or `createB2BClient` of stytch-ui/b2b-client). */
export function StytchB2BProvider({ stytch, children, assumeHydrated = true }: StytchProviderProps<B2BClient>) {
  if (useContext(B2BClientContext)) throw new Error(providerMustBeUniqueError.replaceAll('StytchProvider', 'StytchB2BProvider'));
  const ready = useReady(assumeHydrated);
  const sources = useMemo(
    () => ({
      member: source<Member, 'member'>(stytch.self, 'member'),
      session: source<MemberSession, 'session'>(stytch.session, 'session'),
      organization: source<Organization, 'organization'>(stytch.organization, 'organization'),
    }),
    [stytch],
  );
  const value = useMemo(() => ({ client: stytch, ready, ...sources }), [stytch, ready, sources]);
  return createElement(B2BClientContext.Provider, { value }, children);
}

function useB2C(item: string): B2CContext {
  const ctx = useContext(B2CClientContext);
  if (!ctx) throw new Error(noProviderError(item));
  return ctx;
}
function useB2B(item: string): B2BContext {
  const ctx = useContext(B2BClientContext);
  if (!ctx) throw new Error(noProviderError(item, 'StytchB2BProvider'));
  return ctx;
}

/** The client a widget renders with: its provider's (B2B or not); `item` names it in the error. */
export function useWidgetClient(b2b: boolean, item: string): Client | B2BClient {
  // Both contexts are read on every render, so the hooks' order never depends on `b2b`.
  const b2bCtx = useContext(B2BClientContext);
  const b2cCtx = useContext(B2CClientContext);
  const ctx = b2b ? b2bCtx : b2cCtx;
  if (!ctx) throw new Error(b2b ? noProviderError(item, 'StytchB2BProvider') : noProviderError(item));
  return ctx.client;
}

/** The client given to `StytchProvider`. */
export const useStytch = (): Client => useB2C('useStytch').client;
/** `{ user, fromCache, isInitialized }`: the signed-in user, or null. */
export function useStytchUser(): Info<'user', User> {
  const ctx = useB2C('useStytchUser');
  return useInfo('user', ctx.user, ctx.ready);
}
/** `{ session, fromCache, isInitialized }`: the live session, or null. */
export function useStytchSession(): Info<'session', Session> {
  const ctx = useB2C('useStytchSession');
  return useInfo('session', ctx.session, ctx.ready);
}

/** The client given to `StytchB2BProvider`. */
export const useStytchB2BClient = (): B2BClient => useB2B('useStytchB2BClient').client;
/** `{ member, fromCache, isInitialized }`: the signed-in member, or null. */
export function useStytchMember(): Info<'member', Member> {
  const ctx = useB2B('useStytchMember');
  return useInfo('member', ctx.member, ctx.ready);
}
/** `{ session, fromCache, isInitialized }`: the member session, or null. */
export function useStytchMemberSession(): Info<'session', MemberSession> {
  const ctx = useB2B('useStytchMemberSession');
  return useInfo('session', ctx.session, ctx.ready);
}
/** `{ organization, fromCache, isInitialized }`: the member's organization, or null. */
export function useStytchOrganization(): Info<'organization', Organization> {
  const ctx = useB2B('useStytchOrganization');
  return useInfo('organization', ctx.organization, ctx.ready);
}

/** An official HOC: `Component` rendered with what `useProps` reads, added to its props. */
function withProps<T extends object, P extends object>(name: string, Component: ComponentType<T & P>, useProps: () => P): ComponentType<T> {
  const Wrapped = (props: T) => createElement(Component, { ...props, ...useProps() });
  Wrapped.displayName = `${name}(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Wrapped;
}

/** A hook's answer as the official HOCs name it: `stytchUser`, `stytchUserIsInitialized`, `stytchUserIsFromCache`. */
type InfoProps<N extends string, V> = { [P in N]: V | null } & { [P in `${N}IsInitialized` | `${N}IsFromCache`]: boolean };
function infoProps<N extends string, V>(name: N, value: V | null, info: { isInitialized: boolean; fromCache: boolean }): InfoProps<N, V> {
  return { [name]: value, [`${name}IsInitialized`]: info.isInitialized, [`${name}IsFromCache`]: info.fromCache } as InfoProps<N, V>;
}

/** The official HOCs: the hooks' values as props. */
export const withStytch = <T extends object>(Component: ComponentType<T & { stytch: Client }>): ComponentType<T> => withProps('withStytch', Component, () => ({ stytch: useStytch() }));
export const withStytchUser = <T extends object>(Component: ComponentType<T & InfoProps<'stytchUser', User>>): ComponentType<T> =>
  withProps('withStytchUser', Component, () => {
    const info = useStytchUser();
    return infoProps('stytchUser', info.user, info);
  });
export const withStytchSession = <T extends object>(Component: ComponentType<T & InfoProps<'stytchSession', Session>>): ComponentType<T> =>
  withProps('withStytchSession', Component, () => {
    const info = useStytchSession();
    return infoProps('stytchSession', info.session, info);
  });
export const withStytchB2BClient = <T extends object>(Component: ComponentType<T & { stytch: B2BClient }>): ComponentType<T> =>
  withProps('withStytchB2BClient', Component, () => ({ stytch: useStytchB2BClient() }));
export const withStytchMember = <T extends object>(Component: ComponentType<T & InfoProps<'stytchMember', Member>>): ComponentType<T> =>
  withProps('withStytchMember', Component, () => {
    const info = useStytchMember();
    return infoProps('stytchMember', info.member, info);
  });
export const withStytchMemberSession = <T extends object>(Component: ComponentType<T & InfoProps<'stytchMemberSession', MemberSession>>): ComponentType<T> =>
  withProps('withStytchMemberSession', Component, () => {
    const info = useStytchMemberSession();
    return infoProps('stytchMemberSession', info.session, info);
  });
export const withStytchOrganization = <T extends object>(Component: ComponentType<T & InfoProps<'stytchOrganization', Organization>>): ComponentType<T> =>
  withProps('withStytchOrganization', Component, () => {
    const info = useStytchOrganization();
    return infoProps('stytchOrganization', info.organization, info);
  });
