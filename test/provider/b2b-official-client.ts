import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { officialClientBundle } from '../support/official-bundle.ts';
import { TEST_B2B_TOKEN } from './harness.ts';

/*
 * The official B2B headless client (`@stytch/vanilla-js/b2b/headless`), unchanged, in a real
 * browser, pointed at a test provider through its `endpoints` option. It refuses to run
 * outside a browser, and it keeps its intermediate session and member session in cookies of
 * the page's origin, so a page is really served (from loopback, an origin the provider
 * authorizes): `start()` before the provider, to list `origin` in its authorizedOrigins.
 */

export interface OfficialB2BBrowser {
  /** The page origin to authorize. */
  origin: string;
  /**
   * A fresh page (its own cookies) with the official client as `window.client`, made with the
   * project's B2B token unless `token` says otherwise; `console` collects the page's console
   * errors from before the client exists.
   */
  open(providerUrl: string, options?: { token?: string; console?: string[] }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Adds the client to the page as it is now (`window.client`): after a redirect back to the
 * app (SSO, OAuth) the new document needs it again, with the same cookies and storage.
 */
export async function attachOfficialB2BClient(page: Page, providerUrl: string, token = TEST_B2B_TOKEN): Promise<void> {
  await page.addScriptTag({ content: await officialClientBundle('@stytch/vanilla-js/b2b/headless', 'StytchB2BHeadlessClient', 'makeB2BClient') });
  await page.evaluate(
    ([t, url]) => {
      (window as any).client = (window as any).makeB2BClient(t, url);
    },
    [token, providerUrl] as const,
  );
}

export async function startOfficialB2BBrowser(): Promise<OfficialB2BBrowser> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><title>B2B</title>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  // localhost, not 127.0.0.1: the client writes its cookies without Secure only on localhost.
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    origin,
    async open(providerUrl, options = {}) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = options.console;
      if (errors) page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${origin}/`);
      await attachOfficialB2BClient(page, providerUrl, options.token);
      return page;
    },
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}
