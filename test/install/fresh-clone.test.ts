import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import semver from 'semver';

// What a fresh clone installs from: package.json and the lock, nothing else (the project's, and
// the lint tools' own in tools/lint). A user's CI runs `npm ci`, which refuses a lock that lacks
// any package it would install on some platform.

function npmCiDryRun(from = '.'): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-clone-'));
  try {
    for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(from, f), join(dir, f));
    const r = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
    return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a fresh clone', () => {
  const { status, output } = npmCiDryRun();

  it('installs with npm ci: the lock file misses no package', () => {
    assert.deepEqual(
      output.split('\n').filter((l) => /Missing/.test(l)),
      [],
    );
    assert.equal(status, 0, output);
  });

  it('warns about no engine: every package supports the Node we promise', () => {
    const engines = output.split('\n').filter((l) => /EBADENGINE.*package:/.test(l));
    assert.deepEqual(engines, []);
  });

  it('installs nothing required that refuses the oldest Node package.json allows (whatever Node runs this test)', () => {
    const floor = semver.minVersion((JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node)!;
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { optional?: boolean; engines?: { node?: string } }> };
    // Optional packages (platform binaries) are skipped silently where they do not fit.
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => !p.optional && p.engines?.node && !semver.satisfies(floor, p.engines.node))
      .map(([name, p]) => `${name} needs node ${p.engines!.node}`);
    assert.deepEqual(refusing, [], `floor ${floor.version}`);
  });
});

// Issue 52: npm 11 skips a dependency's install script unless package.json's allowScripts names
// it, and a fresh install ended in `npm warn install-scripts` lines. Each one the lock holds is named
// (by name: the lock has no resolved URLs to pin a version to); npm's own review finds none left.
describe('install scripts of a fresh clone', () => {
  for (const dir of ['.', 'tools/lint'])
    it(`${dir}: every package of the lock with an install script is declared in allowScripts`, () => {
      const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
      const allowed = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
      const scripted = Object.entries(lock.packages)
        .filter(([, p]) => p.hasInstallScript)
        .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
      assert.deepEqual(
        scripted.filter((name) => allowed[name] === undefined),
        [],
      );
    });

  it('npm install-scripts ls (npm 11) finds nothing to review', (t) => {
    const r = spawnSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' });
    if (r.status !== 0 && /Unknown command/i.test(`${r.stdout}${r.stderr}`)) return t.skip('npm before 11 runs every install script');
    assert.match(r.stdout, /No packages with unreviewed install scripts/, r.stdout + r.stderr);
  });
});

describe('the lint tools of a fresh clone (tools/lint, installed on first `npm run lint`)', () => {
  const { status, output } = npmCiDryRun('tools/lint');

  it('install with npm ci from their own lock, with no engine warning', () => {
    assert.deepEqual(
      output.split('\n').filter((l) => /Missing|EBADENGINE.*package:/.test(l)),
      [],
    );
    assert.equal(status, 0, output);
  });
});
