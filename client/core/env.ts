/** The side effects the client touches, each behind a small interface that tests replace. */

export type TimerHandle = unknown;

/** Clock and timers (TanStack Query's TimeoutProvider idea). */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Synchronous key-value storage (localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Options of one cookie write. */
export interface CookieOptions {
  expires?: Date;
  domain?: string;
  path?: string;
}

/** The host page's cookies. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: CookieOptions): void;
}

/** A change made by another tab to the shared storage. */
export type StorageListener = (key: string | null, newValue: string | null) => void;

/** Everything injectable into `createClient`. */
export interface ClientEnv {
  fetch: typeof fetch;
  timers: Timers;
  storage: KeyValueStorage;
  cookies: CookieJar;
  /** Subscribes to other tabs' storage writes; returns the unsubscribe. */
  onStorage(listener: StorageListener): () => void;
  /** Subscribes to the page becoming hidden; returns the unsubscribe. */
  onHidden(listener: () => void): () => void;
  /** Fills the array with random 32-bit numbers. */
  random(values: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer>;
  sha256(data: Uint8Array): Promise<ArrayBuffer>;
  /** The host page's origin and hostname, for the parent-host and client headers. */
  location: { origin: string; hostname: string; protocol: string };
  console: Pick<Console, 'warn' | 'error'>;
  /** Full-page navigation (OAuth start). */
  navigate(url: string): void;
  /** WebAuthn credentials API, when the browser has one. */
  credentials?: Pick<CredentialsContainer, 'create' | 'get'>;
  /** The document that hosts the clientside-services iframe. */
  document?: Document;
  /** Whether this is a server-side runtime (no window). */
  isServer: boolean;
}

/** Real timers of the page. */
export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

const memoryStorage = (): KeyValueStorage => {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
};

/**
 * localStorage when usable (it throws in some privacy modes), else memory; which one is found on
 * the first read or write, not as the client is created: a page's first touch of localStorage
 * waits on the browser (bench/RESULTS.md).
 */
export function browserStorage(): KeyValueStorage {
  let found: KeyValueStorage | undefined;
  const storage = () => (found ??= usableLocalStorage() ?? memoryStorage());
  return { getItem: (k) => storage().getItem(k), setItem: (k, v) => storage().setItem(k, v), removeItem: (k) => storage().removeItem(k) };
}

function usableLocalStorage(): KeyValueStorage | undefined {
  try {
    const s = globalThis.localStorage;
    s.getItem('stytch_probe');
    return s;
  } catch {
    return undefined;
  }
}

/** `document.cookie` with SameSite=Lax, and Secure except on localhost. */
export function documentCookies(doc: Document, hostname: string): CookieJar {
  const secure = hostname !== 'localhost' && hostname !== '127.0.0.1' && hostname !== '[::1]';
  const write = (name: string, value: string, o: CookieOptions = {}) => {
    let c = `${name}=${encodeURIComponent(value)}; Path=${o.path ?? '/'}; SameSite=Lax`;
    if (o.expires) c += `; Expires=${o.expires.toUTCString()}`;
    if (o.domain) c += `; Domain=${o.domain}`;
    if (secure) c += '; Secure';
    doc.cookie = c;
  };
  return {
    get(name) {
      for (const part of doc.cookie.split(';')) {
        const i = part.indexOf('=');
        if (part.slice(0, i).trim() === name) {
          try {
            return decodeURIComponent(part.slice(i + 1).trim());
          } catch {
            return part.slice(i + 1).trim();
          }
        }
      }
      return undefined;
    },
    set: write,
    remove: (name, o = {}) => write(name, '', { ...o, expires: new Date(0) }),
  };
}

/** The real browser environment. */
export function browserEnv(): ClientEnv {
  if (typeof window === 'undefined' || typeof document === 'undefined') return serverEnv();
  const w = globalThis as typeof globalThis & Window;
  return {
    fetch: (input, init) => w.fetch(input, init),
    timers: browserTimers,
    storage: browserStorage(),
    cookies: documentCookies(w.document, w.location.hostname),
    onStorage(listener) {
      const h = (e: StorageEvent) => listener(e.key, e.newValue);
      w.addEventListener('storage', h);
      return () => w.removeEventListener('storage', h);
    },
    onHidden(listener) {
      const h = () => w.document.visibilityState === 'hidden' && listener();
      w.document.addEventListener('visibilitychange', h);
      w.addEventListener('pagehide', listener);
      return () => {
        w.document.removeEventListener('visibilitychange', h);
        w.removeEventListener('pagehide', listener);
      };
    },
    random: (a) => w.crypto.getRandomValues(a),
    sha256: (d) => w.crypto.subtle.digest('SHA-256', d as BufferSource),
    location: { origin: w.location.origin, hostname: w.location.hostname, protocol: w.location.protocol },
    console: w.console,
    navigate: (url) => w.location.assign(url),
    credentials: w.navigator.credentials,
    document: w.document,
    isServer: false,
  };
}

/** Placeholder environment for server-side imports; `createClient` refuses to run on it. */
function serverEnv(): ClientEnv {
  const none = () => () => undefined;
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    timers: browserTimers,
    storage: memoryStorage(),
    cookies: { get: () => undefined, set: () => undefined, remove: () => undefined },
    onStorage: none,
    onHidden: none,
    random: (a) => globalThis.crypto.getRandomValues(a),
    sha256: (d) => globalThis.crypto.subtle.digest('SHA-256', d as BufferSource),
    location: { origin: '', hostname: '', protocol: '' },
    console: globalThis.console,
    navigate: () => undefined,
    isServer: true,
  };
}
