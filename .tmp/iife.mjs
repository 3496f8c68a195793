import { builds } from '../esbuild.config.mjs';
import { rollupOptions } from '../scripts/lib/widget-build.mjs';
import { rollup } from 'rollup';
import { gzipSync } from 'node:zlib';
const o = { ...builds.esm, entryPoints: { 'stytch-ui.iife': 'elements/iife.ts' } };
const { input, output } = rollupOptions(o);
const b = await rollup(input);
const r = await b.generate({ ...output, format: 'iife', name: 'StytchUI', inlineDynamicImports: true, sourcemap: false });
for (const c of r.output) if (c.type === 'chunk') console.log(c.fileName, c.code.length, gzipSync(c.code, { level: 9 }).length, c.dynamicImports, c.code.match(/.{60}words-load.{30}/)?.[0]);
