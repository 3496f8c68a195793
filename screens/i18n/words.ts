import { createContext, createElement, type ReactNode } from 'react';
import { RTL_LANGUAGES, type LocaleCatalog } from './catalog.ts';
import { formatSimple, isSimple, joinParts, paramsOf, toNode, type Values } from './format.ts';
import type { Compiled } from './icu.ts';

/** A site's `strings` entry was refused (unknown id, not ICU, or a parameter the message lacks); the default is used. */
export class InvalidStringsError extends Error {
  override readonly name = 'InvalidStringsError';
  constructor(
    readonly id: string,
    reason: string,
  ) {
    super(`Invalid strings[${JSON.stringify(id)}]: ${reason}. The default text is used.`);
  }
}

/** What one widget instance speaks: its locale, its direction and its words. */
export interface Words {
  /** The BCP 47 tag of the catalog in use ('en' when none loaded). */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /** Pending while the locale's catalog, the ICU parser or the override checks load; the widget waits for it before painting. */
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

type Icu = typeof import('./icu.ts');

let icuModule: Promise<Icu> | undefined;
const loadIcu = () => (icuModule ??= import('./icu.ts'));
let englishModule: Promise<LocaleCatalog> | undefined;
const loadEnglish = () => (englishModule ??= import('./en/all.ts').then((m) => m.englishMessages));

const catalogs = new Map<string, Promise<LocaleCatalog | undefined>>();
/** A shipped locale's catalog, or undefined when no `locales/<tag>.ts` exists (each file is its own chunk). */
function loadCatalog(tag: string): Promise<LocaleCatalog | undefined> {
  let p = catalogs.get(tag);
  if (!p) {
    p = (import(`./locales/${tag}.ts`) as Promise<{ default: LocaleCatalog }>).then(
      (m) => m.default,
      () => undefined,
    );
    catalogs.set(tag, p);
  }
  return p;
}

// A language whose one catalog is regional: Portuguese is Brazil's, Chinese mainland China's.
const REGIONAL: Record<string, string> = { pt: 'pt-BR', zh: 'zh-CN' };

/** The tags to try for a requested locale, most specific first (fr-CA: fr-CA, fr); none for English. */
export function candidates(requested: string): string[] {
  let tag: string;
  try {
    tag = Intl.getCanonicalLocales(requested)[0] ?? 'en';
  } catch {
    return [];
  }
  if (tag === 'en-XA') return [tag];
  const loc = new Intl.Locale(tag);
  if (loc.language === 'en') return [];
  const out = [tag];
  if (loc.region) out.push(`${loc.language}-${loc.region}`);
  if (loc.script && loc.region) out.push(`${loc.language}-${loc.script}`);
  out.push(loc.language);
  if (REGIONAL[loc.language]) out.push(REGIONAL[loc.language]!);
  return [...new Set(out)];
}

const bold = (name: string, children: ReactNode[]): ReactNode => (name === 'bold' ? createElement('strong', null, ...children) : createElement('span', null, ...children));
const plain = (_: string, children: ReactNode[]): ReactNode => joinParts(children);

/** What a widget instance is given: its locale choices, the site's overrides, and where refusals go. */
export interface WordsOptions {
  /** The config's `locale`, else the element's `lang`, else the page's `<html lang>`. */
  requested: string | undefined;
  /** The site's `strings`: official ids to ICU messages. */
  strings: unknown;
  report(error: Error): void;
}

/** The widget's words for `options`; English with no overrides is ready at once and loads nothing. */
export function createWords({ requested, strings, report }: WordsOptions): Words {
  const overrides = new Map<string, string>();
  if (strings !== undefined && strings !== null) {
    if (typeof strings !== 'object' || Array.isArray(strings)) report(new InvalidStringsError('', 'strings must be an object of message ids to ICU messages'));
    else
      for (const [id, value] of Object.entries(strings)) {
        if (typeof value === 'string') overrides.set(id, value);
        else report(new InvalidStringsError(id, 'the value must be a string'));
      }
  }
  const tags = candidates(requested || 'en');
  let locale = 'en';
  let catalog: LocaleCatalog | undefined;
  let icu: Icu | undefined;
  const compiled = new Map<string, Compiled | null>();
  let numbers: Intl.NumberFormat | undefined;

  const compile = (message: string): Compiled | null => {
    let c = compiled.get(message);
    if (c === undefined) {
      try {
        c = icu ? icu.compile(message, locale) : null;
      } catch {
        c = null;
      }
      compiled.set(message, c);
    }
    return c;
  };

  const num = (n: number) => (numbers ??= new Intl.NumberFormat(locale)).format(n);

  const render = (message: string, fallback: string, values: Values | undefined, tag: (name: string, children: ReactNode[]) => ReactNode): ReactNode[] => {
    if (isSimple(message)) return formatSimple(message, values, num, tag);
    const c = compile(message);
    if (c) {
      try {
        return c.format(values, tag);
      } catch {
        // A value the message cannot take: the default reads instead.
      }
    }
    return formatSimple(fallback, values, num, tag);
  };

  const pick = (id: string, english: string) => overrides.get(id) ?? catalog?.[id as keyof LocaleCatalog] ?? english;

  /** Checks every override against the English catalog and the ICU parser; a refused one is reported and dropped. */
  const check = (english: LocaleCatalog) => {
    for (const [id, value] of overrides) {
      const known = Object.hasOwn(english, id);
      const reason = !known && !/^error\.[a-z][a-zA-Z0-9]*$/.test(id) ? 'no message has this id' : problem(value, known ? paramsOf(english[id as keyof LocaleCatalog]) : []);
      if (reason) {
        overrides.delete(id);
        report(new InvalidStringsError(id, reason));
      }
    }
  };
  const problem = (value: string, params: readonly string[]): string | undefined => {
    let c: Compiled;
    try {
      c = icu!.compile(value, locale);
    } catch (e) {
      return `not ICU MessageFormat (${e instanceof Error ? e.message : String(e)})`;
    }
    compiled.set(value, c);
    const extra = [...c.params].find((p) => !params.includes(p));
    if (extra) return `{${extra}} is not a parameter of this message${params.length ? ` (it takes ${params.map((p) => `{${p}}`).join(', ')})` : ''}`;
    const tag = [...c.tags].find((t) => t !== 'bold');
    if (tag) return `<${tag}> is not a tag of this message (only <bold>)`;
    return undefined;
  };

  let ready: Promise<void> | undefined;
  if (tags.length > 0 || overrides.size > 0) {
    const found = (async () => {
      for (const tag of tags) {
        const c = await loadCatalog(tag);
        if (c) return { tag, c };
      }
      return undefined;
    })();
    // The catalog, the parser and the English ids load together, not one after another.
    ready = Promise.all([found, loadIcu(), overrides.size > 0 ? loadEnglish() : undefined]).then(([f, m, english]) => {
      icu = m;
      if (f) {
        locale = f.tag;
        catalog = f.c;
        numbers = undefined;
        words.locale = locale;
        words.dir = RTL_LANGUAGES.includes(new Intl.Locale(locale).language) ? 'rtl' : 'ltr';
      }
      if (english) check(english);
      words.ready = undefined;
    }, (error: unknown) => {
      // A chunk that cannot load (offline, a blocked path): the widget speaks English, and says why.
      words.ready = undefined;
      report(error instanceof Error ? error : new Error(String(error)));
    });
  }

  const words = {
    locale,
    dir: 'ltr' as 'ltr' | 'rtl',
    ready,
    text: (id: string, english: string, values?: Values) => joinParts(render(pick(id, english), english, values, plain)),
    rich: (id: string, english: string, values?: Values) => toNode(render(pick(id, english), english, values, bold)),
    translated(id: string, values?: Values) {
      const message = overrides.get(id) ?? catalog?.[id as keyof LocaleCatalog];
      return message === undefined ? undefined : joinParts(render(message, '', values, plain));
    },
    number: (n: number, options?: Intl.NumberFormatOptions) => (options ? new Intl.NumberFormat(locale, options).format(n) : num(n)),
  };
  return words;
}

/** English with no overrides: what a screen reads outside a widget (a test rendering it alone). */
export const englishWords: Words = createWords({ requested: 'en', strings: undefined, report: () => undefined });

/** The current widget's words. */
export const WordsContext = createContext<Words>(englishWords);
