import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

// Two esbuilds were installed (the test runner's plugin pulled an older one): twice the
// download and two binaries for one job. package.json's overrides give it the project's own.
describe('installed dependencies', () => {
  it('one esbuild version in the lock file, the one package.json asks for', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, { version?: string }> };
    const versions = new Set(
      Object.entries(lock.packages)
        .filter(([path]) => /(^|\/)node_modules\/esbuild$/.test(path))
        .map(([, p]) => p.version),
    );
    assert.deepEqual([...versions], [lock.packages['node_modules/esbuild']!.version]);
  });
});
