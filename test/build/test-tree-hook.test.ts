import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const HOOK = fileURLToPath(new URL('../support/test-tree-hook.mjs', import.meta.url));

/** Runs `source` as a test file the way npm test runs one (the hook preloaded); its TAP and exit code. */
function runWithHook(source: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'tree-hook-')), 'sample.test.mjs');
  writeFileSync(file, source);
  // Without the runner's own NODE_TEST_CONTEXT, which would make the child report to this run.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--import', HOOK, '--test', '--test-reporter=tap', file], { encoding: 'utf8', env });
  return { tap: r.stdout, status: r.status };
}

describe("npm test's preload of node:test's suite hook (test/support/test-tree-hook.mjs)", () => {
  it('keeps each test, hook and nested suite in the suite that declared it, after awaits in the tests', () => {
    const { tap, status } = runWithHook(`import { after, before, describe, it } from 'node:test';
const seen = [];
describe('outer', () => {
  before(async () => { await new Promise((r) => setTimeout(r, 5)); seen.push('before'); });
  after(() => { if (seen.join() !== 'before,one,two') throw new Error('order ' + seen.join()); console.log('# after ran'); });
  it('one', async () => { await Promise.resolve(); seen.push('one'); });
  describe('inner', () => {
    it('two', async () => { await new Promise((r) => setTimeout(r, 5)); seen.push('two'); });
  });
});`);
    assert.equal(status, 0, tap);
    // Nested by indentation: the tests inside outer, two inside inner.
    assert.match(tap, /^ {4}ok 1 - one$/m);
    assert.match(tap, /^ {8}ok 1 - two$/m);
    assert.match(tap, /^ {4}ok 2 - inner$/m);
    assert.match(tap, /^ok 1 - outer$/m);
    assert.match(tap, /# after ran/);
  });

  it('still fails the file on an error thrown outside any test, after an await in a test', () => {
    const { tap, status } = runWithHook(`import { describe, it } from 'node:test';
describe('suite', () => {
  it('throws later', async () => {
    await Promise.resolve();
    setTimeout(() => { throw new Error('late boom'); }, 1);
    await new Promise((r) => setTimeout(r, 20));
  });
});`);
    assert.notEqual(status, 0, tap);
    assert.match(tap, /late boom/);
  });
});
