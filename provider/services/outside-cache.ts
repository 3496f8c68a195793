import type { Clock } from '../context.ts';

/*
 * The one cache of documents the provider fetched from outside (OIDC discovery, JWKS, and the
 * client metadata documents still to come). Their URLs come from callers: anyone may create an
 * organization, and each change of its OIDC issuer followed by an SSO start used to leave one
 * more discovery document in a map never emptied (issue 51: 600 cycles added 486 MB). Here the
 * entries are bounded in number and in bytes, the least recently used go first, and each
 * expires, so a changed document is read again.
 */

export interface OutsideCacheLimits {
  /** Most documents kept at once. */
  maxEntries: number;
  /** Most bytes kept at once, counted as each document's size as JSON. */
  maxBytes: number;
  /** How long a document is used before it is fetched again. */
  ttlMs: number;
}

interface Entry {
  value: unknown;
  bytes: number;
  loadedAt: number;
}

export class OutsideCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads in flight, so callers asking for one key together share one fetch. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private held = 0;

  constructor(
    private readonly limits: OutsideCacheLimits,
    private readonly clock: Clock,
  ) {}

  /** Documents kept (an observable bound: tests read it, never a timing). */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes kept, as counted by `get`. */
  get bytes(): number {
    return this.held;
  }

  /**
   * The document under `key`, loaded by `load` when it is missing, expired, or older than
   * `maxAgeMs` (a caller that found a key missing from a key set asks for a fresher one). A
   * failed load is not kept. `T` is the caller's: one key is always loaded by the same code.
   */
  async get<T>(key: string, load: () => Promise<T>, maxAgeMs = this.limits.ttlMs): Promise<T> {
    const now = this.clock.now().getTime();
    const found = this.entries.get(key);
    if (found && now - found.loadedAt < Math.min(maxAgeMs, this.limits.ttlMs)) {
      // Most recently used last: Map keeps insertion order, so the first entry is the eviction's.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value as T;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const loaded = load()
      .then((value) => {
        this.put(key, value);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loaded);
    return loaded;
  }

  private put(key: string, value: unknown): void {
    this.remove(key);
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
    // A document larger than the whole budget is used once and not kept.
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(key, { value, bytes, loadedAt: this.clock.now().getTime() });
    this.held += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.held <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }
}
