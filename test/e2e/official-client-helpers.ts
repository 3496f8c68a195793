import type { Page } from '@playwright/test';
import { officialClientBundle } from '../support/official-bundle.ts';

/*
 * The official headless client, unchanged (test/support/official-bundle.ts). Pages are really served from the demo
 * origin, which the provider authorizes: a fulfilled route would lose its loopback address
 * space, and Chromium would then refuse calls to the loopback provider.
 */

/** Adds the official client's bundle to the page as it is now (`window.makeClient`). */
export async function addOfficialClient(page: Page): Promise<void> {
  await page.addScriptTag({ content: await officialClientBundle('@stytch/vanilla-js/headless', 'StytchHeadlessClient', 'makeClient') });
}

/** Opens a demo page (`path` under the demo origin) with the official client as `window.client`. */
export async function openOfficialClient(page: Page, path = ''): Promise<void> {
  await page.goto(`${process.env.E2E_DEMO_URL!}${path}`);
  await addOfficialClient(page);
  await page.evaluate(
    ([token, url]) => {
      (window as any).client = (window as any).makeClient(token, url);
    },
    [process.env.E2E_PUBLIC_TOKEN!, process.env.E2E_PROVIDER_URL!] as const,
  );
}
