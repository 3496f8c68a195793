import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Client } from '../client/index.ts';
import type { StyleConfig } from '../theme/index.ts';
import type { ResolvedConfig } from './config/resolve.ts';
import type { Messages } from './i18n/catalog.ts';
import type { Timers, WidgetEnv } from './env.ts';
import type { LoginScreenName } from './state/atoms.ts';

/** What a screen reports to the host: `onEvent({type, data})` and `onError(error)`. */
export interface WidgetEventPayload {
  type: string;
  data: unknown;
}

/** Callbacks as screens see them; the element adds the DOM events. */
export interface WidgetCallbacks {
  onEvent(event: WidgetEventPayload): void;
  onError(error: Error): void;
}

/** The headless client the screens call; only its type is imported, so it never enters the widget bundle. */
export type WidgetClient = Client;

/** The page's timers (the client keeps its own copy: the widget bundle never loads the client). */
export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as number),
};

/**
 * Every screen of the login widget by name (`screens/registry.ts` fills it in). A flow that shows another flow's
 * screen inside its own (the password flow's sent screens) takes it from here by name, never
 * by importing the other flow.
 */
export type Screens = { readonly [S in LoginScreenName]: ComponentType<{ children?: ReactNode }> };

/** The product lines the widget shell serves: the login elements (B2C), `<stytch-b2b-ui>`, the B2B admin portal's four elements, and the consent elements of both. */
export type LineName = 'login' | 'b2b' | 'b2b-admin' | 'idp';

/** What the shared hooks need to know of the product line they run in. */
export interface LineWords {
  name: LineName;
  /** The line's English beyond Main's (`i18n/en/`): the error reporter reads its texts from it. */
  messages: Messages | undefined;
  /** The catalog id of the text shown for a failure that has none of its own. */
  genericErrorId: string;
}

/** Everything a screen reads from its widget instance; `Config`, `C` and `S` are its product line's. */
export interface WidgetOf<Config, C, S> {
  line: LineWords;
  config: Config;
  styles: StyleConfig;
  callbacks: WidgetCallbacks;
  client: C | undefined;
  env: WidgetEnv;
  screens: S;
  /** The `rateLimitCountdown` option (both lines' configs, default on): a 429 with Retry-After counts down on the control it blocked. */
  rateLimitCountdown: boolean;
}

/** The login line's widget, as its screens read it. */
export type WidgetContextValue = WidgetOf<ResolvedConfig, WidgetClient, Screens>;
/** Any line's widget: what the shared hooks read (callbacks, env, words). */
export type AnyWidget = WidgetOf<unknown, unknown, unknown>;

const Context = createContext<AnyWidget | undefined>(undefined);
export const WidgetContextProvider = Context.Provider;

/** The current widget instance, whatever its line; screens render only inside App. */
export function useAnyWidget(): AnyWidget {
  const value = useContext(Context);
  if (!value) throw new Error('useWidget called outside the widget App');
  return value;
}

/** The current widget as the screens of `line` read it; a screen of another line is a programming error. */
export function useWidgetOf<W extends AnyWidget>(line: LineName): W {
  const value = useAnyWidget();
  if (value.line.name !== line) throw new Error(`A ${line} screen rendered in the ${value.line.name} widget`);
  return value as W;
}

/** The login line's widget instance (the B2C elements). */
export function useWidget(): WidgetContextValue {
  return useWidgetOf<WidgetContextValue>('login');
}

// The one way a screen reads its words, beside the one way it reads its widget.
export { useStrings, type Strings } from './i18n/useStrings.ts';
