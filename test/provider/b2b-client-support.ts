import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import { createB2BClient, StytchAPIError, type B2BClient, type ClientEnv, type CookieJar, type KeyValueStorage } from '../../client/b2b/index.ts';
import type { RunningProvider } from '../../provider/server.ts';
import { TEST_B2B_TOKEN, TEST_ORIGIN } from './harness.ts';

/*
 * Our headless B2B client, unchanged, in Node against the real provider: only its injected
 * environment differs from a browser's (memory cookies and storage, the page's Origin header
 * a browser would add, no background timers).
 */

let clients = 0;

/** A B2B client for the test project, with its cookie jar and the pages it navigated to; `dispose` when done. */
export function ourB2BClient(provider: Pick<RunningProvider, 'url'>): { client: B2BClient; cookies: Map<string, string>; storage: Map<string, string>; navigations: string[] } {
  const navigations: string[] = [];
  const cookies = new Map<string, string>();
  const storage = new Map<string, string>();
  const jar: CookieJar = {
    get: (n) => cookies.get(n),
    set: (n, v, o) => void (o?.expires && o.expires.getTime() <= Date.now() ? cookies.delete(n) : cookies.set(n, v)),
    remove: (n) => void cookies.delete(n),
  };
  const store: KeyValueStorage = { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) };
  const env: Partial<ClientEnv> = {
    fetch: (input, init) => globalThis.fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: TEST_ORIGIN } }),
    // Timers that never fire: no background refresh or telemetry flush during a test.
    timers: { now: () => Date.now(), setTimeout: () => ++clients, clearTimeout: () => undefined },
    storage: store,
    cookies: jar,
    onStorage: () => () => undefined,
    onHidden: () => () => undefined,
    random: (a) => webcrypto.getRandomValues(a),
    sha256: (d) => webcrypto.subtle.digest('SHA-256', d),
    location: { origin: TEST_ORIGIN, hostname: new URL(TEST_ORIGIN).hostname, protocol: 'http:' },
    console: { warn: () => undefined, error: () => undefined },
    navigate: (url) => void navigations.push(url),
    isServer: false,
  };
  return { client: createB2BClient(TEST_B2B_TOKEN, { baseUrl: provider.url, env, keepSessionAlive: false }), cookies, storage, navigations };
}

/** The token of an emailed link. */
export function linkToken(link: string | null): string {
  return new URL(link!).searchParams.get('token')!;
}

/** The client's typed error that `p` rejects with; fails the test if it resolves or throws anything else. */
export async function apiError(p: Promise<unknown>): Promise<StytchAPIError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StytchAPIError, String(e));
    return e;
  }
  assert.fail('expected a StytchAPIError');
}
