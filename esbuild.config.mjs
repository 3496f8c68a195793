// The one build script: `node esbuild.config.mjs [--dev] [--watch] [--no-types]`.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev') || args.has('--watch');
const watch = args.has('--watch');
const outdir = 'dist';

// @emotion/react's browser build imports hoist-non-react-statics (and through it react-is) for
// side effects only; the package has none, so saying so lets the unused import drop out.
const pureHoistStatics = {
  name: 'pure-hoist-statics',
  setup(build) {
    build.onResolve({ filter: /^hoist-non-react-statics$/ }, async (args) => {
      if (args.pluginData === 'pure') return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'pure' });
      return { path: resolved.path, sideEffects: false };
    });
  },
};

// The words' lazy side (the locale files, the ICU parser, the checks of a site's strings) as a
// file of its own with a stable name: the script-tag build, which cannot split, loads it with
// import() from beside itself instead of inlining every locale (+67 KB gzip).
const WORDS_LOAD = 'words-load';
const wordsLoadBeside = {
  name: 'words-load-beside',
  setup(build) {
    build.onResolve({ filter: /^\.\/load\.ts$/ }, (args) =>
      args.kind === 'dynamic-import' && /screens[\\/]i18n[\\/]words\.ts$/.test(args.importer) ? { path: `./${WORDS_LOAD}.js`, external: true } : undefined,
    );
  },
};

// esbuild places a module by the set of entry points and dynamic imports that reach it, and does
// not know that a dynamic import only runs once the entry has loaded; so what the entry shares
// with the lazy flows came out as ~16 small chunks, each a request before Main (HTTP/1.1 fetches
// six at a time). Each flow the widget imports on demand is reached here through a module that
// also imports the build's entry: the flow runs after the entry anyway, so this costs nothing
// at run time, but every module of the first load is then reached by the same set and lands in
// one chunk. The i18n loader keeps its own graph (the script-tag build loads it beside itself).
function lazyBesideEntry(entry) {
  const entryPath = new URL(entry, import.meta.url).pathname;
  return {
    name: 'lazy-beside-entry',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'lazy' || /node_modules|screens[\\/]i18n[\\/]/.test(args.importer)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'lazy' });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        // Same path, another namespace: the chunk keeps the flow's file name.
        return { path: resolved.path, namespace: 'lazy-beside-entry' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-beside-entry' }, (args) => {
        const target = JSON.stringify(args.path);
        const hasDefault = /^export default|^export \{[^}]*\bdefault\b/m.test(readFileSync(args.path, 'utf8'));
        return {
          contents: `import ${JSON.stringify(entryPath)};\nexport * from ${target};\n${hasDefault ? `export { default } from ${target};\n` : ''}`,
          loader: 'ts',
          resolveDir: process.cwd(),
        };
      });
    },
  };
}

