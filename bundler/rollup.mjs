// The Rollup builds of esbuild.config.mjs (`bundler: 'rollup'`: the widget files and the headless
// clients), from their esbuild-shaped options: Rollup bundles and chunks, esbuild transforms each
// module (TypeScript, JSX, defines) and minifies each chunk.
//
// Why Rollup: esbuild places a module by the set of entries and dynamic imports that reach it,
// so what an entry shares with its lazy flows came out as many small chunks fetched before the
// first paint. Rollup knows that a dynamic import only runs once its importer has loaded, so a
// module the entry already has stays in the entry; `preserveEntrySignatures: 'allow-extension'`
// lets the entry export those modules to the lazy chunks (instead of a facade over one shared
// chunk). The first load is then the entry file alone, with nothing rewritten after the bundler.
import { resolve as resolvePath, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { rollup, watch as rollupWatch } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import dynamicImportVars from '@rollup/plugin-dynamic-import-vars';

const cwd = process.cwd();
const rel = (p) => relative(cwd, p).split('\\').join('/');

/** esbuild's `external` patterns ('react', 'react/*') as a Rollup `external` test. */
function externalTest(patterns = []) {
  return (id) => patterns.some((p) => (p.endsWith('/*') ? id.startsWith(p.slice(0, -1)) : id === p));
}

/**
 * esbuild transforms each module: TypeScript and JSX for ours; for packages, the build's
 * defines with dead branches dropped, before @rollup/plugin-commonjs reads them (React's
 * `process.env.NODE_ENV` switch then requires only the build's own mode).
 */
function esbuildTransform(o) {
  return {
    name: 'esbuild-transform',
    async transform(code, id) {
      const m = /\.(tsx?|[cm]?js|jsx)$/.exec(id.split('?')[0]);
      if (!m || id.startsWith('\0')) return null;
      const pkg = id.includes('/node_modules/');
      const loader = m[1] === 'tsx' ? 'tsx' : m[1] === 'ts' ? 'ts' : m[1] === 'jsx' ? 'jsx' : 'js';
      const r = await esbuild.transform(code, {
        loader,
        sourcefile: id,
        sourcemap: 'external',
        target: o.target,
        define: o.define,
        jsx: o.jsx,
        jsxImportSource: o.jsxImportSource,
        minifySyntax: pkg,
        // Legal comments stay attached to their code until the chunk is minified.
        legalComments: 'inline',
      });
      for (const w of r.warnings) this.warn(w.text);
      return { code: r.code, map: r.map };
    },
  };
}

/**
 * The first line of an entry file: asks V8 (Chrome 136 on) to compile every function of the
 * file at once, on the thread that parses it while it downloads, instead of each on the main
 * thread when first called. An entry holds React and the first screen, nearly all of which runs
 * before Main appears; the lazy flows' chunks stay lazily compiled. Elsewhere it is a comment.
 * It must be the file's very first line.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * esbuild minifies each chunk; legal comments go to `<file>.LEGAL.txt`, linked from the file.
 * A widget's entry (`widget: true`) starts with COMPILE_HINT; a headless client's does not.
 */
function esbuildMinify(o) {
  return {
    name: 'esbuild-minify',
    async renderChunk(code, chunk, options) {
      // A module's top-level names are its own to rename; a script's (the IIFE's global) are not.
      const r = await esbuild.transform(code, {
        minify: true,
        format: options.format === 'es' ? 'esm' : undefined,
        target: o.target,
        sourcemap: 'external',
        sourcefile: chunk.fileName,
        legalComments: 'external',
      });
      let out = r.code;
      if (r.legalComments?.trim()) {
        const name = `${chunk.fileName}.LEGAL.txt`;
        this.emitFile({ type: 'asset', fileName: name, source: r.legalComments });
        out += `/*! For license information please see ${name.split('/').pop()} */\n`;
      }
      if (!chunk.isEntry || !o.widget) return { code: out, map: r.map };
      // One line more above the code: every mapping moves down one line.
      const map = JSON.parse(r.map);
      map.mappings = `;${map.mappings}`;
      return { code: `${COMPILE_HINT}\n${out}`, map };
    },
  };
}

/**
 * Dynamic imports esbuild.config.mjs sends to a file of another build, beside the entry
 * (`{ './load.ts': 'words-load.js' }` from `screens/i18n/words.ts`): written as `./words-load.js`
 * (Rollup would write an absolute external relative to the sources' folder, not the output's).
 * That path is right only from a file at the top of the output folder, an entry's: a chunk
 * further down that imports one fails the build rather than load the wrong URL.
 */
function dynamicBeside(map, outdir) {
  const ids = new Map(map.map((b) => [resolvePath(outdir, b.file), `./${b.file}`]));
  const rendered = new Set(ids.values());
  return {
    name: 'dynamic-beside',
    resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string' || !importer) return null;
      const beside = map.find((b) => b.specifier === specifier && b.importer.test(importer));
      return beside ? { id: resolvePath(outdir, beside.file), external: true } : null;
    },
    outputOptions(options) {
      return { ...options, paths: (id) => ids.get(id) ?? id };
    },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.fileName.includes('/')) continue;
        const path = chunk.dynamicImports.find((i) => rendered.has(i) || ids.has(i));
        if (path) this.error(`${chunk.fileName} imports ${ids.get(path) ?? path}, which is beside the entry, not beside it`);
      }
    },
  };
}

