import IntlMessageFormat from 'intl-messageformat';
import type { ReactNode } from 'react';
import type { Values } from './format.ts';

/*
 * The ICU MessageFormat side of the catalog, in its own chunk: loaded only when a locale or a
 * site's `strings` has a message beyond `{param}` and `<bold>` (plural, select, number styles).
 */

/** One element of a parsed message (the parser's own type, as intl-messageformat hands it out). */
type Element = ReturnType<IntlMessageFormat['getAst']>[number];

// The parser's element kinds (its TYPE enum): 1-6 name a parameter, 8 is a tag.
const TAG = 8;

function walk(els: readonly Element[], params: Set<string>, tags: Set<string>): void {
  for (const el of els) {
    if (el.type === TAG && 'children' in el) {
      tags.add(el.value);
      walk(el.children, params, tags);
    } else if (el.type >= 1 && el.type <= 6 && 'value' in el) {
      params.add(String(el.value));
      if ('options' in el) for (const o of Object.values(el.options)) walk(o.value, params, tags);
    }
  }
}

/** A message compiled for a locale, with the parameters and tags it uses. */
export interface Compiled {
  format(values: Values | undefined, tag: (name: string, children: ReactNode[]) => ReactNode): ReactNode[];
  params: ReadonlySet<string>;
  tags: ReadonlySet<string>;
}

/** Parses `message` for `locale`; throws when it is not valid ICU MessageFormat. */
export function compile(message: string, locale: string): Compiled {
  const mf = new IntlMessageFormat(message, locale);
  const params = new Set<string>();
  const tags = new Set<string>();
  walk(mf.getAst(), params, tags);
  return {
    params,
    tags,
    format(values, tag) {
      const args: Record<string, unknown> = { ...values };
      for (const t of tags) args[t] = (children: ReactNode[]) => tag(t, children);
      const out = mf.format(args as Record<string, string>);
      return Array.isArray(out) ? (out as ReactNode[]) : [out as ReactNode];
    },
  };
}
