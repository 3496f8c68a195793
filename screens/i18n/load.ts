import type { ReactNode } from 'react';
import { RTL_LANGUAGES, type LocaleCatalog, type Messages, type TagRenderer, type Words, type WordsOptions } from './catalog.ts';
import type { formatSimple, joinParts, toNode, Values } from './format.ts';
import { compile as compileIcu, type Compiled } from './icu.ts';

/*
 * The catalog machinery beyond English: a shipped locale's catalog (each its own chunk), the ICU
 * parser, and the checks of a site's `strings`. One lazy chunk, loaded only for a locale other
 * than English or a site that passes `strings`. It imports nothing of the first load (the
 * formatter comes in `kit`), so the first load's chunks stay as they are.
 */

/** What the first load lends this chunk: its formatter and Main's English. */
export interface Kit {
  formatSimple: typeof formatSimple;
  joinParts: typeof joinParts;
  toNode: typeof toNode;
  renderTag: TagRenderer;
  main: Messages;
}

const PARAM = /\{(\w+)\}/g;

/** Ids named by a rule rather than listed: any provider error type, any zxcvbn warning. */
const OPEN_IDS = /^(error\.[a-z][a-zA-Z0-9]*|password\.zxcvbn\.warning\.[a-zA-Z0-9]+)$/;

/**
 * Whether a message needs no ICU parser: only `{param}` and `<tag>…</tag>` (unnested), no
 * plural, select, number style or quoting. Every English message is simple (a test holds
 * them to it), so the English path never loads the parser.
 */
export function isSimple(message: string): boolean {
  const rest = message.replace(PARAM, '').replace(/<\/?\w+>/g, '');
  return !/[{}<>]|'['{}#|]/.test(rest);
}

/** The parameter names a simple message uses. */
export function paramsOf(message: string): string[] {
  return [...message.matchAll(PARAM)].map((m) => m[1]!);
}

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

/** Every English message: Main's (from the first load) and the rest (one more lazy chunk). */
function loadEnglish(main: Messages): Promise<LocaleCatalog> {
  return import('./en/rest.ts').then((m) => ({ ...m.restMessages, ...main }) as LocaleCatalog);
}

/** A locale file's default export: its catalog, or (en-XA) a function making it from English. */
type LocaleModule = { default: LocaleCatalog | ((english: Messages) => Messages) };

const catalogs = new Map<string, Promise<Messages | undefined>>();
/** A shipped locale's catalog, or undefined when no `locales/<tag>.ts` exists (each file is its own chunk). */
function loadCatalog(tag: string, main: Messages): Promise<Messages | undefined> {
  let p = catalogs.get(tag);
  if (!p) {
    p = (import(`./locales/${tag}.ts`) as Promise<LocaleModule>).then(
      async (m) => (typeof m.default === 'function' ? m.default(await loadEnglish(main)) : m.default),
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

/** The widget's words for `options`, its locale's catalog loaded and the site's `strings` checked. */
export async function loadWords({ requested, strings, report, line }: WordsOptions, kit: Kit): Promise<Words> {
  const { formatSimple, joinParts, toNode, renderTag, main } = kit;
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
  let catalog: Messages | undefined;
  // The product line's catalog (the B2B element's), read before the shared one.
  let own: Messages | undefined;
  const compiled = new Map<string, Compiled | null>();
  let numbers: Intl.NumberFormat | undefined;

  const compile = (message: string): Compiled | null => {
    let c = compiled.get(message);
    if (c === undefined) {
      try {
        c = compileIcu(message, locale);
      } catch {
        c = null;
      }
      compiled.set(message, c);
    }
    return c;
  };

  const plain = (_: string, children: ReactNode[]): ReactNode => joinParts(children);
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

  const localized = (id: string): string | undefined => own?.[id] ?? catalog?.[id];
  const pick = (id: string, english: string) => overrides.get(id) ?? localized(id) ?? english;

  /** Checks every override against the English catalogs (the line's first) and the ICU parser; a refused one is reported and dropped. */
  const check = (english: Messages, lineEnglish: Messages | undefined) => {
    for (const [id, value] of overrides) {
      const text = lineEnglish && Object.hasOwn(lineEnglish, id) ? lineEnglish[id] : Object.hasOwn(english, id) ? english[id] : undefined;
      const reason = text === undefined && !OPEN_IDS.test(id) ? 'no message has this id' : problem(value, text === undefined ? [] : paramsOf(text));
      if (reason) {
        overrides.delete(id);
        report(new InvalidStringsError(id, reason));
      }
    }
  };
  const problem = (value: string, params: readonly string[]): string | undefined => {
    let c: Compiled;
    try {
      c = compileIcu(value, locale);
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

  // The English ids (to check the site's ids against) load beside the catalogs, not after them;
  // the line's catalog beside the shared one.
  const english = overrides.size > 0 ? Promise.all([loadEnglish(main), line?.english()]) : undefined;
  for (const tag of tags) {
    const [found, lineFound] = await Promise.all([loadCatalog(tag, main), line?.catalog(tag)]);
    if (found) {
      locale = tag;
      catalog = found;
      own = lineFound;
      break;
    }
  }
  if (english) check(...(await english));

  return {
    locale,
    dir: RTL_LANGUAGES.includes(new Intl.Locale(locale).language) ? 'rtl' : 'ltr',
    ready: undefined,
    text: (id, english, values) => joinParts(render(pick(id, english), english, values, plain)),
    rich: (id, english, values) => toNode(render(pick(id, english), english, values, renderTag)),
    translated(id, values) {
      const message = overrides.get(id) ?? localized(id);
      return message === undefined ? undefined : joinParts(render(message, '', values, plain));
    },
    number: (n, options) => (options ? new Intl.NumberFormat(locale, options).format(n) : num(n)),
  };
}
