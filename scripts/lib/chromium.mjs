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
 * Debian's `chromium-headless-shell`: the same Chromium build without the desktop browser
 * around its pages. The test suites wait on CPU, and 40 end-to-end tests took 118 CPU-seconds
 * in it against 258 in the full browser (68 s against 137 s of wall time, measured in turns
 * on a quiet 2-core machine), with the same results. Benchmarks and screenshots keep the full
 * browser: what a user's browser does.
 */
const SHELL = '/usr/bin/chromium-headless-shell';

/** As root with apt-get, installs Debian's `packages` (one update, one install). */
function aptInstall(...packages) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !executable('/usr/bin/apt-get')) return;
  console.log(`Installing the Debian package(s) ${packages.join(', ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

function fromEnv() {
  if (!process.env.CHROME_PATH) return undefined;
  if (executable(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  console.error(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable file.`);
  process.exit(1);
}

function missing() {
  console.error('No Chromium found. Install your OS package (Debian: apt-get install chromium) or set CHROME_PATH to a Chromium executable. Browsers are never downloaded by the test run.');
  process.exit(1);
}

/**
 * CHROME_PATH, then the OS package; as root with apt-get, installs Debian's chromium when
 * none is found. Returns the path or exits with a clear message.
 */
export function findChromium() {
  return fromEnv() ?? fullBrowser();
}

/** The full browser: the OS package, installed as root with apt-get when missing. */
function fullBrowser() {
  const found = CANDIDATES.find(executable);
  if (found) return found;
  aptInstall('chromium');
  return CANDIDATES.find(executable) ?? missing();
}

/**
 * The Chromium the test suites launch (`chrome`): CHROME_PATH, then the headless shell
 * (installed as root with apt-get when missing), then the full browser; and the full browser
 * (`full`) for the few tests of what only it does (its own passkey prompts).
 */
export function findTestChromium() {
  const env = fromEnv();
  if (env) return { chrome: env, full: env };
  const wanted = [...(executable(SHELL) ? [] : ['chromium-headless-shell']), ...(CANDIDATES.some(executable) ? [] : ['chromium'])];
  if (wanted.length) aptInstall(...wanted);
  const full = fullBrowser();
  return { chrome: executable(SHELL) ? SHELL : full, full };
}

/** Flags for a machine with no network and no GPU. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
