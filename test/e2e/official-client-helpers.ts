import type { Page } from '@playwright/test';
import * as esbuild from 'esbuild';

/*
 * The official headless client, unchanged, pointed at our provider through its `endpoints`
 * option (its customBaseUrl would force https on 443). Pages are really served from the demo
 * origin, which the provider authorizes: a fulfilled route would lose its loopback address
 * space, and Chromium would then refuse calls to the loopback provider.
 */

const bundles = new Map<string, Promise<string>>();

/** The official package bundled once per worker from `contents` (an entry that imports it), as `format`. */
export function bundleOfficial(contents: string, format: 'iife' | 'esm' = 'iife'): Promise<string> {
  const key = `${format}:${contents}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = esbuild
      .build({
        stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format,
        platform: 'browser',
        write: false,
        logLevel: 'silent',
        conditions: ['production'],
        define: { 'process.env.NODE_ENV': '"production"' },
      })
      .then((out) => out.outputFiles[0]!.text);
    bundles.set(key, bundle);
  }
  return bundle;
}

/** The official client bundled once per worker as an IIFE that defines `window.makeClient`. */
function officialBundle(): Promise<string> {
  return bundleOfficial(`import { StytchHeadlessClient } from '@stytch/vanilla-js/headless';
    window.makeClient = (token, url) => new StytchHeadlessClient(token, { endpoints: { testAPIURL: url } });`);
}

/** Adds the official client's bundle to the page as it is now (`window.makeClient`). */
export async function addOfficialClient(page: Page): Promise<void> {
  await page.addScriptTag({ content: await officialBundle() });
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
