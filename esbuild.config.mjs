// The one build script: `node esbuild.config.mjs [--dev] [--watch] [--no-types]`.
// Every output is declared below as esbuild-shaped options. The widget builds (`widget(...)`,
// one line each) are bundled by Rollup with esbuild transforming and minifying
// (scripts/lib/widget-build.mjs); the others are esbuild builds. `build` and `watch` run either.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildWidget, watchWidget, widgetFiles, widgetOutput } from './scripts/lib/widget-build.mjs';
export { COMPILE_HINT } from './scripts/lib/widget-build.mjs';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev') || args.has('--watch');
const watchMode = args.has('--watch');
const outdir = 'dist';

// The words' lazy side (the locale files, the ICU parser, the checks of a site's strings) as a
// file of its own with a stable name: every widget loads it with import() from beside itself,
// so the script-tag build, which cannot split, does not inline every locale (+67 KB gzip), and
// each widget's own chunks hold only its flows.
const WORDS_LOAD = 'words-load';
const WORDS_BESIDE = [{ importer: /screens[\\/]i18n[\\/]words\.ts$/, specifier: './load.ts', file: `${WORDS_LOAD}.js` }];
const common = {
  bundle: true,
  sourcemap: true,
  minify: !dev,
  target: ['es2022', 'chrome100', 'firefox100', 'safari15.4'],
  jsx: 'automatic',
  jsxImportSource: '@emotion/react',
  legalComments: 'linked',
  // jotai keeps its development checks and warnings behind `(import.meta.env ? import.meta.env.MODE
  // : void 0) !== "production"`, which esbuild leaves unknown; naming the mode (an env that exists,
  // its MODE a constant) folds them away in production builds (1.8 KB raw of the first load).
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'), 'import.meta.env': 'true', 'import.meta.env.MODE': JSON.stringify(dev ? 'development' : 'production') },
  logLevel: 'warning',
  metafile: true,
  outdir,
};

const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/**
 * A widget build: `entry` ({ outputName: sourceFile }) and its lazy flows, bundled by Rollup so
 * that everything the entry shares with its flows is in the entry file (the first load is that
 * one file) and the flows are chunks under `chunkDir`, loaded by dynamic import.
 */
function widget(entry, chunkDir, more = {}) {
  return {
    ...common,
    widget: true,
    // A widget file that carries its own React carries React 18.3: 23 KB gzip less in every
    // visitor's first load than React 19, the same API for our screens (tools/widget-react).
    // The React-external builds (`external: REACT`) run on the page's React.
    reactFrom: more.external ? undefined : 'tools/widget-react',
    bundler: 'rollup',
    entryPoints: entry,
    format: 'esm',
    splitting: true,
    chunkNames: `${chunkDir}/[name]-[hash]`,
    dynamicBeside: WORDS_BESIDE,
    // @emotion/react imports hoist-non-react-statics (and through it react-is) for side effects
    // only; the package has none, so saying so lets the unused import drop out.
    sideEffectsFree: ['hoist-non-react-statics'],
    ...more,
  };
}

/**
 * A headless client (`entry`), bundled by Rollup as the widgets are: what it shares with its parts
 * loaded on demand (core/on-demand.ts: the request checks with the calls' code, and B2C's phone
 * page) stays in the entry, so it is one file before it runs, and those parts are chunks under
 * `chunkDir`. No compile hint: most of a client's methods do not run on load (bench/RESULTS.md,
 * "Compile hints").
 */
function headless(entry, chunkDir) {
  return { ...common, bundler: 'rollup', entryPoints: entry, format: 'esm', splitting: true, chunkNames: `${chunkDir}/[name]-[hash]` };
}

/** stytch-ui/react (or /react/b2b): one file for browsers and servers alike. */
function reactBuild(out, entry, more) {
  return {
    ...common,
    plugins: [
      besideOutputs({
        'elements/index.ts': './stytch-ui.react-external.js',
        'elements/b2b/index.ts': './stytch-ui.b2b.react-external.js',
        'client/index.ts': './client.js',
        'client/b2b/index.ts': './b2b-client.js',
        ...more,
      }),
    ],
    entryPoints: { [out]: entry },
    format: 'esm',
    splitting: false,
    external: REACT,
    // Not minified: minifying drops the comments that tell an app's bundler to leave the server's
    // run-time import of dist/server.js to Node (elements/react/server-paint.ts); the app's own
    // bundler minifies this file with the rest of the app.
    minify: false,
    // A client module for React Server Components frameworks (the hooks need the browser's React).
    banner: { js: '"use client";' },
  };
}

