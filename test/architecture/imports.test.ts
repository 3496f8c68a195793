// The layering rules of docs/ARCHITECTURE.md, read from the code's own import statements.
// Every import counts, `import type` too: a type that points back up is still a tie back up.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LAYERS = ['elements', 'screens', 'theme', 'client', 'provider'] as const;

/** Every import of a file: static, re-exports, side-effect imports and `import()`. */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const re = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(re)) found.push((m[1] ?? m[2] ?? m[3])!);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(join(root, p)).isDirectory()) return f === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
  });
}

interface Edge {
  from: string;
  to: string;
}

/** Every import between files of the tree, as paths from the root with '/' separators. */
function graph(): Edge[] {
  const edges: Edge[] = [];
  for (const layer of LAYERS) {
    for (const file of sources(layer)) {
      for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const to = normalize(join(dirname(file), spec))
          .split(sep)
          .join('/');
        edges.push({ from: file.split(sep).join('/'), to });
      }
    }
  }
  return edges;
}

const edges = graph();
const layerOf = (p: string) => p.split('/')[0]!;
const broken = (rule: (e: Edge) => boolean) => edges.filter(rule).map((e) => `${e.from} -> ${e.to}`);

/** What each top-level layer may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  elements: ['screens', 'theme', 'client'],
  screens: ['theme', 'client'],
  theme: [],
  client: [],
  provider: ['client'],
};

// The ground floor of screens/: what every flow of both product lines may use.
const GROUND = ['screens/components/', 'screens/i18n/', 'screens/hooks/', 'screens/state/', 'screens/send/', 'screens/config/', 'screens/context.ts', 'screens/env.ts'];
// The shell: the shared App, and each product line's root and registry.
const SHELL = ['screens/App.tsx', 'screens/registry.ts', 'screens/login/', 'screens/b2b/B2BApp.tsx', 'screens/b2b/registry.ts'];
const isGround = (p: string) => GROUND.some((g) => p === g || p.startsWith(g));
const isShell = (p: string) => SHELL.some((s) => p === s || p.startsWith(s));
// The B2B line (`screens/b2b/`): its own ground floor (the files directly in it), its flows (its folders).
const isB2B = (p: string) => p.startsWith('screens/b2b/');
const isB2BGround = (p: string) => isB2B(p) && !isShell(p) && p.split('/').length === 3;
/** The flow a file belongs to: `otp`, `main`… of the login line, `b2b/mfa`… of the B2B line. */
const flowOf = (p: string) => {
  if (!p.startsWith('screens/') || isGround(p) || isShell(p) || isB2BGround(p)) return undefined;
  const parts = p.split('/');
  return isB2B(p) ? `b2b/${parts[2]}` : parts[1];
};
/** Which product line a file of screens/ serves: undefined for the shared ground floor and App. */
const lineOf = (p: string) => (!p.startsWith('screens/') || isGround(p) || p === 'screens/App.tsx' ? undefined : isB2B(p) ? 'b2b' : 'login');

