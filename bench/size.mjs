// `npm run bench:size`: production build sizes and the login element's initial load.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const build = spawnSync(process.execPath, ['esbuild.config.mjs', '--no-types'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function sizes(files) {
  const buf = Buffer.concat(files.map((f) => readFileSync(f)));
  return {
    raw: buf.length,
    gzip: files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0),
    brotli: files.reduce((n, f) => n + brotliCompressSync(readFileSync(f), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
  };
}

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? (f === 'types' ? [] : walk(p)) : p.endsWith('.js') ? [p] : [];
  });
}

/** Everything fetched before Main renders: the entry and its static imports, not dynamic ones. */
function initialLoad(metaFile, entry) {
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  const seen = new Set();
  const visit = (out) => {
    if (seen.has(out) || !meta.outputs[out]) return;
    seen.add(out);
    for (const imp of meta.outputs[out].imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entry);
  return [...seen];
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const row = (name, s) => console.log(`${name.padEnd(52)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.brotli).padStart(10)}`);

console.log(`\n${'output'.padEnd(52)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const f of walk('dist').sort()) row(relative('dist', f), sizes([f]));

console.log("\nInitial load of each widget (before Main renders), from the build's metafiles");
const widgets = [
  ['<stytch-ui> standalone', 'esm', 'dist/stytch-ui.js'],
  ["react-external, host's React not counted", 'reactExternal', 'dist/stytch-ui.react-external.js'],
  ['<stytch-b2b-ui>', 'b2b', 'dist/stytch-ui.b2b.js'],
  ['stytch-ui/compat', 'compat', 'dist/stytch-ui.compat.js'],
  ['script tag (iife)', 'iife', 'dist/stytch-ui.iife.js'],
];
for (const [label, build, entry] of widgets) {
  const files = initialLoad(`dist/meta-${build}.json`, entry);
  row(`${label} (${files.length} file${files.length === 1 ? '' : 's'})`, sizes(files));
}
row('headless client (dist/client.js)', sizes(['dist/client.js']));
row('headless B2B client (dist/b2b-client.js)', sizes(['dist/b2b-client.js']));