const common = {
  plugins: [pureHoistStatics],
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

/** Each output of dist/, with a stable name. */
export const builds = {
  // The words' lazy side is a build of its own here too (as for the script tag): as a second entry
  // of this build it shared esbuild's runtime helpers with the first load through a chunk of its
  // own, a third round of requests before Main.
  esm: { ...common, plugins: [...common.plugins, wordsLoadBeside, lazyBesideEntry('elements/index.ts'), foldFirstChunkAfter('stytch-ui.js')], entryPoints: { 'stytch-ui': 'elements/index.ts' }, format: 'esm', splitting: true, chunkNames: 'chunks/[name]-[hash]' },
  wordsLoad: { ...common, entryPoints: { [WORDS_LOAD]: 'screens/i18n/load.ts' }, format: 'esm', splitting: true, chunkNames: 'chunks/[name]-[hash]' },
  reactExternal: {
    ...common,
    plugins: [...common.plugins, lazyBesideEntry('elements/index.ts'), foldFirstChunkAfter('stytch-ui.react-external.js')],
    entryPoints: { 'stytch-ui.react-external': 'elements/index.ts' },
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks-rx/[name]-[hash]',
    external: REACT,
  },
  iife: { ...common, plugins: [...common.plugins, wordsLoadBeside], entryPoints: { 'stytch-ui.iife': 'elements/iife.ts' }, format: 'iife', globalName: 'StytchUI' },
  client: { ...common, entryPoints: { client: 'client/index.ts' }, format: 'esm', splitting: false },
  b2bClient: { ...common, entryPoints: { 'b2b-client': 'client/b2b/index.ts' }, format: 'esm', splitting: false },
  // <stytch-b2b-ui> and mountB2B: an entry of its own, so the B2C entry does not carry the B2B screens.
  b2b: { ...common, entryPoints: { 'stytch-ui.b2b': 'elements/b2b/index.ts' }, format: 'esm', splitting: true, chunkNames: 'chunks-b2b/[name]-[hash]' },
  // The official UI's names over this widget (stytch-ui/compat): defines no tag on import.
  compat: { ...common, plugins: [...common.plugins, lazyBesideEntry('elements/compat.ts'), foldFirstChunkAfter('stytch-ui.compat.js')], entryPoints: { 'stytch-ui.compat': 'elements/compat.ts' }, format: 'esm', splitting: true, chunkNames: 'chunks-compat/[name]-[hash]' },
};

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
 * dist/, which the library's builds rewrite file by file (and the fold step rewrites each entry
 * after esbuild has written it): hosts that watched dist/ themselves bundled it half-written and
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
  const libraryTracker = {
    name: 'library-tracker',
    setup(build) {
      let ended = false;
      build.onStart(() => {
        lib.running++;
        lib.generation++;
      });
      // Registered last, so it runs after the fold step has rewritten the entry.
      build.onEnd(() => {
        lib.running--;
        if (!ended) {
          ended = true;
          firstRoundLeft--;
        }
        if (lib.running > 0) return;
        for (const wake of lib.waiters.splice(0)) wake();
        hostRound = Promise.all(hostContexts.map((ctx) => ctx.rebuild().catch(() => {})));
        if (firstRoundLeft === 0) firstRoundDone();
      });
    },
  };
  const libraryContexts = await Promise.all(
    Object.values(library).map((o) => esbuild.context({ ...watchOptions(o), write: false, plugins: [writeOutputs, ...(o.plugins ?? []), libraryTracker] })),
  );
  hostContexts = await Promise.all(Object.values(hosts).map((o) => esbuild.context(hostWatchOptions(o, { idle: hostIdle, generation: () => lib.generation, report }))));
  // watch() starts with a build of its own: that is the first round.
  await Promise.all(libraryContexts.map((ctx) => ctx.watch()));
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

/**
 * With `lazyBesideEntry`, the entry file is only a facade over the one chunk holding the first
 * load, a request the browser finds only once the facade has arrived. This moves that chunk's
 * code into the entry file itself (the lazy chunks then import it from there), so the first
 * load is one file found by the page. The metafile is updated to match (bench:size reads it).
 */
