import { Provider, type createStore } from 'jotai';
import { useMemo, type ComponentType } from 'react';
import type { StyleConfig } from '../theme/index.ts';
import { ConfigError } from './components/ConfigError.tsx';
import type { WidgetEnv } from './env.ts';
import type { IdpOptions } from './idp/widget.ts';
import { browserTimers, WidgetContextProvider, type AnyWidget, type LineWords, type WidgetCallbacks } from './context.ts';
import type { WordsLine } from './i18n/catalog.ts';
import { useWords, WordsRoot, type MainId, type Strings } from './i18n/useStrings.ts';

/** Which screen an element starts at (SPEC §1 mount modes); 'b2b' is `<stytch-b2b-ui>`, 'admin-…' the admin portal's elements, '…identity-provider' the consent elements. */
export type Mode = 'login' | 'reset-password' | 'passkey-registration' | 'b2b' | AdminMode | 'identity-provider' | 'b2b-identity-provider';

/** The admin portal's four elements, one portal each. */
export type AdminMode = 'admin-sso' | 'admin-org-settings' | 'admin-member-management' | 'admin-scim';

/** One jotai store; each element creates its own. */
export type WidgetStore = ReturnType<typeof createStore>;

/** Props of one widget instance's root. */
export interface AppProps {
  mode: Mode;
  store: WidgetStore;
  config: unknown;
  styles: StyleConfig;
  callbacks: WidgetCallbacks;
  /** The line's client: the B2C client, or the B2B element's B2B client. */
  client?: unknown;
  passwordResetToken?: string | undefined;
  /** The reset link's `stytch_token_type`: 'login' signs in with the token at once. */
  passwordResetTokenType?: string | undefined;
  /** Side effects a test (or an unusual host page) replaces; the rest are the browser's. */
  env?: Partial<WidgetEnv> | undefined;
  /** The site's `strings`: official message ids to ICU messages, over the locale's. */
  strings?: unknown;
  /** The element's `lang`, else the page's: the locale when the config names none. */
  lang?: string | undefined;
  /** The consent elements' own props (`getIDPConsentManifest`, `authTokenParams`). */
  idp?: IdpOptions | undefined;
}

/** A parsed config, or the exact text shown (and, where the line says so, reported) instead of the first screen. */
export type LineConfigResult<Config> = { ok: true; value: Config } | { ok: false; message: string };

/** What the line's root renders once the config is accepted: the element's mode and its reset token. */
export interface LineRootProps {
  mode: Mode;
  token: string | undefined;
  tokenType: string | undefined;
  idp?: IdpOptions | undefined;
}

/** The options every line's config has, read by the shell for the shared hooks. */
export interface SharedOptions {
  /** A 429 with Retry-After counts down on the control it blocked (default on). */
  rateLimitCountdown: boolean;
}

/**
 * A product line of the widget (the login elements, `<stytch-b2b-ui>`): all the shell needs
 * to know of it. The store, context, words, error reporting and navigation are the shell's.
 */
export interface ProductLine<Config extends SharedOptions> extends LineWords {
  /** Parses the host's config (SPEC §1 rules); `t` gives the refusal in the widget's words (English when absent). */
  resolve(config: unknown, t?: Strings<MainId>): LineConfigResult<Config>;
  /** The line's registry: `useWidget().screens`. */
  screens: object;
  /** The line's current screen (and toasts), inside the context. */
  Root: ComponentType<LineRootProps>;
  /** A refused config is also reported to the host's onError (the B2B element, as the official one). */
  reportsConfigErrors: boolean;
  /** The line's own catalogs over the shared ones (the B2B element's `b2bWords`); none for the login line. */
  words?: WordsLine | undefined;
}

/** Root of one widget instance: its store, its words, its context, and the config rules of its line. */
export function WidgetApp({
  line,
  mode,
  store,
  config,
  styles,
  callbacks,
  client,
  passwordResetToken,
  passwordResetTokenType,
  env,
  strings,
  lang,
  idp,
}: AppProps & { line: ProductLine<SharedOptions> }) {
  const words = useWords(config, lang, strings, callbacks.onError, line.words);
  const result = useMemo(() => line.resolve(config), [line, config]);
  const widgetEnv = useMemo<WidgetEnv>(() => ({ ...env, timers: env?.timers ?? browserTimers }), [env]);
  const context = useMemo<AnyWidget | undefined>(
    () =>
      result.ok
        ? {
            line: { name: line.name, messages: line.messages, genericErrorId: line.genericErrorId },
            config: result.value,
            styles,
            callbacks,
            client,
            env: widgetEnv,
            screens: line.screens,
            rateLimitCountdown: result.value.rateLimitCountdown,
          }
        : undefined,
    [line, result, styles, callbacks, client, widgetEnv],
  );
  const Root = line.Root;
  return (
    <Provider store={store}>
      <WordsRoot words={words}>
        {context ? (
          <WidgetContextProvider value={context}>
            <Root mode={mode} token={passwordResetToken} tokenType={passwordResetTokenType} idp={idp} />
          </WidgetContextProvider>
        ) : (
          <ConfigError config={config} resolve={line.resolve} report={line.reportsConfigErrors ? callbacks.onError : undefined} />
        )}
      </WordsRoot>
    </Provider>
  );
}

/** The root component of a line's elements: the shell bound to that line. */
export function appOf<Config extends SharedOptions>(line: ProductLine<Config>): ComponentType<AppProps> {
  const bound = line as ProductLine<SharedOptions>;
  const LineApp = (props: AppProps) => <WidgetApp line={bound} {...props} />;
  LineApp.displayName = `App(${line.name})`;
  return LineApp;
}
