import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Metafile } from 'esbuild';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { builds, COMPILE_HINT } from '../../esbuild.config.mjs';
import { production } from './production.ts';

// The page fetches a widget's entry file and, before Main can paint, whatever that file imports
// statically. Each widget build must keep that to the entry alone: what the entry shares with
// its lazy flows lives in the entry, and the flows are dynamic imports, fetched when shown.
// Read from the bundler's own report of its outputs (the production build, read or made once
// per build for every check in this file: test/build/production.ts).

const WIDGETS = Object.entries(builds).filter(([, o]) => o.widget) as Array<[keyof typeof builds, (typeof builds)[keyof typeof builds]]>;

function entryOf(meta: Metafile): [string, Metafile['outputs'][string]] {
  const entries = Object.entries(meta.outputs).filter(([, out]) => out.entryPoint);
  assert.equal(entries.length, 1, `one entry file, got ${entries.map(([f]) => f).join(', ')}`);
  return entries[0]!;
}

/** The files of a build that hold a module matching `input`. */
function holders(meta: Metafile, input: RegExp): string[] {
  return Object.entries(meta.outputs)
    .filter(([, out]) => Object.keys(out.inputs).some((k) => input.test(k)))
    .map(([f]) => f);
}

describe('the first load of each widget build', () => {
  it('covers every widget build, B2B and compat included', () => {
    assert.deepEqual(WIDGETS.map(([name]) => name).sort(), ['b2b', 'b2bReactExternal', 'compat', 'esm', 'iife', 'reactExternal']);
  });

  for (const [name, options] of WIDGETS) {
    it(`${name}: is the entry file alone; the lazy flows are dynamic imports of files the build wrote`, async () => {
      const meta = (await production(name)).metafile;
      const [file, entry] = entryOf(meta);
      const staticImports = entry.imports.filter((i) => i.kind === 'import-statement' && !i.external);
      assert.deepEqual(staticImports, [], `${file} imports other files of the build before it runs`);
      // Only the host's React (react-external) may be imported by name.
      for (const i of entry.imports.filter((i) => i.kind === 'import-statement')) assert.match(i.path, /^react(-dom)?(\/|$)/, `${file} imports ${i.path}`);

      const lazy = entry.imports.filter((i) => i.kind === 'dynamic-import');
      // The words' lazy side is a file of another build, beside the entry.
      assert.deepEqual(
        lazy.filter((i) => i.external).map((i) => i.path),
        ['./words-load.js'],
        `${file} loads words-load.js from beside itself`,
      );
      if (options.format === 'iife') return;
      const flows = lazy.filter((i) => !i.external);
      assert.ok(flows.length >= 5, `${file} has its flows as dynamic imports (${flows.length})`);
      for (const i of flows) assert.ok(meta.outputs[i.path], `${i.path} was written`);
    });
  }

  it('esm: React and the screens shared with the lazy flows are in the entry, once', async () => {
    const meta = (await production('esm')).metafile;
    const [file] = entryOf(meta);
    assert.deepEqual(holders(meta, /^tools\/widget-react\/node_modules\/react-dom\/cjs\/react-dom\./), [file]);
    assert.deepEqual(holders(meta, /^screens\/components\/SubmitButton\.tsx$/), [file]);
    // A lazy flow's chunk takes the shared code from the entry.
    const otp = Object.entries(meta.outputs).find(([f]) => /chunks\/OTPAuthenticate-[^/]+\.js$/.test(f));
    assert.ok(otp, 'OTPAuthenticate has a chunk of its own');
    assert.ok(
      otp[1].imports.some((i) => i.kind === 'import-statement' && i.path === file),
      'it imports the entry',
    );
  });

  it("esm: Main's buttons bring their own words; the passkey, crypto and password screens' words come with those screens", async () => {
    const meta = (await production('esm')).metafile;
    const [file] = entryOf(meta);
    for (const part of ['passkey-button', 'wallet-buttons', 'main']) assert.deepEqual(holders(meta, new RegExp(`^screens/i18n/en/${part}\\.ts$`)), [file], `${part}.ts`);
    for (const part of ['passkey', 'crypto', 'password']) {
      const files = holders(meta, new RegExp(`^screens/i18n/en/${part}\\.ts$`));
      assert.ok(files.length > 0, `${part}.ts is in the build`);
      assert.ok(!files.includes(file), `${part}.ts is not in the first load`);
    }
  });

  // tools/widget-react: the widget files that carry React carry 18.3, its renderer 23 KB gzip
  // smaller than 19's, and only it (one React in the file, whatever a package imports).
  for (const name of ['esm', 'b2b', 'compat', 'iife'] as const) {
    it(`${name}: every React module is React 18.3's, from tools/widget-react`, async () => {
      const installed = JSON.parse(readFileSync('tools/widget-react/node_modules/react-dom/package.json', 'utf8')) as { version: string };
      assert.match(installed.version, /^18\.3\./);
      const meta = (await production(name)).metafile;
      const react = Object.values(meta.outputs)
        .flatMap((out) => Object.keys(out.inputs))
        .filter((k) => /node_modules\/(react|react-dom|scheduler)\//.test(k));
      assert.ok(
        react.some((k) => /react-dom\/cjs\/react-dom\.(production|development)/.test(k)),
        `${name} bundles react-dom`,
      );
      assert.deepEqual(
        // Rollup's CommonJS wrappers name their module by its absolute path, after a \0.
        react.filter((k) => !k.replace(/^\0/, '').replace(`${process.cwd()}/`, '').startsWith('tools/widget-react/node_modules/')),
        [],
        `${name} bundles React from elsewhere`,
      );
    });
  }

  it('b2b: each B2B locale is a lazy chunk of the B2B build, French in none of the login builds', async () => {
    const b2b = (await production('b2b')).metafile;
    const [entry, out] = entryOf(b2b);
    const french = holders(b2b, /^screens\/i18n\/locales-b2b\/fr\.ts$/);
    assert.equal(french.length, 1, 'the B2B French words are one file of the build');
    assert.notEqual(french[0], entry, 'loaded on demand, not in the first load');
    // Reached from the first load by a dynamic import the bundler resolved (not a path into the sources).
    const reached = new Set([entry, ...out.imports.filter((i) => !i.external).map((i) => i.path)]);
    assert.ok(
      Object.entries(b2b.outputs).some(([f, o]) => reached.has(f) && o.imports.some((i) => i.kind === 'dynamic-import' && i.path === french[0])),
      'a loaded file imports it',
    );
    const esm = (await production('esm')).metafile;
    assert.deepEqual(holders(esm, /locales-b2b\//), []);
  });
});

// Each widget entry asks V8 to compile all of its functions while the file downloads, off the
// main thread (COMPILE_HINT, bundler/rollup.mjs); V8 reads the hint only on the very
// first line. The lazy flows' chunks keep lazy compiling. The production build (production.ts).

// A message in elements/errors.ts, which every widget entry carries.
const MESSAGE = 'The selector you specified (';

describe('the compile hint of each widget entry', () => {
  for (const [name] of WIDGETS) {
    it(`${name}: the entry's first line is the hint, no chunk has it, and the source map still points at the sources`, async () => {
      const { files } = await production(name);
      const entries = [...files].filter(([, f]) => f.isEntry);
      assert.equal(entries.length, 1);
      const [file, entry] = entries[0]!;
      assert.ok(entry.code.startsWith(`${COMPILE_HINT}\n`), `${file} starts with ${COMPILE_HINT}`);
      for (const [chunk, f] of files) if (!f.isEntry) assert.ok(!f.code.includes(COMPILE_HINT), `${chunk} is compiled lazily`);

      const at = entry.code.indexOf(MESSAGE);
      assert.ok(at > 0, `${file} carries elements/errors.ts`);
      const before = entry.code.slice(0, at);
      const line = before.split('\n').length;
      const column = at - before.lastIndexOf('\n') - 1;
      assert.ok(entry.map, `${file} has a source map`);
      const original = new SourceMapConsumer(entry.map as unknown as RawSourceMap).originalPositionFor({ line, column });
      assert.match(original.source ?? '', /elements\/errors\.ts$/);
      assert.equal(original.line, 8);
    });
  }
});
