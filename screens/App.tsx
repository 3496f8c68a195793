import { Provider, type createStore } from 'jotai';
import { Suspense, useMemo } from 'react';
import type { StyleConfig } from '../theme/index.ts';
import { ConfigError, configMessages } from './components/ConfigError.tsx';
import type { WidgetEnv } from './env.ts';
import type { B2BClient } from '../client/b2b/client.ts';
import { resolveConfig } from './config/resolve.ts';
import { browserTimers, WidgetContextProvider, type WidgetCallbacks, type WidgetClient, type WidgetContextValue } from './context.ts';
import { LoginFlow } from './login/LoginFlow.tsx';
import { elementFlows, screens } from './registry.ts';
import { useWords, WordsRoot } from './i18n/useStrings.ts';

/** Which screen an element starts at (SPEC §1 mount modes). */
export type Mode = 'login' | 'reset-password' | 'passkey-registration' | 'b2b';

/** One jotai store; each element creates its own. */
export type WidgetStore = ReturnType<typeof createStore>;

/** Props of one widget instance's root. */
export interface AppProps {
  mode: Mode;
  store: WidgetStore;
  config: unknown;
  styles: StyleConfig;
  callbacks: WidgetCallbacks;
  /** The B2C client, or the B2B element's B2B client (its own App reads it). */
  client?: WidgetClient | B2BClient | undefined;
  passwordResetToken?: string | undefined;
  /** The reset link's `stytch_token_type`: 'login' signs in with the token at once. */
  passwordResetTokenType?: string | undefined;
  /** Side effects a test (or an unusual host page) replaces; the rest are the browser's. */
  env?: Partial<WidgetEnv> | undefined;
  /** The site's `strings`: official message ids to ICU messages, over the locale's. */
  strings?: unknown;
  /** The element's `lang`, else the page's: the locale when the config names none. */
  lang?: string | undefined;
}

function Flow({ mode, token, tokenType }: { mode: Mode; token: string | undefined; tokenType: string | undefined }) {
  if (mode === 'login') return <LoginFlow />;
  // Flows other than login load on demand, so the login element's first paint stays small.
  return (
    <Suspense fallback={null}>
      {mode === 'reset-password' ? <elementFlows.ResetPassword token={token} tokenType={tokenType} /> : <elementFlows.PasskeyRegistration />}
    </Suspense>
  );
}

/** Root of one widget instance: its store, its context, and the config rules of SPEC §1. */
export function App({ mode, store, config, styles, callbacks, client, passwordResetToken, passwordResetTokenType, env, strings, lang }: AppProps) {
  const words = useWords(config, lang, strings, callbacks.onError);
  const result = useMemo(() => resolveConfig(config, configMessages()), [config]);
  const widgetEnv = useMemo<WidgetEnv>(() => ({ ...env, timers: env?.timers ?? browserTimers }), [env]);
  const context = useMemo<WidgetContextValue | undefined>(
    () => (result.ok ? { config: result.value, styles, callbacks, client: client as WidgetClient | undefined, env: widgetEnv, screens } : undefined),
    [result, styles, callbacks, client, widgetEnv],
  );
  return (
    <Provider store={store}>
      <WordsRoot words={words}>
        {context ? (
          <WidgetContextProvider value={context}>
            <Flow mode={mode} token={passwordResetToken} tokenType={passwordResetTokenType} />
          </WidgetContextProvider>
        ) : (
          <ConfigError config={config} />
        )}
      </WordsRoot>
    </Provider>
  );
}
