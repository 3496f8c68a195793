import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { builds, COMPILE_HINT, generate, generateFiles } from '../../esbuild.config.mjs';

/**
 * The headless clients' budgets (bench/RESULTS.md): gzip level 9 of the production entry file.
 * 10 KB since the B2C calls' code loads with its checks (client.js 8.0 KB, b2b-client.js 9.7 KB);
 * 13 KB when only the checks did (client.js 12.2 KB), 16 KB before (15.5 KB). The official
 * headless client is 17.2 KB.
 */
const BUDGET_GZIP = 10 * 1024;

/** The production entry file of one build, in memory (dist/ is left alone). */
async function entryCode(name: 'client' | 'b2bClient'): Promise<string> {
  const files = await generateFiles(builds[name]);
  const entries = [...files.values()].filter((f) => f.isEntry);
  assert.equal(entries.length, 1);
  return entries[0]!.code;
}

describe('headless client size budgets', () => {
  for (const name of ['client', 'b2bClient'] as const) {
    it(`${name}: at most 10 KB gzip`, async (t) => {
      const code = await entryCode(name);
      // Most of a client's methods do not run on load: no compile-everything hint (bench/RESULTS.md).
      assert.ok(!code.startsWith(COMPILE_HINT), `${name} compiles lazily`);
      const size = gzipSync(code, { level: 9 }).length;
      t.diagnostic(`${name}: ${size} bytes gzip`);
      assert.ok(size <= BUDGET_GZIP, `${name} is ${(size / 1024).toFixed(2)} KB gzip, over the 10 KB budget`);
    });
  }

  it("client: runs from client.js alone; the request schemas, valibot, the check and the calls' code come as one chunk when a call needs them", async () => {
    const meta = await generate(builds.client);
    const [file, entry] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint)!;
    assert.deepEqual(
      entry.imports.filter((i) => i.kind === 'import-statement'),
      [],
      `${file} imports nothing before it runs`,
    );
    const inEntry = Object.keys(entry.inputs);
    const calls = [/^client\/api\/(magic-links|otps|oauth|passwords|webauthn|factors)\.ts$/, /^client\/phone\/(services|channel|parse|dial-codes)\.ts$/];
    for (const lazy of [/^client\/schemas\/requests\.ts$/, /node_modules\/valibot\//, /^client\/core\/validate\.ts$/, ...calls]) {
      assert.ok(!inEntry.some((k) => lazy.test(k)), `${lazy} is not in ${file}`);
    }
    const chunks = entry.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path);
    assert.equal(chunks.length, 1, `${file} loads one chunk on demand`);
    const held = Object.keys(meta.outputs[chunks[0]!]!.inputs);
    assert.ok(held.includes('client/schemas/requests.ts') && held.includes('client/core/validate.ts'), `${chunks[0]} holds the schemas and the check`);
    for (const code of calls)
      assert.ok(
        held.some((k) => code.test(k)),
        `${chunks[0]} holds ${code}`,
      );
  });
});
