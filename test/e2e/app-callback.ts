import type { Page } from '@playwright/test';

/**
 * Catches the browser's arrival at an app's `callback` (nothing listens there; the app's page is
 * played): where it landed, once it does.
 */
export async function catchCallback(page: Page, callback: string): Promise<{ at: Promise<URL> }> {
  let landed!: (u: URL) => void;
  const at = new Promise<URL>((ok) => (landed = ok));
  await page.route(`${callback}**`, (route) => {
    landed(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App</title><p>Back at the app</p>' });
  });
  // Wrapped: an async function's returned promise would be awaited with it (until the app is reached).
  return { at };
}
