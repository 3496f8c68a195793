// The watch builds of `npm start` (esbuild.config.mjs `watchAll`): the library's builds and the
// host apps, which bundle the library's output, rebuilt on every change without a host ever
// reading dist/ half-written.
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { watchWithRollup } from './rollup.mjs';

/**
 * The options a build is watched with: unminified, development React, and every other define
 * kept (dropping the Vue feature flags made Vue warn on every load).
 */
export function watchOptions(options) {
  return { ...options, minify: false, define: { ...options.define, 'process.env.NODE_ENV': '"development"' } };
}

/**
 * Watches the library's builds (`library`) and the host apps (`hosts`). The hosts bundle dist/,
 * which the library's builds rewrite file by file (Rollup's watch and esbuild's): hosts that
 * watched dist/ themselves bundled it half-written and printed "No matching export in
 * dist/stytch-ui.js" by the hundred. So a host build starts only once no library build is under
 * way, reads dist/ without watching it (`packages`: the package names a host imports, and the
 * file of dist/ each stands for), the library's end triggers the hosts instead, and a host build
 * a library build overlapped is redone, not reported. Resolves once the first round (library,
 * then hosts) has settled.
 */
export async function watchLibraryAndHosts({ library, hosts, packages, report = printMessages, onHostWait = () => {} }) {
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
  // A Rollup build is a Rollup watcher, which starts at once; the others are esbuild contexts,
  // which start with watch() below. Both report their start and end to the tracker.
  const libraryContexts = await Promise.all(
    Object.entries(library).map(([name, o]) =>
      o.bundler === 'rollup'
        ? watchWithRollup(watchOptions(o), name, trackerHooks())
        : esbuild.context({ ...watchOptions(o), write: false, plugins: [writeOutputs, ...(o.plugins ?? []), libraryTracker] }),
    ),
  );
  hostContexts = await Promise.all(Object.values(hosts).map((o) => esbuild.context(hostWatchOptions(o, packages, { idle: hostIdle, generation: () => lib.generation, report }))));
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
 * Writes every output of a `write: false` build, each to a temporary file renamed into place: a
 * reader (a host build, a page reloaded meanwhile) never sees half a file.
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
function hostWatchOptions(options, packages, { idle, generation, report }) {
  const { alias = {}, ...rest } = watchOptions(options);
  const packageNames = Object.keys(packages);
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
      build.onResolve({ filter: names }, (args) => ({ path: join(root, alias[args.path] ?? packages[args.path]), namespace: DIST_NS }));
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
