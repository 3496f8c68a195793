import { expect, test } from '@playwright/test';

// A newcomer opens every example with the console open: no page may log an error or a warning
// there, in light and dark. Each page linked from the home page (the demo's own origin) is
// loaded until the widget (where there is one) has rendered and every request has an answer.

// npm start serves the development build: its warnings are the newcomer's (the test run builds it beside the production one).
const site = process.env.E2E_DEMO_DEV_URL ?? process.env.E2E_DEMO_URL!;

async function demoPages(page: import('@playwright/test').Page): Promise<string[]> {
  await page.goto(`${site}/`);
  await expect(page.locator('#sets a').first()).toBeVisible();
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => h.split('#')[0]!))].filter((h) => h.startsWith(site));
}

test('no demo page logs an error or warning to the console', async ({ page, browser }) => {
  const pages = await demoPages(page);
  expect(pages.length).toBeGreaterThan(15);
  const visits = [...pages, ...pages.filter((u) => !u.includes('/hosts/')).map((u) => `${u}${u.includes('?') ? '&' : '?'}theme=dark`)];
  // A budget per page visited, not for the whole list: the list grows with the demo, and each
  // visit is slower while other workers' browsers share the cores.
  test.setTimeout(visits.length * 10_000);
  const found: string[] = [];
  for (const url of visits) {
    // A fresh profile per page, as a first visit (the favicon is asked for once per profile).
    const context = await browser.newContext();
    const tab = await context.newPage();
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') found.push(`${url} ${m.type()}: ${m.text()}`);
    });
    tab.on('pageerror', (e) => found.push(`${url} pageerror: ${e.message}`));
    // Settled: every request answered, telemetry aside (a fire-and-forget keepalive POST;
    // were it to fail, its console line would still be caught above).
    const inflight = new Set<unknown>();
    tab.on('request', (r) => !r.url().endsWith('/sdk/v1/events') && inflight.add(r));
    tab.on('requestfinished', (r) => inflight.delete(r));
    tab.on('requestfailed', (r) => inflight.delete(r));
    await tab.goto(url);
    await expect(tab.locator('h1').first()).toBeVisible();
    await tab.waitForFunction(() =>
      [...document.querySelectorAll('stytch-ui, stytch-passkey-registration')].every((el) => el.closest('[hidden]') || (el.shadowRoot ?? el).querySelector('[part~="container"]')),
    );
    await expect.poll(() => inflight.size).toBe(0);
    await context.close();
  }
  expect(found).toEqual([]);
});
