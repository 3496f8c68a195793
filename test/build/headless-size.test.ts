import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../../esbuild.config.mjs';
import { production } from './production.ts';

/**
 * The headless clients' budgets (bench/RESULTS.md): gzip level 9 of the production entry file.
 * 10 KB since each line's calls' code loads with its checks (client.js 8.2 KB, b2b-client.js 8.1 KB);
 * 13 KB when only the checks did (client.js 12.2 KB), 16 KB before (15.5 KB). The official
 * headless client is 17.2 KB.
 */
const BUDGET_GZIP = 10 * 1024;

/** The production entry file of one build (test/build/production.ts). */
async function entryCode(name: 'client' | 'b2bClient'): Promise<string> {
  const { files } = await production(name);
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

  /**
   * What each client loads on demand: one chunk with its checks (schemas, valibot, check) and its
   * calls' code, and for B2C the phone page's code in a chunk of its own (a phone field asks for
   * its example number as it mounts: it must not bring the checks with it).
   */
  const onDemand = {
    client: {
      checks: ['client/schemas/requests.ts', 'client/core/validate.ts'],
      calls: [/^client\/api\/(magic-links|otps|oauth|passwords|webauthn|factors)\.ts$/],
      apart: [/^client\/phone\/(services|channel|parse|dial-codes)\.ts$/],
    },
    b2bClient: {
      checks: ['client/schemas/b2b-requests.ts', 'client/core/validate.ts'],
      calls: [/^client\/b2b\/(magic-links|otps|mfa|sso|passwords|discovery)\.ts$/],
      apart: [],
    },
  };
  for (const name of ['client', 'b2bClient'] as const) {
    it(`${name}: runs from its file alone; the request schemas, valibot, the check and the calls' code come as one chunk when a call needs them`, async () => {
      const meta = (await production(name)).metafile;
      const [file, entry] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint)!;
      assert.deepEqual(
        entry.imports.filter((i) => i.kind === 'import-statement'),
        [],
        `${file} imports nothing before it runs`,
      );
      const { checks, calls, apart } = onDemand[name];
      const inEntry = Object.keys(entry.inputs);
      for (const lazy of [...checks.map((c) => new RegExp(`^${c.replaceAll('.', '\\.')}$`)), /node_modules\/valibot\//, ...calls, ...apart]) {
        assert.ok(!inEntry.some((k) => lazy.test(k)), `${lazy} is not in ${file}`);
      }
      const chunks = entry.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => Object.keys(meta.outputs[i.path]!.inputs));
      assert.equal(chunks.length, 1 + (apart.length ? 1 : 0), `${file} loads its chunks on demand`);
      const held = chunks.find((inputs) => inputs.includes(checks[0]!))!;
      for (const c of checks) assert.ok(held.includes(c), `the checks' chunk holds ${c}`);
      for (const code of calls)
        assert.ok(
          held.some((k) => code.test(k)),
          `the checks' chunk holds ${code}`,
        );
      for (const code of apart)
        assert.ok(
          chunks.some((inputs) => inputs !== held && inputs.some((k) => code.test(k))),
          `a chunk of its own holds ${code}`,
        );
    });
  }
});
