// The code blocks of the README and the docs/ pages, as the tests that run or type-check them read them.
import { readFileSync } from 'node:fs';

const ROOT = new URL('../', import.meta.url);
const texts = new Map<string, string>();

/** The text of `file`, a path from the repository's root (`README.md`, `docs/EMBEDDING.md`). */
export function docText(file: string): string {
  let text = texts.get(file);
  if (text === undefined) texts.set(file, (text = readFileSync(new URL(file, ROOT), 'utf8')));
  return text;
}

/**
 * The `nth` ```` ```lang ```` block under the heading of `file` that starts with `heading`
 * (`### React`), before the next heading of its level or above. Throws when there is none: a
 * renamed heading or a removed block fails the test that reads it.
 */
export function docSnippet(file: string, heading: string, lang = 'html', nth = 0): string {
  const text = docText(file);
  const at = text.indexOf(`\n${heading}`);
  if (at < 0) throw new Error(`${file}: no heading ${heading}`);
  const level = /^#+/.exec(heading)![0].length;
  const rest = text.slice(at + 1);
  const end = new RegExp(`\\n#{1,${level}} `).exec(rest)?.index ?? rest.length;
  const blocks = [...rest.slice(0, end).matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))];
  if (blocks.length <= nth) throw new Error(`${file}: ${heading} has ${blocks.length} ${lang} block(s), not ${nth + 1}`);
  return blocks[nth]![1]!;
}

/** `docSnippet` of the README. */
export function readmeSnippet(heading: string, lang = 'html', nth = 0): string {
  return docSnippet('README.md', heading, lang, nth);
}
