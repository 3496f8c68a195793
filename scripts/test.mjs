// `npm test`: every suite, then one line `N passed, N failed` totalling them all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findTestChromium } from './lib/chromium.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { countPlaywright, countTap, tally } from './lib/totals.mjs';

const began = performance.now();
let installed = ensureDeps();
let installMs = performance.now() - began;
const { chrome, full } = findTestChromium();
const env = { ...process.env, CHROME_PATH: chrome, CHROME_FULL_PATH: full, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const results = '.test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2);
const totals = [];

/** Wall time of the command `run` started last: each suite's record measures its own command. */
let startedAt = performance.now();

function run(cmd, args) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  startedAt = performance.now();
  return spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
}

/**
 * Runs a command beside others: its output is printed whole when it ends, so two commands'
 * lines never interleave. Resolves to its exit status and its time.
 */
function runBuffered(cmd, args) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => (output += `${e.message}\n`));
    child.on('close', (code) => {
      console.log(`\n$ ${[cmd, ...args].join(' ')}\n${output.trimEnd()}`);
      resolve({ status: code ?? 1, ms: performance.now() - t0 });
    });
  });
}

/** Checks that each keep about one core busy, side by side: `[name, cmd, args]` each, recorded under its name with its own time. */
async function runSideBySide(jobs) {
  const ended = await Promise.all(jobs.map(([, cmd, args]) => runBuffered(cmd, args)));
  ended.forEach(({ status, ms }, i) => record(jobs[i][0], status, status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, ms));
}

