// Node built-ins only: finds the Chromium every browser suite launches.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * CHROME_PATH, then the OS package; as root with apt-get, installs Debian's chromium when
 * none is found. Returns the path or exits with a clear message.
 */
export function findChromium() {
  if (process.env.CHROME_PATH) {
    if (executable(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    console.error(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable file.`);
    process.exit(1);
  }
  const found = CANDIDATES.find(executable);
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && executable('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing the Debian chromium package...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = CANDIDATES.find(executable);
    if (installed) return installed;
  }
  console.error('No Chromium found. Install your OS package (Debian: apt-get install chromium) or set CHROME_PATH to a Chromium executable. Browsers are never downloaded by the test run.');
  process.exit(1);
}

/** Flags for a machine with no network and no GPU. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
