// The layering rules of docs/ARCHITECTURE.md, read from the code's own import statements.
// Every import counts, `import type` too: a type that points back up is still a tie back up.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
const SHELL = ['screens/App.tsx', 'screens/registry.ts', 'screens/login/', 'screens/b2b/B2BApp.tsx', 'screens/b2b/registry.ts', 'screens/b2b/AdminApp.tsx', 'screens/idp/IdpApp.tsx'];
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
// The B2B element's words sit in i18n/ beside the shared ones, but only that element loads them.
const isB2BWords = (p: string) => /^screens\/i18n\/(b2b\.ts|admin\.ts|en\/b2b[^/]*\.ts|locales-b2b\/|locales-admin\/)/.test(p);
/** Which product line a file of screens/ serves: undefined for the shared ground floor and App. */
const lineOf = (p: string) => (!p.startsWith('screens/') ? undefined : isB2B(p) || isB2BWords(p) ? 'b2b' : isGround(p) || p === 'screens/App.tsx' ? undefined : 'login');

/** The rules of screens/ (docs/ARCHITECTURE.md, "Inside screens/"): each is true for an import that breaks it. */
const SCREEN_RULES = {
  groundImportsGround: (e: Edge) => isGround(e.from) && !isB2BWords(e.from) && e.to.startsWith('screens/') && !isGround(e.to),
  flowImportsItselfAndGround: (e: Edge) => {
    const from = flowOf(e.from);
    const to = flowOf(e.to);
    if (!from || !e.to.startsWith('screens/')) return false;
    if (isShell(e.to)) return true;
    // A B2B flow's door for the others (the SSO and OAuth blocks the Main screens show).
    if (from.startsWith('b2b/') && to?.startsWith('b2b/') && e.to.endsWith('/blocks.ts')) return false;
    return to !== undefined && to !== from && from !== 'main';
  },
  b2bGroundImportsGrounds: (e: Edge) => isB2BGround(e.from) && e.to.startsWith('screens/') && !isGround(e.to) && !isB2BGround(e.to),
  linesApart: (e: Edge) => {
    const from = lineOf(e.from);
    const to = lineOf(e.to);
    return from !== undefined && to !== undefined && from !== to;
  },
  shellImportedByShell: (e: Edge) => e.from.startsWith('screens/') && !isShell(e.from) && isShell(e.to),
};

/*
 * Imports each rule must refuse, between files that exist: should a folder move or a predicate
 * loosen so that a rule no longer catches what it is for, this fails rather than the rule
 * passing over nothing.
 */
const MUST_BREAK: Array<[keyof typeof SCREEN_RULES, string, string]> = [
  // A B2C screen reaches into the B2B line: its ground floor, a flow, its shell, its words.
  ['linesApart', 'screens/otp/OTPAuthenticate.tsx', 'screens/b2b/state.ts'],
  ['linesApart', 'screens/main/Main.tsx', 'screens/b2b/email/B2BMain.tsx'],
  ['linesApart', 'screens/login/LoginFlow.tsx', 'screens/b2b/registry.ts'],
  ['linesApart', 'screens/password/PasswordCreateOrLogin.tsx', 'screens/i18n/en/b2b.ts'],
  // A B2B screen takes a B2C flow's internals instead of the shared ground floor.
  ['linesApart', 'screens/b2b/mfa/SMSOTPEnrollment.tsx', 'screens/main/PhoneForm.tsx'],
  ['linesApart', 'screens/b2b/outcome.ts', 'screens/password/usePasswordActions.ts'],
  ['linesApart', 'screens/b2b/B2BApp.tsx', 'screens/login/LoginFlow.tsx'],
  // A flow imports another flow, or the shell; the ground floor imports a flow.
  ['flowImportsItselfAndGround', 'screens/otp/OTPAuthenticate.tsx', 'screens/password/PasswordCreateOrLogin.tsx'],
  ['flowImportsItselfAndGround', 'screens/b2b/mfa/SMSOTPEnrollment.tsx', 'screens/b2b/password/PasswordResetForm.tsx'],
  ['flowImportsItselfAndGround', 'screens/password/PasswordCreateOrLogin.tsx', 'screens/registry.ts'],
  ['groundImportsGround', 'screens/components/PhoneField.tsx', 'screens/main/PhoneForm.tsx'],
  ['b2bGroundImportsGrounds', 'screens/b2b/outcome.ts', 'screens/b2b/mfa/SMSOTPEnrollment.tsx'],
  ['shellImportedByShell', 'screens/components/ToastedCard.tsx', 'screens/App.tsx'],
];

/** The ground floor's pieces both lines' screens use (docs: "What both lines' screens share"), never a copy per line. */
const SHARED_BY_BOTH_LINES = [
  'screens/App.tsx',
  'screens/components/PhoneField.tsx',
  'screens/components/ToastedCard.tsx',
  'screens/components/OtpInput.tsx',
  'screens/components/PasswordField.tsx',
  'screens/components/strength/',
];

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
    assert.deepEqual(broken(SCREEN_RULES.groundImportsGround), []);
  });

  it('a flow imports only itself and the ground floor (a B2B flow also the B2B ground floor, and another B2B flow through its blocks.ts); Main and the registries alone reach into flows', () => {
    assert.deepEqual(broken(SCREEN_RULES.flowImportsItselfAndGround), []);
  });

  it('the B2B ground floor imports only the ground floors, never a flow or the shell', () => {
    assert.deepEqual(broken(SCREEN_RULES.b2bGroundImportsGrounds), []);
  });

  it('the two product lines never import each other (B2C screens never reach screens/b2b/ or the B2B words; B2B screens never a B2C flow): they meet only in the ground floor and App', () => {
    assert.deepEqual(broken(SCREEN_RULES.linesApart), []);
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
    assert.deepEqual(broken(SCREEN_RULES.shellImportedByShell), []);
  });

  it('the rules of screens/ still refuse what they are for', () => {
    for (const [rule, from, to] of MUST_BREAK) {
      for (const file of [from, to]) assert.ok(existsSync(join(root, file)), `${file} is gone: pick another example for ${rule}`);
      assert.ok(SCREEN_RULES[rule]({ from, to }), `${rule} lets ${from} -> ${to} through`);
    }
  });

  it('both lines use the one shell and the shared fields: App and each shared component is imported by a screen of each line', () => {
    const lines = (piece: string) => new Set(edges.filter((e) => e.to === piece || (piece.endsWith('/') && e.to.startsWith(piece) && !e.from.startsWith(piece))).map((e) => lineOf(e.from)));
    for (const piece of SHARED_BY_BOTH_LINES) {
      assert.ok(lines(piece).has('login') && lines(piece).has('b2b'), `${piece} is not used by both lines`);
    }
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