/** 65.2 s, or 4m 05s past a minute. */
function duration(ms) {
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)}m ${String(Math.round(s % 60)).padStart(2, '0')}s`;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Records a suite; a suite that exits non-zero never counts as all-passed. `skipped` counts the
 * tests that did not run (skipped, todo, or never reached after a failure), so a test that
 * silently stopped running shows in the table and the last line.
 */
function record(name, status, counts, ms = performance.now() - startedAt) {
  const c = { passed: 0, failed: 0, skipped: 0, ...counts };
  if (status !== 0 && c.failed === 0) c.failed = 1;
  totals.push({ name, ...c, ms });
  console.log(`${name}: ${tally(c)} (${duration(ms)})`);
}

function files(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p, pattern) : pattern.test(f) ? [p] : [];
  });
}

/**
 * Runs node --test over `list`, `concurrency` files at a time (each in its own process),
 * recording its pass and fail counts from the TAP file.
 */
function nodeTests(name, list, concurrency = 1) {
  const tap = join(results, `${name}.tap`);
  const status = run(process.execPath, [
    '--import',
    'tsx',
    // node:test's suite-finding hook, on only while tests are declared (the file says why).
    '--import',
    './test/support/test-tree-hook.mjs',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...list,
  ]);
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  record(name, status, countTap(text));
}

/** The outputs the demo's pages load from dist/ (its host apps come from hosts/dist/, built once). */
const DEMO_OUTPUTS = 'esm,b2b,iife,client,b2bClient,wordsLoad';

const LINT = [process.execPath, ['tools/lint/node_modules/eslint/bin/eslint.js', '.']];
const FORMAT = [process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.']];

/** ESLint has an install of its own (tools/lint); its time goes with npm install's. */
function ensureLintDeps() {
  const t0 = performance.now();
  if (ensureDeps('tools/lint')) {
    installed = true;
    installMs += performance.now() - t0;
  }
}

/**
 * What a file touches beyond its own tests, so it runs in a process of its own: hooks outside
 * any suite (they would run around every file of a group), the environment, process events,
 * mocks and globals.
 */
const SHARES_ITS_PROCESS =
  /^(before|after|beforeEach|afterEach)\(|process\.env\.[A-Z_]+ *(\?\?)?= |process\.env\[[^\]]*\] *=[^=]|delete process\.env|process\.on\(|\bmock\.|globalThis\.[A-Za-z]+ *= /m;
const GROUP = 6;

/**
 * The provider test files as processes: each file that keeps to its own suites shares a process
 * with up to five others (a file of imports in the results folder), the rest run alone. Each
 * process paid about 2.5 CPU-seconds before its first test (tsx's loader, the provider's
 * modules, PGlite's WebAssembly), 83 times a run.
 */
function providerProcesses(list) {
  const alone = list.filter((f) => SHARES_ITS_PROCESS.test(readFileSync(f, 'utf8')));
  const shared = list.filter((f) => !alone.includes(f));
  const dir = join(results, 'provider-groups');
  mkdirSync(dir, { recursive: true });
  const groups = [];
  for (let i = 0; i < shared.length; i += GROUP) {
    const file = join(dir, `group-${groups.length + 1}.test.mjs`);
    writeFileSync(
      file,
      shared
        .slice(i, i + GROUP)
        .map((f) => `import ${JSON.stringify(pathToFileURL(f).href)};\n`)
        .join(''),
    );
    groups.push(file);
  }
  return [...groups, ...alone];
}

const suites = {
  // What a fresh clone meets first: `npm ci` from the committed lock.
  install() {
    nodeTests('install', files('test/install', /\.test\.ts$/).sort());
  },
  typecheck() {
    const t0 = performance.now();
    const status = run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
    // The Next.js host with its framework's types (kept apart: they change Node's global types).
    const next = run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'hosts/next/tsconfig.check.json']);
    // The app written for @stytch/react, its import swapped for stytch-ui/react: our types take it too.
    const swap = run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'hosts/react-sdk/tsconfig.swap.json']);
    const ok = status === 0 && next === 0 && swap === 0;
    // Its time is the three checks'. (Side by side they took as long: tsc keeps more than a core busy.)
    record('typecheck', ok ? 0 : 1, ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, performance.now() - t0);
  },
  architecture() {
    // The import rules of docs/ARCHITECTURE.md, read from the source: fast, so it runs early.
    const status = run(process.execPath, ['--import', 'tsx', '--test', 'test/architecture/imports.test.ts']);
    record('architecture', status, status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  },
  // ESLint and Prettier each keep one core busy: a full run checks both side by side.
  async lint() {
    ensureLintDeps();
    await runSideBySide([['lint', ...LINT], ...(only.length && !only.includes('format') ? [] : [['format', ...FORMAT]])]);
  },
  async format() {
    if (only.length && !only.includes('lint')) await runSideBySide([['format', ...FORMAT]]);
  },
  async build() {
    // The end-to-end tests drive what sites ship: the production build. React's development
    // build cost them a quarter more CPU (215 against 157 CPU-seconds for two specs), and
    // CPU is what the suite waits on. The one spec that reads the console as a newcomer under
    // npm start sees it (demo-console.spec.ts) gets the development build beside it.
    // The two run side by side, the development one with only the outputs the demo loads, and
    // the Next.js host (hosts/next, over the files just built; the e2e suite serves it) follows
    // the production one: 59 s one after another with every output, 40 s so.
    const t0 = performance.now();
    const [built, status] = await Promise.all([
      runBuffered(process.execPath, ['esbuild.config.mjs', '--no-types']).then(async ({ status: prod }) => [prod, prod || (await runBuffered(process.execPath, ['scripts/build-next.mjs'])).status]),
      runBuffered(process.execPath, ['esbuild.config.mjs', '--dev', '--no-types', `--outdir=${join(results, 'dist-dev')}`, `--only=${DEMO_OUTPUTS}`]),
    ]).then(([[prod, next], dev]) => [prod, prod || next || dev.status]);
    // Its time is all three commands'.
    record('build', status, status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, performance.now() - t0);
    // The build scripts' own checks (the options npm start watches with), on the production
    // build just written (test/build/production.ts) when it was.
    // Two files at a time: most of them bundle or type-check on one core each.
    if (built === 0) env.BUILT_DIST = 'dist';
    nodeTests('build checks', files('test/build', /\.test\.ts$/).sort(), 2);
  },
  unit() {
    const status = run(process.execPath, ['node_modules/@web/test-runner/dist/bin.js']);
    record('unit', status, readJson(join(results, 'unit.json')));
  },
  provider() {
    // Each file starts its own providers on ports the system hands out, with databases of
    // their own, so files run side by side: one per core (at least 2). On 2 cores, six files
    // took 109 s one at a time, 89 s two at a time and 102 s four at a time (measured in
    // turns on a shared, loaded machine), and four at a time pushed racing requests past
    // their database timeouts.
    nodeTests('provider', providerProcesses(files('test/provider', /\.test\.ts$/).sort()), Number(process.env.PROVIDER_TEST_CONCURRENCY) || Math.max(2, availableParallelism()));
  },
  e2e() {
    const status = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'test/e2e/playwright.config.ts']);
    const s = readJson(join(results, 'e2e.json'))?.stats;
    record('e2e', status, s ? countPlaywright(s) : undefined);
  },
};

for (const [name, fn] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  // End-to-end tests drive the built bundle.
  if (name === 'e2e' && only.length && !only.includes('build')) await suites.build();
  await fn();
}

const sum = (k) => totals.reduce((n, t) => n + t[k], 0);
const all = { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') };
console.log('');
if (installed) console.log(`  ${'npm install'.padEnd(12)} ${''.padEnd(38)} ${duration(installMs).padStart(8)}`);
for (const t of totals) {
  console.log(`  ${t.name.padEnd(12)} ${tally(t).padEnd(38)} ${duration(t.ms).padStart(8)}`);
}
console.log(`  ${'wall time'.padEnd(12)} ${''.padEnd(38)} ${duration(performance.now() - began).padStart(8)}`);
console.log(tally(all));
process.exit(all.failed > 0 ? 1 : 0);
