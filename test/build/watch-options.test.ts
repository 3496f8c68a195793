import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BuildContext, PluginBuild } from 'esbuild';
import { builds, hostBuilds, watchAll, watchOptions } from '../../esbuild.config.mjs';

// `npm start` rebuilds with these options; it used to replace every define with NODE_ENV alone,
// so the Vue host lost its feature flags and Vue warned about them on every load.
describe('the watch build of npm start', () => {
  for (const [name, options] of Object.entries({ ...builds, ...hostBuilds })) {
    it(`${name}: keeps every define of the build, in development mode`, () => {
      const watched = watchOptions(options);
      assert.deepEqual(watched.define, { ...options.define, 'process.env.NODE_ENV': '"development"' });
      assert.equal(watched.minify, false);
      assert.deepEqual(watched.entryPoints, options.entryPoints);
    });
  }

  it('gives the Vue host all three of Vue’s compile-time feature flags', () => {
    const define = watchOptions(hostBuilds.vue).define ?? {};
    for (const flag of ['__VUE_OPTIONS_API__', '__VUE_PROD_DEVTOOLS__', '__VUE_PROD_HYDRATION_MISMATCH_DETAILS__']) assert.ok(flag in define, flag);
  });
});

// The hosts bundle dist/ while the library's watchers rewrite it (esbuild writes each file, then
// the fold step rewrites the entry): hosts that watched dist/ themselves bundled it half-written
// and `npm start` printed "No matching export in dist/stytch-ui.js" by the hundred after "ready".
describe('watchAll: the hosts never bundle a half-written library', () => {
  it('a host build asked for while a library build is writing waits for it, and reports nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'watch-all-'));
    const at = (path: string) => join(dir, path);
    const reported: string[] = [];
    let watching: Awaited<ReturnType<typeof watchAll>> | undefined;
    try {
      mkdirSync(at('lib'));
      mkdirSync(at('host'));
      writeFileSync(at('lib/index.ts'), 'export const first = 1;\n');
      writeFileSync(at('host/main.ts'), "import { first } from 'stytch-ui';\nconsole.log(first);\n");
      // Like the fold step: esbuild's output is rewritten after the build, here in two writes
      // with a gate between them (the first write lacks the export the host needs). The gate
      // opens once a host build waits for the library, or once it reads its own source (it
      // did not wait).
      let gate: Promise<void> = Promise.resolve();
      let open: () => void = () => {};
      let midWrite: () => void = () => {};
      const folding = {
        name: 'two-step-rewrite',
        setup(build: PluginBuild) {
          build.onEnd(async () => {
            const full = readFileSync(at('dist/stytch-ui.js'), 'utf8');
            writeFileSync(at('dist/stytch-ui.js'), 'export {};\n');
            midWrite();
            await gate;
            writeFileSync(at('dist/stytch-ui.js'), full);
          });
        },
      };
      const libraryWhenHostRead: string[] = [];
      const hostReads = {
        name: 'host-reads',
        setup(build: PluginBuild) {
          build.onLoad({ filter: /main\.ts$/ }, () => {
            libraryWhenHostRead.push(readFileSync(at('dist/stytch-ui.js'), 'utf8'));
            open();
            return undefined;
          });
        },
      };
      const library = {
        esm: { bundle: true, format: 'esm' as const, entryPoints: { 'stytch-ui': 'lib/index.ts' }, outdir: 'dist', absWorkingDir: dir, logLevel: 'silent' as const, plugins: [folding] },
      };
      const hosts = {
        host: {
          bundle: true,
          format: 'esm' as const,
          entryPoints: { host: 'host/main.ts' },
          outdir: 'hosts/dist',
          absWorkingDir: dir,
          alias: { 'stytch-ui': './dist/stytch-ui.js' },
          plugins: [hostReads],
        },
      };
      watching = await watchAll({ library, hosts, report: (_kind, messages) => reported.push(...messages.map((m) => m.text)), onHostWait: () => open() });
      assert.deepEqual(reported, []);

      // The library changes; its build stops half-way through rewriting the entry.
      gate = new Promise((r) => (open = r));
      const half = new Promise<void>((r) => (midWrite = r));
      writeFileSync(at('lib/index.ts'), 'export const first = 1;\nexport const second = 2;\n');
      const libraryBuild = (watching.library[0] as BuildContext).rebuild();
      await half;
      // A host's own watcher may start a build now (its source changed): it must wait for the library.
      libraryWhenHostRead.length = 0;
      const result = await watching.hosts[0]!.rebuild();
      await libraryBuild;
      assert.deepEqual(result.errors, []);
      assert.ok(libraryWhenHostRead.length > 0 && libraryWhenHostRead.every((text) => /second/.test(text)), 'the host read the library only once it was whole');
      await watching.idle();
      assert.deepEqual(reported, []);
      assert.match(readFileSync(at('hosts/dist/host.js'), 'utf8'), /var first = 1/);
    } finally {
      await watching?.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
