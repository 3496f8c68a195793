import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { bundleTestsPlugin } from './test/support/wtr-bundle-plugin.mjs';
import { countReporter } from './test/support/count-reporter.mjs';

const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

export default {
  files: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
  nodeResolve: true,
  concurrency: 2,
  concurrentBrowsers: 1,
  testFramework: { config: { timeout: 10000 } },
  plugins: [bundleTestsPlugin()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args },
    }),
  ],
  reporters: [defaultReporter(), countReporter('.test-results/unit.json')],
};
