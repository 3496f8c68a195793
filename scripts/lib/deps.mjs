// Node built-ins only: this runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Installs the dependencies of the package in `dir` (the project, or tools/lint with its own
 * lock) when its node_modules is missing or older than its lock file; true when it did.
 */
export function ensureDeps(dir = '.') {
  const marker = join(dir, 'node_modules/.package-lock.json');
  const lock = join(dir, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return false;
  console.log(`Installing dependencies${dir === '.' ? '' : ` in ${dir}`}...`);
  // `npm install` follows the committed lock like `npm ci`, but tolerates the platform-only
  // optional packages some npm versions leave out of the lock, which `npm ci` rejects.
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
    // Browsers come from the OS, never from an install step.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (r.status !== 0) {
    console.error('npm install failed');
    process.exit(r.status ?? 1);
  }
  return true;
}