/** Imports of these source files become imports of the named outputs beside the entry. */
function besideOutputs(map) {
  const byPath = new Map(Object.entries(map).map(([src, out]) => [new URL(src, import.meta.url).pathname, out]));
  return {
    name: 'beside-outputs',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'beside') return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'beside' });
        const out = byPath.get(resolved.path);
        return out ? { path: out, external: true } : undefined;
      });
    },
  };
}

/** Each output of dist/, with a stable name. A new widget entry is one `widget(...)` line. */
export const builds = {
  esm: widget({ 'stytch-ui': 'elements/index.ts' }, 'chunks'),
  reactExternal: widget({ 'stytch-ui.react-external': 'elements/index.ts' }, 'chunks-rx', { external: REACT }),
  // <stytch-b2b-ui> and mountB2B: an entry of its own, so the B2C entry does not carry the B2B screens.
  b2b: widget({ 'stytch-ui.b2b': 'elements/b2b/index.ts' }, 'chunks-b2b'),
  // The official UI's names over this widget (stytch-ui/compat): defines no tag on import.
  compat: widget({ 'stytch-ui.compat': 'elements/compat.ts' }, 'chunks-compat'),
  // The script tag's one file (its flows inlined); it too loads the words' lazy side from beside itself.
  iife: widget({ 'stytch-ui.iife': 'elements/iife.ts' }, 'chunks', { format: 'iife', globalName: 'StytchUI', splitting: false }),
  // The words' lazy side (locales, the ICU parser, the checks of a site's strings) with its chunks.
  wordsLoad: { ...common, entryPoints: { [WORDS_LOAD]: 'screens/i18n/load.ts' }, format: 'esm', splitting: true, chunkNames: 'chunks/[name]-[hash]' },
  client: headless({ client: 'client/index.ts' }, 'chunks-client'),
  b2bClient: headless({ 'b2b-client': 'client/b2b/index.ts' }, 'chunks-b2b-client'),
  // <stytch-b2b-ui> with the page's React, for stytch-ui/react's StytchB2B (one React on the page).
  b2bReactExternal: widget({ 'stytch-ui.b2b.react-external': 'elements/b2b/index.ts' }, 'chunks-b2b-rx', { external: REACT }),
  // stytch-ui/react: the official React SDK's names. The elements and clients stay imports of the
  // files beside it (the React-external builds, client.js, b2b-client.js), so a page that also
  // imports those by name runs one copy of each, with its own React. On a server, Node imports
  // dist/server.js beside it at run time for the login's first screen.
  react: reactBuild('react', 'elements/react/index.ts', {}),
  // stytch-ui/react/b2b: the same, with the B2B client factories.
  reactB2B: reactBuild('react-b2b', 'elements/react/b2b.ts', { 'elements/react/index.ts': './react.js' }),
};

/** Builds one output of `builds`, `nodeBuilds` or `hostBuilds`; resolves to its metafile. */
export async function build(options) {
  if (options.bundler === 'rollup') return buildWidget(options);
  return (await esbuild.build(options)).metafile;
}

/** One output built in memory, nothing written (the build checks); resolves to its metafile. */
export async function generate(options) {
  if (options.bundler === 'rollup') return buildWidget(options, { write: false });
  return (await esbuild.build({ ...options, write: false })).metafile;
}

/** A widget build's files in memory, nothing written (the build checks that read its code). */
export function generateFiles(options) {
  return widgetFiles(options);
}

/** A widget build's files and its metafile from one bundle in memory (the build checks read both). */
export function generateOutput(options) {
  return widgetOutput(options);
}

/** Rebuilds one output on every change (npm start); resolves to what stops it (`dispose()`). */
export async function watch(options, name = '') {
  if (options.bundler === 'rollup') return watchWidget(options, name);
  const ctx = await esbuild.context(options);
  await ctx.watch();
  return ctx;
}

// stytch-ui/server and the `stytch-ui` command run in Node: the package's dependencies stay
// imports (one React with the host's server), anything else (the CLI's HTML parser) is bundled.
const DEPENDENCIES = Object.keys(JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).dependencies ?? {});
const node = {
  bundle: true,
  sourcemap: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  jsx: 'automatic',
  jsxImportSource: '@emotion/react',
  external: DEPENDENCIES.flatMap((d) => [d, `${d}/*`]),
  logLevel: 'warning',
  metafile: true,
  outdir,
};

/** The Node outputs: stytch-ui/server and the package's command. */
export const nodeBuilds = {
  server: { ...node, entryPoints: { server: 'elements/server/index.ts' } },
  cli: { ...node, entryPoints: { cli: 'elements/server/cli.ts' }, banner: { js: '#!/usr/bin/env node' } },
};