/**
 * The React a widget file bundles (`reactFrom`: a folder with its own node_modules, see
 * tools/widget-react): every import of react, react-dom or scheduler, ours and the packages'
 * (jotai, @emotion/react, @r2wc), is resolved from there, so the file holds one React.
 */
function reactFrom(folder) {
  const from = resolvePath(cwd, folder, 'package.json');
  return {
    name: 'react-from',
    resolveId(id, _importer, options) {
      if (!/^(react|react-dom|scheduler)(\/|$)/.test(id)) return null;
      // skipSelf: the other resolvers find it from that folder; this one is not asked again.
      return this.resolve(id, from, { ...options, skipSelf: true });
    },
  };
}

/** The Rollup input and output options of one build, from its esbuild-shaped options. */
function rollupOptions(o) {
  const input = {
    input: o.entryPoints,
    external: externalTest(o.external),
    preserveEntrySignatures: 'allow-extension',
    // Packages the build declares free of side effects (`sideEffectsFree`): an unused import of
    // one drops out, with the modules it alone imports (Rollup's wrappers of a CommonJS module
    // carry its path too).
    treeshake: { moduleSideEffects: (id) => !(o.sideEffectsFree ?? []).some((p) => id.includes(`/node_modules/${p}/`)) },
    onwarn(w, warn) {
      // Packages' "use client" directives (and the failed look-up of where they were, once esbuild
      // has moved them) are harmless in a browser bundle.
      if (w.code === 'MODULE_LEVEL_DIRECTIVE' || (w.code === 'SOURCEMAP_ERROR' && w.id?.includes('/node_modules/'))) return;
      warn(w);
    },
    plugins: [
      dynamicBeside(o.dynamicBeside ?? [], o.outdir),
      ...(o.reactFrom ? [reactFrom(o.reactFrom)] : []),
      nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'], exportConditions: ['browser', 'module', 'import', 'default'] }),
      esbuildTransform(o),
      // A dynamic import with a variable part (`./locales-b2b/${tag}.ts`) becomes one chunk per
      // matching file, chosen at run time; Rollup alone would leave it pointing at the sources.
      dynamicImportVars({ include: ['**/screens/**'], errorWhenNoFilesFound: true }),
      // React's CommonJS requires nothing in a cycle or conditionally (once the defines are
      // folded), so its requires can be hoisted as imports, without a lazy wrapper per module.
      commonjs({ extensions: ['.js', '.cjs'], strictRequires: false }),
    ],
  };
  const script = o.format === 'iife';
  const output = {
    dir: o.outdir,
    // The script tag's build is one file: its flows inlined, its global named by `globalName`.
    format: script ? 'iife' : 'es',
    ...(script ? { name: o.globalName, inlineDynamicImports: true } : {}),
    entryFileNames: '[name].js',
    chunkFileNames: `${o.chunkNames}.js`,
    sourcemap: Boolean(o.sourcemap),
    plugins: o.minify ? [esbuildMinify(o)] : [],
  };
  return { input, output };
}

