import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { builds } from '../../esbuild.config.mjs';

/**
 * The headless clients' budgets (bench/RESULTS.md): gzip level 9 of the production file. 16 KB
 * since cross-device magic links (`magicLinks.linkRequests`) and the passkey upgrade's
 * conditional create took the B2C client to 15.63 KB; the official headless client is 17.2 KB.
 */
const BUDGET_GZIP = 16 * 1024;

/** The production output of one build, in memory (dist/ is left alone). */
async function gzipSize(name: string): Promise<number> {
  const r = await esbuild.build({ ...(builds as Record<string, esbuild.BuildOptions>)[name], write: false, sourcemap: false, metafile: false, legalComments: 'none' });
  const js = r.outputFiles.find((f) => f.path.endsWith('.js'))!;
  return gzipSync(js.contents, { level: 9 }).length;
}

describe('headless client size budgets', () => {
  for (const name of ['client', 'b2bClient'] as const) {
    it(`${name}: at most 16 KB gzip`, async (t) => {
      if (!(name in builds)) return t.skip(`no ${name} build`);
      const size = await gzipSize(name);
      t.diagnostic(`${name}: ${size} bytes gzip`);
      assert.ok(size <= BUDGET_GZIP, `${name} is ${(size / 1024).toFixed(2)} KB gzip, over the 16 KB budget`);
    });
  }
});
