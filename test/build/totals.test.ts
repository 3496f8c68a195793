import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countPlaywright, countTap, tally } from '../../scripts/lib/totals.mjs';

describe("npm test's totals", () => {
  it('count the tests node --test skipped or left as todo as "did not run", beside passed and failed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'totals-'));
    const file = join(dir, 'sample.test.mjs');
    writeFileSync(
      file,
      `import { it } from 'node:test';
it('passes', () => {});
it('is skipped', { skip: 'no database' }, () => {});
it('is todo', { todo: true }, () => {});
it('fails', () => { throw new Error('no'); });`,
    );
    // Without the runner's own NODE_TEST_CONTEXT, which would make the child report to this run.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const tap = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], { encoding: 'utf8', env }).stdout;
    // node counts a todo test as passed too; it still did not run as a test that can fail.
    const counts = countTap(tap);
    assert.equal(counts.failed, 1);
    assert.equal(counts.skipped, 2);
    assert.match(tally(counts), /^\d+ passed, 1 failed, 2 did not run$/);
  });

  it('count the tests Playwright did not run (skipped, or left after a failure)', () => {
    const counts = countPlaywright({ expected: 250, flaky: 1, unexpected: 1, skipped: 7 });
    assert.equal(tally(counts), '251 passed, 1 failed, 7 did not run');
  });

  it('keep the last line as it was when every test ran', () => {
    assert.equal(tally({ passed: 12, failed: 0, skipped: 0 }), '12 passed, 0 failed');
  });
});