/**
 * What Rollup reports of the written bundle, in the shape of esbuild's metafile (`outputs`
 * with each file's `imports`, static or dynamic, and the `inputs` it holds), so bench/size.mjs
 * and the build checks read every build the same way.
 */
function metafileOf(output, outdir) {
  const files = new Set(output.map((o) => o.fileName));
  const at = (f) => rel(resolvePath(outdir, f));
  const moduleId = (id) => (id.startsWith('\0') ? id : rel(id));
  const inputs = {};
  const outputs = {};
  for (const o of output) {
    if (o.type !== 'chunk') {
      outputs[at(o.fileName)] = { bytes: Buffer.byteLength(o.source), imports: [], inputs: {} };
      continue;
    }
    const imp = (kind) => (f) => (files.has(f) ? { path: at(f), kind } : { path: f, kind, external: true });
    outputs[at(o.fileName)] = {
      bytes: Buffer.byteLength(o.code),
      ...(o.isEntry && o.facadeModuleId ? { entryPoint: rel(o.facadeModuleId) } : {}),
      imports: [...o.imports.map(imp('import-statement')), ...o.dynamicImports.map(imp('dynamic-import'))],
      exports: o.exports,
      inputs: Object.fromEntries(Object.entries(o.modules).map(([id, m]) => [moduleId(id), { bytesInOutput: m.renderedLength }])),
    };
    for (const [id, m] of Object.entries(o.modules)) inputs[moduleId(id)] = { bytes: m.originalLength, imports: [] };
  }
  return { inputs, outputs };
}

/** Bundles one build and writes its files (`write`) or only generates them; resolves to Rollup's output. */
async function bundle(o, write) {
  const { input, output } = rollupOptions(o);
  const bundle = await rollup(input);
  try {
    return (write ? await bundle.write(output) : await bundle.generate(output)).output;
  } finally {
    await bundle.close();
  }
}

/** Builds one output: writes its files, returns its metafile. `write: false` only generates. */
export async function buildWithRollup(o, { write = true } = {}) {
  return metafileOf(await bundle(o, write), o.outdir);
}

/** One build's files as it would write them (name to code and source map), nothing written: for the build checks. */
export async function rollupFiles(o) {
  return (await rollupOutput(o)).files;
}

/**
 * One build's files and its metafile from a single bundle, nothing written: the build checks
 * read both, and bundling each production build once per check file (not once per check) is
 * most of their time.
 */
export async function rollupOutput(o) {
  const output = await bundle(o, false);
  const files = new Map();
  for (const f of output) if (f.type === 'chunk') files.set(f.fileName, { code: f.code, map: f.map, isEntry: f.isEntry });
  return { files, metafile: metafileOf(output, o.outdir) };
}

/** Rebuilds one output on every change (npm start, bundler/watch.mjs); returns what stops it. */
export function watchWithRollup(o, name, { onStart = () => {}, onEnd = () => {} } = {}) {
  const { input, output } = rollupOptions(o);
  const watcher = rollupWatch({ ...input, output, watch: { clearScreen: false } });
  // One onEnd per onStart: a round ends with END, or with ERROR (then no END follows).
  let running = false;
  const end = () => {
    if (!running) return;
    running = false;
    onEnd();
  };
  watcher.on('event', (e) => {
    if (e.code === 'START') {
      running = true;
      onStart();
    }
    if (e.code === 'ERROR') console.error(`build: ${name}: ${e.error.message}`);
    if (e.result) e.result.close();
    if (e.code === 'END' || e.code === 'ERROR') end();
  });
  return { dispose: () => watcher.close() };
}