describe('import rules (docs/ARCHITECTURE.md)', () => {
  it('reads the tree: every layer has files and imports', () => {
    for (const layer of LAYERS)
      assert.ok(
        edges.some((e) => layerOf(e.from) === layer),
        `no imports read in ${layer}/`,
      );
  });

  it('the parser sees every kind of import', () => {
    const text = `import a from './a.ts';\nimport type { B } from "./b.ts";\nexport { c } from './c.ts';\nimport './d.css';\nconst e = lazy(() => import('./e.tsx'));\n// import x from './not-code.ts';\n/* import y from './nor-this.ts'; */`;
    assert.deepEqual(importsOf(text), ['./a.ts', './b.ts', './c.ts', './d.css', './e.tsx']);
  });

  it('layers import only the layers below them', () => {
    assert.deepEqual(
      broken((e) => layerOf(e.to) !== layerOf(e.from) && !ALLOWED[layerOf(e.from)]!.includes(layerOf(e.to))),
      [],
    );
  });

  it('the provider takes from the client only the shared wire schemas', () => {
    assert.deepEqual(
      broken((e) => layerOf(e.from) === 'provider' && layerOf(e.to) === 'client' && !e.to.startsWith('client/schemas/')),
      [],
    );
  });

  it('provider services never import the HTTP layer', () => {
    assert.deepEqual(
      broken((e) => e.from.startsWith('provider/services/') && e.to.startsWith('provider/http/')),
      [],
    );
  });

  it("the provider's floors import only downwards: ground, services, http, routes", () => {
    // The ground floor (the context, config, domain errors, the database) is taken by all.
    const GROUND_FILES = ['provider/context.ts', 'provider/config.ts', 'provider/errors.ts', 'provider/db/'];
    const floor = (p: string) =>
      GROUND_FILES.some((g) => p === g || p.startsWith(g)) ? 0 : p.startsWith('provider/services/') ? 1 : p.startsWith('provider/http/') ? 2 : p.startsWith('provider/routes/') ? 3 : undefined;
    assert.deepEqual(
      broken((e) => {
        const from = floor(e.from);
        const to = floor(e.to);
        return from !== undefined && to !== undefined && to > from;
      }),
      [],
    );
  });

  it("the services' floors: the B2B services build on the shared ones, never the reverse", () => {
    const b2b = (p: string) => p.startsWith('provider/services/b2b/');
    assert.deepEqual(
      broken((e) => e.from.startsWith('provider/services/') && !b2b(e.from) && b2b(e.to)),
      [],
    );
  });

  it('provider routes hold no SQL: queries live in services/, named for what they do', () => {
    const sql = /\b(tx|db)\.query\s*[<(]|['"`]\s*(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/;
    assert.deepEqual(
      sources('provider/routes').filter((f) => sql.test(readFileSync(join(root, f), 'utf8'))),
      [],
    );
  });

  it('the ground floor of screens/ imports no flow and not the shell', () => {
    assert.deepEqual(
      broken((e) => isGround(e.from) && e.to.startsWith('screens/') && !isGround(e.to)),
      [],
    );
  });

  it('a flow imports only itself and the ground floor (a B2B flow also the B2B ground floor, and another B2B flow through its blocks.ts); Main and the registries alone reach into flows', () => {
    assert.deepEqual(
      broken((e) => {
        const from = flowOf(e.from);
        const to = flowOf(e.to);
        if (!from || !e.to.startsWith('screens/')) return false;
        if (isShell(e.to)) return true;
        // A B2B flow's door for the others (the SSO and OAuth blocks the Main screens show).
        if (from.startsWith('b2b/') && to?.startsWith('b2b/') && e.to.endsWith('/blocks.ts')) return false;
        return to !== undefined && to !== from && from !== 'main';
      }),
      [],
    );
  });

  it('the B2B ground floor imports only the ground floors, never a flow or the shell', () => {
    assert.deepEqual(
      broken((e) => isB2BGround(e.from) && e.to.startsWith('screens/') && !isGround(e.to) && !isB2BGround(e.to)),
      [],
    );
  });

  it('the two product lines never import each other: they meet only in the ground floor and App', () => {
    assert.deepEqual(
      broken((e) => {
        const from = lineOf(e.from);
        const to = lineOf(e.to);
        return from !== undefined && to !== undefined && from !== to;
      }),
      [],
    );
    assert.ok(
      edges.some((e) => isB2BGround(e.from)),
      'no B2B ground floor read',
    );
    assert.ok(
      edges.some((e) => flowOf(e.from)?.startsWith('b2b/')),
      'no B2B flow read',
    );
  });

  it('nothing under screens/ imports the shell but the shell itself', () => {
    assert.deepEqual(
      broken((e) => e.from.startsWith('screens/') && !isShell(e.from) && isShell(e.to)),
      [],
    );
  });

  it('no import circles among the files of screens/, elements/ and provider/', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) if (/^(screens|elements|provider)\//.test(e.from)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') return void circles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      state.set(file, 'open');
      for (const to of next.get(file) ?? []) visit(to, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of next.keys()) visit(file, []);
    assert.deepEqual(circles, []);
  });
});
