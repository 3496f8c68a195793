import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Client } from '../client/index.ts';
import type { StyleConfig } from '../theme/index.ts';
import type { ResolvedConfig } from './config/resolve.ts';
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

/** Everything a screen reads from its widget instance. */
export interface WidgetContextValue {
  config: ResolvedConfig;
  styles: StyleConfig;
  callbacks: WidgetCallbacks;
  client: WidgetClient | undefined;
  env: WidgetEnv;
  screens: Screens;
}

const Context = createContext<WidgetContextValue | undefined>(undefined);
export const WidgetContextProvider = Context.Provider;

/** The current widget instance's context; screens render only inside App. */
export function useWidget(): WidgetContextValue {
  const value = useContext(Context);
  if (!value) throw new Error('useWidget called outside the widget App');
  return value;
}

// The one way a screen reads its words, beside the one way it reads its widget.
export { useStrings, type Strings } from './i18n/useStrings.ts';
