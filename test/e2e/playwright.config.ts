import { defineConfig } from '@playwright/test';
import { MOVES_PROVIDER_CLOCK } from './provider-clock.ts';

/** A test of what only the full browser does (its own passkey prompts): CHROME_PATH is the headless shell. */
const FULL_BROWSER = /@full-browser/;
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/*
 * Spec files run side by side on E2E_WORKERS workers (2 by default: on 2 cores the browsers
 * and the shared provider keep both busy), each file's tests in order on one worker. They all
 * share one provider (global-setup.ts), so a test that moves its clock runs in a project of
 * its own, after every other test has finished, on one worker: alone. (On two workers the
 * clock files ran side by side, and one file's hour-long move expired another's sessions,
 * codes and authenticator steps mid-test.) If an earlier test fails, it is reported as
 * skipped (the run has failed anyway).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  projects: [
    { name: 'shared', grepInvert: [MOVES_PROVIDER_CLOCK, FULL_BROWSER] },
    { name: 'full-browser', grep: FULL_BROWSER, use: { launchOptions: { executablePath: process.env.CHROME_FULL_PATH || '/usr/bin/chromium', args } } },
    { name: 'provider-clock', grep: MOVES_PROVIDER_CLOCK, dependencies: ['shared'], workers: 1 },
  ],
  retries: 0,
  timeout: 30_000,
  outputDir: '../../.test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args,
    },
    trace: 'off',
  },
});
