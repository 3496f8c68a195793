import { createElement, Suspense, useContext, useMemo, type ReactNode } from 'react';
import type { Messages, WordsLine } from './catalog.ts';
import { mainMessages } from './en/main.ts';
import type { Values } from './format.ts';
import { createWords, WordsContext, type Words } from './words.ts';

/** The ids every screen may use: Main's part is always loaded. */
export type MainId = keyof typeof mainMessages;

/** A screen's words: `t(id, values)` as text, `t.rich(id, values)` as rich text. */
export interface Strings<Id extends string> {
  (id: Id, values?: Values): string;
  rich(id: Id, values?: Values): ReactNode;
  /** The text of a message that is not in this part's English (a server error): the override's or the locale's, if any. */
  translated(id: string, values?: Values): string | undefined;
  number(n: number, options?: Intl.NumberFormatOptions): string;
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
}

/** `t` over Main's English and `part` (a flow's English, from `en/`), translated by the widget's locale and `strings`. */
export function stringsOf<P extends Messages>(words: Words, part?: P): Strings<MainId | (keyof P & string)> {
  const english = (id: string): string => part?.[id] ?? (mainMessages as Messages)[id] ?? id;
  // Every member reads `words` when used: a locale that arrives later fills it in.
  const t = ((id: string, values?: Values) => words.text(id, english(id), values)) as Strings<MainId | (keyof P & string)>;
  return Object.defineProperties(
    Object.assign(t, {
      rich: (id: string, values?: Values) => words.rich(id, english(id), values),
      translated: (id: string, values?: Values) => words.translated(id, values),
      number: (n: number, options?: Intl.NumberFormatOptions) => words.number(n, options),
    }),
    { locale: { get: () => words.locale }, dir: { get: () => words.dir } },
  );
}

/**
 * The one way a screen reads its words. Every user-facing string, accessible name, toast and
 * error goes through it, so a site's `strings` and the locale reach all of them.
 */
export function useStrings<P extends Messages = Record<never, string>>(part?: P): Strings<MainId | (keyof P & string)> {
  const words = useContext(WordsContext);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `words` fills in place when its locale loads (createWords): the locale gives `t` a new identity then
  return useMemo(() => stringsOf(words, part), [words, part, words.locale]);
}

type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; reason?: unknown };

/**
 * Suspends its boundary until the widget's words are ready, so no English shows before a locale
 * arrives. By throwing the promise, as Suspense works in React 18 and 19 alike (`use` is React
 * 19's only, and the widget files carry React 18); its outcome is kept on it, as `use` keeps it.
 */
export function WordsGate(): null {
  const ready = useContext(WordsContext).ready as Tracked | undefined;
  if (!ready || ready.status === 'fulfilled') return null;
  if (ready.status === 'rejected') throw ready.reason;
  if (!ready.status) {
    ready.status = 'pending';
    ready.then(
      () => void (ready.status = 'fulfilled'),
      (reason: unknown) => void Object.assign(ready, { status: 'rejected', reason }),
    );
  }
  throw ready;
}

/**
 * The widget's words for its config's `locale` (else `lang`: the element's, then the page's)
 * and the site's `strings`; made again only when one of them changes in value, so each
 * refused override is reported once. `line`: a product line's own words over the shared ones
 * (the B2B element's `b2bWords`), a constant.
 */
export function useWords(config: unknown, lang: string | undefined, strings: unknown, report: (error: Error) => void, line?: WordsLine): Words {
  const configured = (config as { locale?: unknown } | null | undefined)?.locale;
  const requested = typeof configured === 'string' && configured !== '' ? configured : lang;
  let key: string;
  try {
    key = JSON.stringify(strings) ?? '';
  } catch {
    key = String(strings);
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is `strings` by value: a site passing an equal object anew keeps its words
  return useMemo(() => createWords({ requested, strings, report, line }), [requested, key, report, line]);
}

/**
 * Around a widget's screens: its words, its direction and language, and the wait for a
 * locale's chunk. The screens render behind the gate meanwhile (React prepares a suspended
 * boundary's siblings), so their own chunks load in parallel with the locale's.
 */
export function WordsRoot({ words, children }: { words: Words; children: ReactNode }) {
  return createElement(WordsContext.Provider, { value: words }, createElement(Suspense, { fallback: null }, createElement(WordsGate), createElement(Speaks, null, children)));
}

/** The language and direction of the widget's text, on a box-less wrapper. */
function Speaks({ children }: { children: ReactNode }) {
  const { dir, locale } = useContext(WordsContext);
  return createElement('div', { dir, lang: locale, style: { display: 'contents' } }, children);
}