// Host apps import the package by name, as a host site would; the names resolve to the built
// files above, so the hosts are built after them and exercise what ships.
const PACKAGE = {
  'stytch-ui/react-external': './dist/stytch-ui.react-external.js',
  'stytch-ui/react/b2b': './dist/react-b2b.js',
  'stytch-ui/react': './dist/react.js',
  'stytch-ui/client': './dist/client.js',
  'stytch-ui/b2b-client': './dist/b2b-client.js',
  'stytch-ui': './dist/stytch-ui.js',
};

const host = {
  bundle: true,
  sourcemap: true,
  minify: !dev,
  target: common.target,
  format: 'esm',
  logLevel: 'warning',
  metafile: true,
  alias: PACKAGE,
  // Outside dist/ so the package never ships them.
  outdir: 'hosts/dist',
  define: common.define,
};

/** The host integrations under hosts/, each a real app bundled with its framework. */
export const hostBuilds = {
  react: { ...host, entryPoints: { react: 'hosts/react/main.tsx' }, jsx: 'automatic', jsxImportSource: 'react' },
  // An app written for the official React SDK, its one import swapped: '@stytch/react' is
  // stytch-ui/react here, which is the only change a site makes (hosts/react-sdk/main.tsx).
  reactSdk: { ...host, entryPoints: { 'react-sdk': 'hosts/react-sdk/main.tsx' }, jsx: 'automatic', jsxImportSource: 'react', alias: { ...PACKAGE, '@stytch/react': PACKAGE['stytch-ui/react'] } },
  // The runtime template compiler is what honours compilerOptions.isCustomElement.
  vue: {
    ...host,
    entryPoints: { vue: 'hosts/vue/main.ts' },
    alias: { ...PACKAGE, vue: 'vue/dist/vue.esm-bundler.js' },
    define: { ...host.define, __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
  },
  // JIT: @angular/compiler is bundled and compiles the component's template in the browser.
  angular: { ...host, entryPoints: { angular: 'hosts/angular/main.ts' } },
  // The demo's in-page test wallet (demo/wallet), served at /wallet/built/.
  testWallet: { ...host, entryPoints: { 'test-wallet': 'demo/wallet/test-wallet.ts' }, outdir: 'demo/wallet/built' },
};

/**
 * The options `npm start` watches with: unminified, development React, and every other
 * define of the build kept (dropping the Vue feature flags made Vue warn on every load).
 */
export function watchOptions(options) {
  return { ...options, minify: false, define: { ...options.define, 'process.env.NODE_ENV': '"development"' } };
}

/**
 * Watches the library's builds and the host apps, for `npm start` and `--watch`. The hosts bundle
 * dist/, which the library's builds rewrite file by file (Rollup's watch and esbuild's): hosts that watched dist/ themselves bundled it half-written and
 * printed "No matching export in dist/stytch-ui.js" by the hundred. So a host build starts only
 * once no library build is under way, reads dist/ without watching it (the library's end
 * triggers the hosts instead), and a host build a library build overlapped is redone, not reported.
 * Resolves once the first round (library, then hosts) has settled.
 */
export async function watchAll({ library = builds, hosts = hostBuilds, report = printMessages, onHostWait = () => {} } = {}) {
  const lib = { running: 0, generation: 0, waiters: [] };
  const idle = () => (lib.running === 0 ? Promise.resolve() : new Promise((r) => lib.waiters.push(r)));
  const hostIdle = () => {
    if (lib.running > 0) onHostWait();
    return idle();
  };
  let hostContexts = [];
  let hostRound = Promise.resolve();
  let firstRoundLeft = Object.keys(library).length;
  let firstRoundDone;
  const firstRound = new Promise((r) => (firstRoundDone = r));
  /** One library build's start and end, counted: the hosts build only while none runs. */
  const trackerHooks = () => {
    let ended = false;
    return {
      onStart() {
        lib.running++;
        lib.generation++;
      },
      onEnd() {
        lib.running--;
        if (!ended) {
          ended = true;
          firstRoundLeft--;
        }
        if (lib.running > 0) return;
        for (const wake of lib.waiters.splice(0)) wake();
        hostRound = Promise.all(hostContexts.map((ctx) => ctx.rebuild().catch(() => {})));
        if (firstRoundLeft === 0) firstRoundDone();
      },
    };
  };
  const libraryTracker = {
    name: 'library-tracker',
    setup(build) {
      const hooks = trackerHooks();
      build.onStart(hooks.onStart);
      // Registered last, so it runs once the outputs are written.
      build.onEnd(hooks.onEnd);
    },
  };
  // A widget build is a Rollup watcher, which starts at once; the others are esbuild contexts,
  // which start with watch() below. Both report their start and end to the tracker.
  const libraryContexts = await Promise.all(
    Object.entries(library).map(([name, o]) =>
      o.bundler === 'rollup'
        ? watchWidget(watchOptions(o), name, trackerHooks())
        : esbuild.context({ ...watchOptions(o), write: false, plugins: [writeOutputs, ...(o.plugins ?? []), libraryTracker] }),
    ),
  );
  hostContexts = await Promise.all(Object.values(hosts).map((o) => esbuild.context(hostWatchOptions(o, { idle: hostIdle, generation: () => lib.generation, report }))));
  // watch() starts with a build of its own: that is the first round.
  await Promise.all(libraryContexts.map((ctx) => ctx.watch?.()));
  await firstRound;
  await hostRound;
  await Promise.all(hostContexts.map((ctx) => ctx.watch()));
  // watch() starts a build and returns; a rebuild asked for meanwhile waits for that build.
  await Promise.all(hostContexts.map((ctx) => ctx.rebuild().catch(() => {})));
  return {
    library: libraryContexts,
    hosts: hostContexts,
    idle,
    dispose: () => Promise.all([...libraryContexts, ...hostContexts].map((ctx) => ctx.dispose())),
  };
}

/**
 * Writes every output of a `write: false` build, each to a temporary file renamed into place (a
 * reader never sees half a file). Watching, esbuild itself writes only the files that changed
 * since its last build, so the chunk the fold step had folded and deleted never came back.
 */
const writeOutputs = {
  name: 'write-outputs',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      for (const file of result.outputFiles ?? []) {
        mkdirSync(dirname(file.path), { recursive: true });
        const temporary = `${file.path}.${process.pid}.tmp`;
        writeFileSync(temporary, file.contents);
        renameSync(temporary, file.path);
      }
    });
  },
};

