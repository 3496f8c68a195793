import { Provider, useAtomValue, useSetAtom, type createStore } from 'jotai';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import type { B2BClient } from '../../client/b2b/client.ts';
import type { WidgetCallbacks } from '../context.ts';
import { prefetch, preloadable } from '../components/preloadable.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { b2bWords } from '../i18n/b2b.ts';
import { useWords, WordsRoot } from '../i18n/useStrings.ts';
import B2BMain from './B2BMain.tsx';
import { signedInFrom } from './signIn.ts';
import { resolveB2BConfig } from './config.ts';
import { b2bEmailAtom, b2bErrorAtom, b2bScreenAtom, B2BWidgetProvider, signedInAtom, useB2B, useB2BClient, useB2BGo, useB2BReport, useB2BStrings, useShowDiscovered, type B2BScreenName, type B2BWidget } from './context.ts';
import { Heading } from '../components/Heading.tsx';
import { B2BBack } from './B2BBack.tsx';

/** Every B2B screen but Main loads on demand, so the element's first paint carries Main only. */
const screens = {
  Main: B2BMain,
  EmailConfirmation: preloadable(() => import('./B2BEmailConfirmation.tsx').then((m) => m.default)),
  EmailOtpEntry: preloadable(() => import('./B2BEmailOtpEntry.tsx').then((m) => m.default)),
  Discovery: preloadable(() => import('./B2BDiscovery.tsx').then((m) => m.default)),
  LoggedIn: preloadable(() => import('./B2BLoggedIn.tsx').then((m) => m.default)),
  Error: B2BErrorScreen,
  OrganizationMain: preloadable(() => import('./B2BOrganizationMain.tsx').then((m) => m.default)),
} satisfies Record<B2BScreenName, unknown>;

/**
 * Starts loading the first screen when the config arrives, beside React's first render: the
 * organization flow's Main is a chunk of its own (Discovery's Main is in the entry).
 */
export function preloadB2BFirstScreen(config: unknown): void {
  const resolved = resolveB2BConfig(config);
  if (resolved.ok && resolved.value.authFlowType === 'Organization') prefetch(screens.OrganizationMain);
}

/** The Error screen: what went wrong (announced), and the way back. */
function B2BErrorScreen() {
  const t = useB2BStrings();
  const message = useAtomValue(b2bErrorAtom);
  return (
    <section part="container">
      <B2BBack />
      <Heading>{t('error.title')}</Heading>
      <ErrorText message={message ?? t('error.default')} />
    </section>
  );
}

/**
 * A discovery link brings the user back to this page with `stytch_token_type=discovery` and a
 * token: it is spent once, on load, and the organizations it proves are listed. The token is
 * taken out of the address bar first, so a reload does not spend it twice.
 */
function useDiscoveryLink(): void {
  const client = useB2BClient();
  const go = useB2BGo();
  const report = useB2BReport();
  const showDiscovered = useShowDiscovered();
  const { config } = useB2B();
  const setSignedIn = useSetAtom(signedInAtom);
  const setEmail = useSetAtom(b2bEmailAtom);
  const setError = useSetAtom(b2bErrorAtom);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(globalThis.location.href);
    const token = url.searchParams.get('token');
    const type = url.searchParams.get('stytch_token_type');
    if ((type !== 'discovery' && type !== 'multi_tenant_magic_links') || !token) return;
    url.searchParams.delete('token');
    url.searchParams.delete('stytch_token_type');
    globalThis.history.replaceState(globalThis.history.state, '', url);
    const failed = (err: unknown) => {
      setError(report(err));
      go('Error');
    };
    if (type === 'multi_tenant_magic_links') {
      // An organization's login link: straight into that organization.
      client.magicLinks
        .authenticate({ magic_links_token: token, session_duration_minutes: config.sessionOptions.sessionDurationMinutes })
        .then((r) => {
          setSignedIn(signedInFrom(r));
          go('LoggedIn');
        })
        .then(undefined, failed);
      return;
    }
    client.magicLinks.discovery
      .authenticate({ discovery_magic_links_token: token })
      .then((r) => {
        setEmail(r.email_address);
        return showDiscovered(r.discovered_organizations);
      })
      .then(undefined, failed);
  }, [client, config, go, report, showDiscovered, setEmail, setError, setSignedIn]);
}

function B2BFlow() {
  const name = useAtomValue(b2bScreenAtom);
  const { config } = useB2B();
  useDiscoveryLink();
  // The organization flow starts at its own Main, for the organization the slug names.
  const Current = name === 'Main' && config.authFlowType === 'Organization' ? screens.OrganizationMain : screens[name];
  return (
    <Suspense fallback={null}>
      <Current />
    </Suspense>
  );
}

/** What the element hands its root (a part of the B2C App's props: the element base gives both the same). */
export interface B2BAppProps {
  store: ReturnType<typeof createStore>;
  config: unknown;
  callbacks: WidgetCallbacks;
  client?: unknown;
  strings?: unknown;
  lang?: string | undefined;
}

/** Root of one `<stytch-b2b-ui>`: its store, words and config; a refused config shows why. */
export function B2BApp({ store, config, callbacks, client, strings, lang }: B2BAppProps) {
  const words = useWords(config, lang, strings, callbacks.onError, b2bWords);
  const result = useMemo(() => resolveB2BConfig(config), [config]);
  const reported = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (result.ok || reported.current === result.message) return;
    reported.current = result.message;
    callbacks.onError(new Error(result.message));
  }, [result, callbacks]);
  const widget = useMemo<B2BWidget | undefined>(() => (result.ok ? { config: result.value, callbacks, client: client as B2BClient | undefined } : undefined), [result, callbacks, client]);
  return (
    <Provider store={store}>
      <WordsRoot words={words}>
        {widget ? (
          <B2BWidgetProvider value={widget}>
            <B2BFlow />
          </B2BWidgetProvider>
        ) : (
          <section part="container">
            <p part="error" role="alert">
              {(result as { message: string }).message}
            </p>
          </section>
        )}
      </WordsRoot>
    </Provider>
  );
}
