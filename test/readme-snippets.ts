// The README's code blocks, as the tests that run or type-check them read them.
import { readFileSync } from 'node:fs';

export const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/**
 * The `nth` ```` ```lang ```` block under the README heading that starts with `heading` (`### React`),
 * before the next heading of its level or above. Throws when there is none: a renamed heading
 * or a removed block fails the test that reads it.
 */
export function readmeSnippet(heading: string, lang = 'html', nth = 0): string {
  const at = README.indexOf(`\n${heading}`);
  if (at < 0) throw new Error(`README: no heading ${heading}`);
  const level = /^#+/.exec(heading)![0].length;
  const rest = README.slice(at + 1);
  const end = new RegExp(`\\n#{1,${level}} `).exec(rest)?.index ?? rest.length;
  const blocks = [...rest.slice(0, end).matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))];
  if (blocks.length <= nth) throw new Error(`README: ${heading} has ${blocks.length} ${lang} block(s), not ${nth + 1}`);
  return blocks[nth]![1]!;
}
