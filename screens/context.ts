import { createContext, useContext } from 'react';
import type { StyleConfig } from '../theme/index.ts';
import type { ResolvedConfig } from './config.ts';
import { strings, type Strings } from './strings.ts';

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

/**
 * The headless client, typed only as far as the shell needs. The screens issue narrows it to
 * the client's real interface; until then nothing here calls it.
 */
export type WidgetClient = object;

/** Everything a screen reads from its widget instance. */
export interface WidgetContextValue {
  config: ResolvedConfig;
  styles: StyleConfig;
  callbacks: WidgetCallbacks;
  client: WidgetClient | undefined;
  strings: Strings;
}

const Context = createContext<WidgetContextValue | undefined>(undefined);
export const WidgetContextProvider = Context.Provider;

/** The current widget instance's context; screens render only inside App. */
export function useWidget(): WidgetContextValue {
  const value = useContext(Context);
  if (!value) throw new Error('useWidget called outside the widget App');
  return value;
}

export { strings };