function printMessages(kind, messages) {
  if (messages.length === 0) return;
  for (const text of esbuild.formatMessagesSync(messages, { kind, color: process.stderr.isTTY })) process.stderr.write(text);
}

const DIST_NS = 'dist-unwatched';

/**
 * A host's watch options: its package names resolve to dist/ through a namespace esbuild does not
 * watch, the build waits for the library to be idle, and reports only results no library build overlapped.
 */
export function hostWatchOptions(options, { idle, generation, report }) {
  const { alias = {}, ...rest } = watchOptions(options);
  const packageNames = Object.keys(PACKAGE);
  const own = Object.fromEntries(Object.entries(alias).filter(([name]) => !packageNames.includes(name)));
  const root = options.absWorkingDir ?? process.cwd();
  const distReader = {
    name: 'dist-after-library',
    setup(build) {
      let startedAt = 0;
      build.onStart(async () => {
        await idle();
        startedAt = generation();
      });
      const names = new RegExp(`^(${packageNames.join('|')})$`);
      build.onResolve({ filter: names }, (args) => ({ path: join(root, alias[args.path] ?? PACKAGE[args.path]), namespace: DIST_NS }));
      build.onResolve({ filter: /^\.{1,2}\//, namespace: DIST_NS }, (args) => ({ path: join(args.resolveDir, args.path), namespace: DIST_NS }));
      build.onLoad({ filter: /.*/, namespace: DIST_NS }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'js', resolveDir: dirname(args.path) }));
      build.onEnd((result) => {
        // A library build started meanwhile: this result may have read dist/ half-written; the
        // library's end rebuilds the hosts anyway.
        if (generation() !== startedAt) return;
        report('error', result.errors);
        report('warning', result.warnings);
      });
    },
  };
  return { ...rest, alias: own, logLevel: 'silent', plugins: [...(rest.plugins ?? []), distReader] };
}

/** `--watch` and `npm start`: a clean dist/, the Node outputs once, then `watchAll` (its first round is the build). */
export async function buildAndWatch() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await Promise.all(Object.values(nodeBuilds).map((o) => build(o)));
  chmodSync(`${outdir}/cli.js`, 0o755);
  return watchAll();
}

function buildTypes() {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('type declarations failed');
}

async function main() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  if (watchMode) {
    await buildAndWatch();
    console.log('build: watching the library and the host apps');
    return;
  }
  const all = { ...builds, ...nodeBuilds };
  const names = Object.keys(all);
  const metas = await Promise.all(Object.values(all).map((o) => build(o)));
  metas.forEach((meta, i) => writeFileSync(`${outdir}/meta-${names[i]}.json`, JSON.stringify(meta)));
  // The package's command runs from a linked checkout too (npm sets the mode only when it installs).
  chmodSync(`${outdir}/cli.js`, 0o755);
  const hostNames = Object.keys(hostBuilds);
  const hosts = await Promise.all(Object.values(hostBuilds).map((o) => build(o)));
  hosts.forEach((meta, i) => writeFileSync(`hosts/dist/meta-${hostNames[i]}.json`, JSON.stringify(meta)));
  if (!args.has('--no-types')) buildTypes();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}
