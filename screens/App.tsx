import { Provider, useSetAtom, useStore, type createStore } from 'jotai';
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { StyleConfig } from '../theme/index.ts';
import { ConfigError } from './components/ConfigError.tsx';
import { resolveConfig } from './config/resolve.ts';
import { browserClock, WidgetContextProvider, type Clock, type WidgetCallbacks, type WidgetClient, type WidgetContextValue } from './context.ts';
import { LoginFlow } from './login/LoginFlow.tsx';
import { elementFlows, screens } from './registry.ts';
import { resetPasswordStateAtom, resetTokenTypeAtom } from './state/atoms.ts';
import { strings } from './strings.ts';

/** Which screen an element starts at (SPEC §1 mount modes). */
export type Mode = 'login' | 'reset-password' | 'passkey-registration';

/** One jotai store; each element creates its own. */
export type WidgetStore = ReturnType<typeof createStore>;

/** Props of one widget instance's root. */
export interface AppProps {
  mode: Mode;
  store: WidgetStore;
  config: unknown;
  styles: StyleConfig;
  callbacks: WidgetCallbacks;
  client?: WidgetClient | undefined;
  passwordResetToken?: string | undefined;
  /** The reset link's `stytch_token_type`: 'login' signs in with the token at once. */
  passwordResetTokenType?: string | undefined;
  /** The countdowns' and toasts' clock; the browser's unless a test passes one. */
  clock?: Clock | undefined;
}

function ResetToken({ token, tokenType }: { token: string | undefined; tokenType: string | undefined }) {
  const store = useStore();
  // The first render already has them, so the reset flow never starts without its token.
  useState(() => {
    store.set(resetPasswordStateAtom, { token: token ?? '' });
    store.set(resetTokenTypeAtom, tokenType);
  });
  const set = useSetAtom(resetPasswordStateAtom);
  const setType = useSetAtom(resetTokenTypeAtom);
  useEffect(() => set({ token: token ?? '' }), [set, token]);
  useEffect(() => setType(tokenType), [setType, tokenType]);
  return null;
}

function Flow({ mode }: { mode: Mode }) {
  if (mode === 'login') return <LoginFlow />;
  // Flows other than login load on demand, so the login element's first paint stays small.
  const Root = elementFlows[mode];
  return (
    <Suspense fallback={null}>
      <Root />
    </Suspense>
  );
}

/** Root of one widget instance: its store, its context, and the config rules of SPEC §1. */
export function App({ mode, store, config, styles, callbacks, client, passwordResetToken, passwordResetTokenType, clock = browserClock }: AppProps) {
  const result = useMemo(
    () => resolveConfig(config, { passkeysAlone: strings.passkeysAloneError, emlWithEmailOtp: strings.emlWithEmailOtpError, invalid: strings.invalidConfigError }),
    [config],
  );
  const context = useMemo<WidgetContextValue | undefined>(
    () => (result.ok ? { config: result.value, styles, callbacks, client, strings, clock, screens } : undefined),
    [result, styles, callbacks, client, clock],
  );
  return (
    <Provider store={store}>
      {mode === 'reset-password' ? <ResetToken token={passwordResetToken} tokenType={passwordResetTokenType} /> : null}
      {context ? (
        <WidgetContextProvider value={context}>
          <Flow mode={mode} />
        </WidgetContextProvider>
      ) : (
        <ConfigError message={result.ok ? '' : result.message} />
      )}
    </Provider>
  );
}
