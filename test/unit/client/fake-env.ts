import type { ClientEnv, CookieJar, KeyValueStorage, StorageListener, Timers } from '../../../client/index.ts';

/** A manual clock: timers fire only when the test advances time. */
export class FakeTimers implements Timers {
  private t = Date.UTC(2026, 0, 1);
  private next = 1;
  readonly pending = new Map<number, { at: number; fn: () => void; ms: number }>();
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.pending.set(id, { at: this.t + ms, fn, ms });
    return id;
  };
  clearTimeout = (h: unknown) => void this.pending.delete(h as number);
  /** Delays of the timers now waiting, in creation order. */
  delays(): number[] {
    return [...this.pending.values()].map((p) => p.ms);
  }
  /** Moves time forward, firing due timers in order and letting their promises settle. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
      await flush();
    }
    this.t = end;
    await flush();
  }
}

/**
 * Lets pending promise chains run, and the tasks they queue: bootstrap's request takes a task per
 * step of its setup (Transport.prepare), four in all.
 */
export async function flush(): Promise<void> {
  for (let task = 0; task < 4; task++) {
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
  }
}

export function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

export function memoryCookies(): CookieJar & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (n) => map.get(n), set: (n, v, o) => (o?.expires && o.expires.getTime() <= 0 ? map.delete(n) : map.set(n, v), undefined), remove: (n) => void map.delete(n) };
}

/** One recorded call. */
export interface Recorded {
  url: string;
  init: RequestInit;
  body: unknown;
  headers: Record<string, string>;
}

export type Responder = (call: Recorded) => Response | Promise<Response>;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const ok = (data: object) => json(200, { data: { request_id: 'request-id-test-1', status_code: 200, ...data } });
export const apiError = (status: number, error_type: string, error_message = 'Something went wrong.') =>
  json(status, { status_code: status, request_id: 'request-id-test-2', error_type, error_message, error_url: `https://stytch.com/docs/api/errors/${status}#${error_type}` });

export const BOOTSTRAP = {
  project_name: 'Test',
  disable_sdk_watermark: false,
  cname_domain: null,
  email_domains: ['gmail.com'],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  pkce_required_for_sso: false,
  dfp_protected_auth_enabled: false,
  dfp_protected_auth_mode: 'OBSERVATION',
  password_config: { luds_complexity: 3, luds_minimum_count: 8 },
  rbac_policy: { roles: [], resources: [], scopes: [] },
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};

/** A test environment: a routing fetch, manual timers, memory storage and cookies, captured warnings. */
export function fakeEnv(route: Record<string, Responder> = {}, bootstrap: object = BOOTSTRAP) {
  const calls: Recorded[] = [];
  const warnings: string[] = [];
  const timers = new FakeTimers();
  const storage = memoryStorage();
  const cookies = memoryCookies();
  const storageListeners = new Set<StorageListener>();
  const hiddenListeners = new Set<() => void>();
  const navigations: string[] = [];
  const routes: Record<string, Responder> = { 'GET /projects/bootstrap/': () => ok(bootstrap), 'POST /events': () => json(200, {}), ...route };
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Recorded = { url, init, headers, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const path = new URL(url).pathname.replace(/^.*\/sdk\/v1/, '');
    const key = Object.keys(routes).find((k) => {
      const [m, p] = k.split(' ') as [string, string];
      return m === (init.method ?? 'GET') && (p.endsWith('/') ? path.startsWith(p) : path === p);
    });
    if (!key) return apiError(404, 'not_found', `No route for ${init.method} ${path}`);
    return routes[key]!(call);
  };
  const env: Partial<ClientEnv> = {
    fetch: fetchFn as typeof fetch,
    timers,
    storage,
    cookies,
    onStorage: (l) => (storageListeners.add(l), () => storageListeners.delete(l)),
    onHidden: (l) => (hiddenListeners.add(l), () => hiddenListeners.delete(l)),
    location: { origin: 'https://host.example', hostname: 'host.example', protocol: 'https:' },
    console: { warn: (...a: unknown[]) => warnings.push(a.map(String).join(' ')), error: (...a: unknown[]) => warnings.push(a.map(String).join(' ')) },
    navigate: (u) => void navigations.push(u),
    isServer: false,
  };
  return { env, calls, warnings, timers, storage, cookies, storageListeners, hiddenListeners, navigations, routes };
}

export const SESSION = {
  session_id: 'session-test-1',
  user_id: 'user-test-1',
  started_at: '2026-01-01T00:00:00Z',
  last_accessed_at: '2026-01-01T00:00:00Z',
  expires_at: '2099-01-01T00:00:00Z',
  attributes: { ip_address: '', user_agent: '' },
  authentication_factors: [],
  custom_claims: {},
  roles: [],
};
export const USER = {
  user_id: 'user-test-1',
  created_at: '2026-01-01T00:00:00Z',
  status: 'active',
  name: { first_name: '', middle_name: '', last_name: '' },
  emails: [{ email_id: 'email-test-1', email: 'a@example.com', verified: true }],
  phone_numbers: [],
  providers: [],
  crypto_wallets: [],
  totps: [],
  webauthn_registrations: [],
  biometric_registrations: [],
  password: null,
  trusted_metadata: {},
  untrusted_metadata: {},
  roles: [],
};
export const authOk = (token = 'session-token-1') => ok({ user_id: 'user-test-1', session_token: token, session_jwt: 'jwt-1', session: SESSION, user: USER });

/** The error `p` rejects with; fails the test when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}
