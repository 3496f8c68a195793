import { expect, type Page } from '@playwright/test';

/** The demo page with a config override. */
export function demoUrl(config?: object, extra = ''): string {
  const base = process.env.E2E_DEMO_URL!;
  return config ? `${base}/index.html?config=${encodeURIComponent(JSON.stringify(config))}${extra}` : `${base}/index.html${extra ? `?${extra.slice(1)}` : ''}`;
}

/** A fresh address per test so the outbox never mixes runs. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A fresh US number per test (555-01xx range style, valid shape). */
export function uniquePhone(): string {
  return `201555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
}

interface OutboxEntry {
  to: string;
  channel: string;
  code: string | null;
  link: string | null;
}

/**
 * The newest outbox message to `to`, waiting until one arrives after `after` entries: in the
 * shared provider's outbox, or in the one at `providerUrl` (a test's own provider).
 */
export async function latestMessage(to: string, after = 0, providerUrl = process.env.E2E_PROVIDER_URL): Promise<OutboxEntry> {
  let found: OutboxEntry[] = [];
  await expect
    .poll(async () => {
      const res = await fetch(`${providerUrl}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
      found = (await res.json()) as OutboxEntry[];
      return found.length;
    })
    .toBeGreaterThan(after);
  return found[0]!;
}

/** The provider's clock now (ms): the real one plus what tests moved it ahead. */
export async function providerNow(): Promise<number> {
  const res = await fetch(`${process.env.E2E_CLOCK_URL}/`);
  const { offsetMs } = (await res.json()) as { offsetMs: number };
  return Date.now() + offsetMs;
}

/**
 * Whether the login element has hydrated its server markup: React's props are on its email
 * field. Before that a press of its button does nothing (its form is method=dialog), so a test
 * that presses it waits for this, as a user waits for the page to respond.
 */
export const hydrated = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('stytch-ui')!;
    const input = (el.shadowRoot ?? el).querySelector('input[type=email]');
    return !!input && Object.keys(input).some((k) => k.startsWith('__reactProps'));
  });

/** The login widget (shadow DOM is pierced by Playwright locators). */
export function widget(page: Page) {
  return page.locator('stytch-ui');
}

type HeadlessWindow = { client: { passwords: Record<string, (o: object) => Promise<unknown>>; magicLinks: { email: { loginOrCreate(e: string): Promise<unknown> } } } };

/** Calls the headless client on the demo's headless page; rejections come back as their error_type. */
export async function headless(page: Page, method: string, body: object): Promise<{ ok: boolean; error_type?: string }> {
  if (!page.url().endsWith('/headless.html')) {
    await page.goto(`${process.env.E2E_DEMO_URL}/headless.html`);
    await page.waitForFunction(() => 'client' in window);
  }
  return page.evaluate(
    async ([m, b]) => {
      const c = (window as unknown as HeadlessWindow).client;
      try {
        if (m === 'magicLink') await c.magicLinks.email.loginOrCreate((b as { email: string }).email);
        else await c.passwords[m]!(b);
        return { ok: true };
      } catch (e) {
        return { ok: false, error_type: (e as { error_type?: string }).error_type };
      }
    },
    [method, body] as const,
  );
}