function foldFirstChunk(entryFile, meta) {
  const facade = readFileSync(entryFile, 'utf8');
  const named = /import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)";/.exec(facade);
  if (!named) throw new Error(`foldFirstChunk: ${entryFile} imports no chunk`);
  const bindings = (list) => list.split(',').map((b) => b.trim()).filter(Boolean).map((b) => b.split(/\s+as\s+/));
  const chunkFile = join(dirname(entryFile), named[2]);
  // facade local name -> the chunk's exported name
  const fromChunk = new Map(bindings(named[1]).map(([exp, local]) => [local ?? exp, exp]));
  const publicExports = bindings(/export\s*\{([^}]*)\};?/.exec(facade)[1]).map(([local, exp]) => [exp ?? local, local]);
  const sideImports = [...facade.matchAll(/import\s*"(\.\/[^"]+)";/g)].map((m) => m[0]);
  let code = readFileSync(chunkFile, 'utf8');
  const exportClause = /export\s*\{([^}]*)\};\s*(\/\*![^*]*\*\/\s*)?\/\/# sourceMappingURL=[^\n]*\n?$/.exec(code);
  if (!exportClause) throw new Error(`foldFirstChunk: no export clause at the end of ${chunkFile}`);
  const chunkExports = new Map(bindings(exportClause[1]).map(([local, exp]) => [exp ?? local, local]));
  const moreExports = [];
  for (const [exp, facadeLocal] of publicExports) {
    const local = chunkExports.get(fromChunk.get(facadeLocal));
    // Unminified, the chunk may already export a public name itself.
    if (chunkExports.has(exp)) {
      if (chunkExports.get(exp) !== local) throw new Error(`foldFirstChunk: ${exp} is exported twice from ${entryFile}`);
      continue;
    }
    moreExports.push(`${local} as ${exp}`);
  }
  code = code.slice(0, exportClause.index) + `export{${[...bindings(exportClause[1]).map((b) => b.join(' as ')), ...moreExports].join(',')}};\n//# sourceMappingURL=${entryFile.split('/').pop()}.map\n`;
  // Its relative imports of other outputs now start from the entry's folder (externals stay).
  const rebase = (spec) => { if (!existsSync(join(dirname(chunkFile), spec))) return spec; const r = relative(dirname(entryFile), join(dirname(chunkFile), spec)); return r.startsWith('.') ? r : `./${r}`; };
  code = code.replace(/(from|import)\s*(\(?)\s*"(\.{1,2}\/[^"]+\.js)"/g, (_, kw, paren, spec) => `${kw}${paren}"${rebase(spec)}"`);
  writeFileSync(entryFile, sideImports.join('') + code);
  // The chunk's source map, its sources rebased the same way.
  const map = JSON.parse(readFileSync(`${chunkFile}.map`, 'utf8'));
  map.sources = map.sources.map((src) => relative(dirname(entryFile), join(dirname(chunkFile), src)));
  writeFileSync(`${entryFile}.map`, JSON.stringify(map));
  if (existsSync(`${chunkFile}.LEGAL.txt`)) writeFileSync(`${entryFile}.LEGAL.txt`, readFileSync(`${chunkFile}.LEGAL.txt`));
  rmSync(chunkFile);
  rmSync(`${chunkFile}.map`);
  rmSync(`${chunkFile}.LEGAL.txt`, { force: true });
  // Every other output imports the entry where it imported the chunk.
  const outFolder = dirname(entryFile);
  const chunkName = chunkFile.split('/').pop();
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith('.js') ? [join(dir, d.name)] : []));
  for (const file of walk(outFolder)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(chunkName)) continue;
    let target = relative(dirname(file), entryFile);
    if (!target.startsWith('.')) target = `./${target}`;
    writeFileSync(file, text.replace(new RegExp(`"(\\.{1,2}/)+(chunks[^/"]*/)?${chunkName.replace(/[.]/g, '\\.')}"`, 'g'), JSON.stringify(target)));
  }
  const chunkOut = meta.outputs[chunkFile];
  const entryOut = meta.outputs[entryFile];
  entryOut.imports = [...entryOut.imports.filter((i) => i.path !== chunkFile), ...chunkOut.imports];
  entryOut.inputs = chunkOut.inputs;
  entryOut.bytes = Buffer.byteLength(readFileSync(entryFile));
  delete meta.outputs[chunkFile];
  delete meta.outputs[`${chunkFile}.map`];
  for (const out of Object.values(meta.outputs)) for (const i of out.imports ?? []) if (i.path === chunkFile) i.path = entryFile;
}

/** Runs `foldFirstChunk` after every build of `entryName`, watch mode's rebuilds included. */
function foldFirstChunkAfter(entryName) {
  return { name: 'fold-first-chunk', setup(build) { build.onEnd((result) => { if (result.errors.length === 0 && result.metafile) foldFirstChunk(`${outdir}/${entryName}`, result.metafile); }); } };
}

function buildTypes() {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('type declarations failed');
}

/** `--watch` and `npm start`: a clean dist/, the Node outputs once, then `watchAll` (its first round is the build). */
export async function buildAndWatch() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await Promise.all(Object.values(nodeBuilds).map((o) => esbuild.build(o)));
  chmodSync(`${outdir}/cli.js`, 0o755);
  return watchAll();
}

async function main() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  if (watch) {
    await buildAndWatch();
    console.log('build: watching the library and the host apps');
    return;
  }
  const all = { ...builds, ...nodeBuilds };
  const results = await Promise.all(Object.values(all).map((o) => esbuild.build(o)));
  const names = Object.keys(all);
  results.forEach((r, i) => writeFileSync(`${outdir}/meta-${names[i]}.json`, JSON.stringify(r.metafile)));
  // The package's command runs from a linked checkout too (npm sets the mode only when it installs).
  chmodSync(`${outdir}/cli.js`, 0o755);
  const hosts = await Promise.all(Object.values(hostBuilds).map((o) => esbuild.build(o)));
  const hostNames = Object.keys(hostBuilds);
  hosts.forEach((r, i) => writeFileSync(`hosts/dist/meta-${hostNames[i]}.json`, JSON.stringify(r.metafile)));
  if (!args.has('--no-types')) buildTypes();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}
