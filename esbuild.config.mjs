// The one build script: `node esbuild.config.mjs [--dev] [--watch] [--no-types]`.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

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

const common = {
  plugins: [pureHoistStatics],
  bundle: true,
  sourcemap: true,
  minify: !dev,
  target: ['es2022', 'chrome100', 'firefox100', 'safari15.4'],
  jsx: 'automatic',
  jsxImportSource: '@emotion/react',
  legalComments: 'linked',
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  logLevel: 'warning',
  metafile: true,
  outdir,
};

const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/** Each output of dist/, with a stable name. */
export const builds = {
  esm: { ...common, entryPoints: { 'stytch-ui': 'elements/index.ts' }, format: 'esm', splitting: true, chunkNames: 'chunks/[name]-[hash]' },
  reactExternal: {
    ...common,
    entryPoints: { 'stytch-ui.react-external': 'elements/index.ts' },
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks-rx/[name]-[hash]',
    external: REACT,
  },
  iife: { ...common, entryPoints: { 'stytch-ui.iife': 'elements/index.ts' }, format: 'iife', globalName: 'StytchUI' },
  client: { ...common, entryPoints: { client: 'client/index.ts' }, format: 'esm', splitting: false },
};

function buildTypes() {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('type declarations failed');
}

async function main() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  if (watch) {
    for (const [name, options] of Object.entries(builds)) {
      const ctx = await esbuild.context(options);
      await ctx.watch();
      console.log(`build: watching ${name}`);
    }
    return;
  }
  const results = await Promise.all(Object.values(builds).map((o) => esbuild.build(o)));
  const names = Object.keys(builds);
  results.forEach((r, i) => writeFileSync(`${outdir}/meta-${names[i]}.json`, JSON.stringify(r.metafile)));
  if (!args.has('--no-types')) buildTypes();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}
