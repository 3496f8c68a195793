import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// Every relative link of the README and the docs pages resolves: the file or folder is there,
// and a #fragment names a heading of the page it points at (as GitHub makes heading ids). The
// README's sections moved into docs/; a link left pointing at the old place fails here.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Markdown pages a reader follows links through. */
function pages(): string[] {
  const md = (dir: string) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .filter((f) => f.endsWith('.md'))
          .map((f) => join(dir, f))
      : [];
  return ['README.md', 'client/README.md', ...md('docs'), ...md('bench'), ...md('bench/results')];
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '``');
}

/** GitHub's id for a heading: lower case, the text of links and code, no punctuation but - and _, spaces as -. */
function headingId(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const ids = new Map<string, Set<string>>();
/** The heading ids of a Markdown file (a repeated heading gets -1, -2, … as on GitHub). */
function idsOf(file: string): Set<string> {
  let found = ids.get(file);
  if (!found) {
    found = new Set();
    const text = readFileSync(join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
      const id = headingId(m[1]!);
      let unique = id;
      for (let n = 1; found.has(unique); n++) unique = `${id}-${n}`;
      found.add(unique);
    }
    ids.set(file, found);
  }
  return found;
}

/** The broken relative links of `file`, as `file: target (why)`. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const m of prose(readFileSync(join(root, file), 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path, fragment] = target.split('#') as [string, string | undefined];
    const to = path ? relative(root, join(root, dirname(file), decodeURI(path))) : file;
    if (!existsSync(join(root, to))) broken.push(`${file}: ${target} (no ${to})`);
    else if (fragment !== undefined && (!to.endsWith('.md') || statSync(join(root, to)).isDirectory() || !idsOf(to).has(fragment)))
      broken.push(`${file}: ${target} (no heading #${fragment} in ${to})`);
  }
  return broken;
}

describe('links in the README and docs', () => {
  it('GitHub ids for headings with code, links and punctuation', () => {
    assert.equal(headingId('Next.js'), 'nextjs');
    assert.equal(headingId('The `styles` property'), 'the-styles-property');
    assert.equal(headingId('React ([`hosts/react/main.tsx`](../hosts/react/main.tsx))'), 'react-hostsreactmaintsx');
    assert.equal(headingId('Server-rendered first paint (SSR and prerender)'), 'server-rendered-first-paint-ssr-and-prerender');
  });

  it('every relative link resolves to a file, and every #fragment to a heading there', () => {
    assert.deepEqual(pages().flatMap(brokenLinks), []);
  });
});
