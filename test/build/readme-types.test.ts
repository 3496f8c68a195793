// The TypeScript snippets of the README and docs/EMBEDDING.md (React, Next.js, Vue, Angular) type-check against
// the package's types as a site's project would check them; test/e2e/readme-snippets.spec.ts
// runs them. Written under .test-results/ so their tsconfig extends the repository's (its
// `stytch-ui/*` names mapped to the sources).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { docSnippet, readmeSnippet } from '../readme-snippets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, '.test-results', 'readme-types');
// The repository's tsconfig gives TSX to Emotion's JSX; a site's gives it to React's.
const REACT_JSX = '/** @jsxImportSource react */\n';

/** Writes `files` and a tsconfig extending `base` under `sub`, and type-checks them. */
function typecheck(sub: string, base: string, files: Record<string, string>, compilerOptions: object = {}) {
  const at = join(dir, sub);
  rmSync(at, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(at, name)), { recursive: true });
    writeFileSync(join(at, name), text);
  }
  writeFileSync(join(at, 'tsconfig.json'), JSON.stringify({ extends: join(root, base), compilerOptions, include: Object.keys(files) }));
  const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(at, 'tsconfig.json')], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
}

describe('README snippets type-check', () => {
  it('React (components and hooks; the element without them), Vue 3 and Angular (with the experimentalDecorators of an Angular project)', () => {
    typecheck(
      'apps',
      'tsconfig.json',
      {
        'react.tsx': REACT_JSX + readmeSnippet('### React', 'tsx', 0),
        'react-element.tsx': REACT_JSX + docSnippet('docs/EMBEDDING.md', '## React', 'tsx', 0),
        'vue.ts': readmeSnippet('### Vue 3', 'ts'),
        'angular.ts': readmeSnippet('### Angular', 'ts'),
      },
      // A snippet's `App` is exported for the page to mount; none of them is unused code.
      { experimentalDecorators: true, noUnusedLocals: false },
    );
  });

  it("Next.js (the client component, the root layout and the protected page), with Next's and the Node SDK's types", () => {
    typecheck('next', 'hosts/next/tsconfig.check.json', {
      'app/stytch.tsx': readmeSnippet('### Next.js', 'tsx', 0).replace("'use client';\n", `'use client';\n${REACT_JSX}`),
      'app/layout.tsx': REACT_JSX + docSnippet('docs/EMBEDDING.md', '## Next.js', 'tsx', 0),
      'app/profile/page.tsx': REACT_JSX + docSnippet('docs/EMBEDDING.md', '## Next.js', 'tsx', 1),
    });
  });
});
