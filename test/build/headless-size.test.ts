import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { builds } from '../../esbuild.config.mjs';

/**
 * The headless clients' budgets (bench/RESULTS.md): gzip level 9 of the production file. 15.5 KB
 * since the React hooks' `getInfo()` (fromCache) and the shared clientside-services page (the B2B
 * widget's MFA phone field) took the B2C client 34 bytes past 15 KB; the official headless client
 * is 17.2 KB.
 */
const BUDGET_GZIP = 15.5 * 1024;

/** The production output of one build, in memory (dist/ is left alone). */
async function gzipSize(name: string): Promise<number> {
  const r = await esbuild.build({ ...(builds as Record<string, esbuild.BuildOptions>)[name], write: false, sourcemap: false, metafile: false, legalComments: 'none' });
  const js = r.outputFiles.find((f) => f.path.endsWith('.js'))!;
  return gzipSync(js.contents, { level: 9 }).length;
}

describe('headless client size budgets', () => {
  for (const name of ['client', 'b2bClient'] as const) {
    it(`${name}: at most 15.5 KB gzip`, async (t) => {
      if (!(name in builds)) return t.skip(`no ${name} build`);
      const size = await gzipSize(name);
      t.diagnostic(`${name}: ${size} bytes gzip`);
      assert.ok(size <= BUDGET_GZIP, `${name} is ${(size / 1024).toFixed(2)} KB gzip, over the 15.5 KB budget`);
    });
  }
});
