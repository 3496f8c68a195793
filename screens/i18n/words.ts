import { createContext, createElement, type ReactNode } from 'react';
import { mainMessages } from './en/main.ts';
import { formatSimple, joinParts, toNode, type Values } from './format.ts';

/** What one widget instance speaks: its locale, its direction and its words. */
export interface Words {
  /** The BCP 47 tag of the catalog in use ('en' when none loaded). */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /** The load of the locale's catalog, the ICU parser or the override checks (none for plain English); the widget waits for it before painting. */
  readonly ready: Promise<void> | undefined;
  /** The text of `id` (the site's override, else the locale's, else `english`) as plain text. */
  text(id: string, english: string, values?: Values): string;
  /** The same as rich text: `<bold>` becomes `<strong>`, parameters may be elements. */
  rich(id: string, english: string, values?: Values): ReactNode;
  /** The override's or the locale's text of `id` when either has one (server errors: English shows the provider's own). */
  translated(id: string, values?: Values): string | undefined;
  /** A number in the locale's digits. */
  number(n: number, options?: Intl.NumberFormatOptions): string;
}

/** Rich text's one tag: `<bold>` is `<strong>`; any other tag keeps only its content. */
export const renderTag = (name: string, children: ReactNode[]): ReactNode => createElement(name === 'bold' ? 'strong' : 'span', null, ...children);

/**
 * English with no overrides: the first load's whole catalog machinery. English messages are
 * simple (`{param}`, `<bold>`), so no parser and no catalog file load.
 */
export const englishWords: Words = {
  locale: 'en',
  dir: 'ltr',
  ready: undefined,
  text: (_, english, values) => joinParts(formatSimple(english, values, String)),
  rich: (_, english, values) => toNode(formatSimple(english, values, String, renderTag)),
  translated: () => undefined,
  number: (n, options) => n.toLocaleString('en', options),
};

/** What a widget instance is given: its locale choices, the site's overrides, and where refusals go. */
export interface WordsOptions {
  /** The config's `locale`, else the element's `lang`, else the page's `<html lang>`. */
  requested: string | undefined;
  /** The site's `strings`: official ids to ICU messages. */
  strings: unknown;
  report(error: Error): void;
}

/**
 * The widget's words. English without overrides is ready at once and loads nothing; any other
 * locale, or any `strings`, loads the catalog machinery (`load.ts`: the locale's catalog, the
 * ICU parser, the override checks) in one lazy step, and the words fill in when it arrives.
 */
export function createWords(options: WordsOptions): Words {
  const { requested, strings, report } = options;
  const english = !requested || (/^en(-|_|$)/i.test(requested) && !/^en-xa$/i.test(requested));
  const none = strings === undefined || strings === null || (typeof strings === 'object' && Object.keys(strings).length === 0);
  if (english && none) return englishWords;
  const words: { -readonly [K in keyof Words]: Words[K] } = { ...englishWords };
  // `ready` stays the (settled) promise: the gate that waited on it must find it again.
  const ready: Promise<void> = import('./load.ts')
    .then((m) => m.loadWords(options, { formatSimple, joinParts, toNode, renderTag, main: mainMessages }))
    .then(
      (loaded) => void Object.assign(words, loaded, { ready }),
      // A chunk that cannot load (offline, a blocked path): the widget speaks English, and says why.
      (error: unknown) => report(error instanceof Error ? error : new Error(String(error))),
    );
  words.ready = ready;
  return words;
}

/** The current widget's words. */
export const WordsContext = createContext<Words>(englishWords);
