// The one build script: `node esbuild.config.mjs [--dev] [--watch] [--no-types] [--outdir=DIR] [--only=NAMES]`,
// writing dist/ (the package) and hosts/dist/ (the demo's host apps); with --outdir, only the
// package's files, into DIR (the test run's development build beside its production one), and
// with --only, only the outputs named (comma-separated names of `builds` and `nodeBuilds`). Every output is declared below as
// esbuild-shaped options under a stable name, and built by one of two bundlers:
//
// - Rollup, with esbuild inside (bundler/rollup.mjs): the widget files (`widget(...)`: esm,
//   reactExternal, b2b, b2bReactExternal, compat, iife) and the headless clients (`headless(...)`:
//   client, b2bClient). Rollup bundles and chunks, so an entry holds all it shares with its lazy
//   chunks and the first load is one file; esbuild transforms each module (TypeScript, JSX, the
//   defines) and minifies each chunk.
// - esbuild alone: the words' lazy side (wordsLoad), stytch-ui/react (react, reactB2B), the Node
//   outputs (`nodeBuilds`: server, cli) and the host apps (`hostBuilds`, after dist/, which they
//   import by the package's names).
//
// The type declarations come from tsc (tsconfig.build.json) unless --no-types. `build` and
// `generate` run one output of either kind; `watchAll` (npm start, --watch) rebuilds them all on
// every change, the hosts only while no library build runs (bundler/watch.mjs).
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildWithRollup, rollupFiles, rollupOutput } from './bundler/rollup.mjs';
import { watchLibraryAndHosts, watchOptions } from './bundler/watch.mjs';
export { COMPILE_HINT } from './bundler/rollup.mjs';
export { watchOptions };

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev') || args.has('--watch');
const watchMode = args.has('--watch');
const outdirArg = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);
const outdir = outdirArg || 'dist';
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

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
  if (options.bundler === 'rollup') return buildWithRollup(options);
  return (await esbuild.build(options)).metafile;
}

/** One output built in memory, nothing written (the build checks); resolves to its metafile. */
export async function generate(options) {
  if (options.bundler === 'rollup') return buildWithRollup(options, { write: false });
  return (await esbuild.build({ ...options, write: false })).metafile;
}

/** A Rollup build's files in memory, nothing written (the build checks that read its code). */
export function generateFiles(options) {
  return rollupFiles(options);
}

/** A Rollup build's files and its metafile from one bundle in memory (the build checks read both). */
export function generateOutput(options) {
  return rollupOutput(options);
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
 * Watches the library's builds and the host apps (npm start, --watch); resolves once the first
 * round (library, then hosts) has settled. `library` and `hosts` default to every output.
 */
export function watchAll({ library = builds, hosts = hostBuilds, report, onHostWait } = {}) {
  return watchLibraryAndHosts({ library, hosts, packages: PACKAGE, report, onHostWait });
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
  const every = { ...builds, ...nodeBuilds };
  const wanted = onlyArg?.split(',') ?? Object.keys(every);
  const unknown = wanted.filter((name) => !(name in every));
  if (unknown.length) throw new Error(`--only names no output ${unknown.join(', ')} (outputs: ${Object.keys(every).join(', ')})`);
  const all = Object.fromEntries(wanted.map((name) => [name, every[name]]));
  const names = Object.keys(all);
  const metas = await Promise.all(Object.values(all).map((o) => build(o)));
  metas.forEach((meta, i) => writeFileSync(`${outdir}/meta-${names[i]}.json`, JSON.stringify(meta)));
  // The package's command runs from a linked checkout too (npm sets the mode only when it installs).
  if (all.cli) chmodSync(`${outdir}/cli.js`, 0o755);
  // The host apps import the package from dist/ by name: another directory's build has none.
  if (outdirArg) return;
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
