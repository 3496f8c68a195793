import { createContext, createElement } from 'react';
import { asError } from '../../client/errors.ts';
import type { TagRenderer, Words, WordsOptions } from './catalog.ts';
import { mainMessages } from './en/main.ts';
import { formatSimple, joinParts, toNode } from './format.ts';

export type { Words, WordsOptions };

/** Rich text's one tag: `<bold>` is `<strong>`; any other tag keeps only its content. */
export const renderTag: TagRenderer = (name, children) => createElement(name === 'bold' ? 'strong' : 'span', null, ...children);

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
      (error: unknown) => report(asError(error)),
    );
  words.ready = ready;
  return words;
}

/** The current widget's words. */
export const WordsContext = createContext<Words>(englishWords);
