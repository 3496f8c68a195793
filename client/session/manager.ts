import { backoffDelay } from '../core/backoff.ts';
import type { ClientEnv, TimerHandle } from '../core/env.ts';
import { withTimeout } from '../core/timeout.ts';
import type { Transport } from '../core/transport.ts';
import { StytchAPIError } from '../errors.ts';
import type { SessionCookies } from './cookies.ts';
import type { AuthenticateResponse, SessionState, SessionTokens } from './types.ts';

/** Background refresh cadence of SPEC §4. */
export const REFRESH_INTERVAL_MS = 180000;

/**
 * How long a sign-out waits for a session check in flight before it goes anyway: a stalled check
 * must not hold the sign-out (the check's late answer is then not recorded, see `authenticate`).
 */
export const REVOKE_WAITS_FOR_CHECK_MS = 3000;

/** Error types after which the session is gone for good (SPEC §4). */
export const NON_RECOVERABLE_ERRORS = ['unauthorized_credentials', 'user_unauthenticated', 'invalid_secret_authentication', 'session_not_found'];

/** Whether an error ends the local session rather than being retried. */
export const isNonRecoverable = (e: unknown): boolean => e instanceof StytchAPIError && NON_RECOVERABLE_ERRORS.includes(e.error_type);

type Listener<T> = (value: T) => void;

/** An authenticate answer as the manager reads it: tokens, and the state it carries. */
type Tokens = { session_token?: string; session_jwt: string };

/**
 * The session known locally: cookies, storage shared across tabs, background refresh. `St` is
 * the state kept beside the session (the user for B2C; member and organization for B2B), each
 * key with its own listeners; `Answer` what sessions/authenticate answers. Each line reads its
 * own answers (`update`): `SessionManager` below for B2C, `B2BSessionManager` for B2B.
 */
export abstract class SessionStore<St extends { session: unknown }, Answer> {
  /** The state, once read (see `state`). */
  private current: St | undefined;
  private readonly key: string;
  private memoryTokens: SessionTokens | undefined;
  private timer: TimerHandle | undefined;
  private attempt = 0;
  private disposed = false;
  /** The state an earlier page stored, as read at start: while it is still the state, no answer came (`getInfo().fromCache`). */
  private stored: St | undefined;
  private readonly listeners = new Set<[keyof St, Listener<never>]>();
  /** Bumped whenever the session changes identity (a sign-in, a sign-out, here or in another tab). */
  private era = 0;
  private unsubscribe: (() => void) | undefined;
  private readonly starting: TimerHandle;
  /** The sessions/authenticate call in flight, if any: a revoke lets it finish first (see `revoke`). */
  private checking: Promise<unknown> | undefined;

  constructor(
    protected readonly env: ClientEnv,
    protected readonly cookies: SessionCookies,
    protected readonly transport: Transport,
    publicToken: string,
    /** Whether calls go to an endpoint the page named (asked at start: it can come from stored bootstrap). */
    private readonly customEndpoint: () => boolean,
    private readonly keepAlive = true,
    /** The API path prefix of sessions/authenticate and sessions/revoke ('' or '/b2b'). */
    private readonly prefix = '',
  ) {
    this.key = `stytch_sdk_state_${publicToken}`;
    // Started from the next task, or on the first ask if that comes sooner: storage, the cookies
    // and the listeners, touched as the client was created, held back a widget's first paint by
    // tens of milliseconds at a phone's CPU (bench/RESULTS.md).
    this.starting = env.timers.setTimeout(() => this.state, 0);
  }

  /** The state: the stored copy is read, and the session's upkeep started, on the first ask. */
  protected get state(): St {
    return this.current ?? this.start();
  }

  private start(): St {
    this.env.timers.clearTimeout(this.starting);
    this.current = this.stored = this.parse(this.env.storage.getItem(this.key)) ?? this.empty();
    if (this.disposed) return this.current;
    this.unsubscribe = this.env.onStorage((key, value) => key === this.key && this.fromOtherTab(value));
    const tokens = this.cookies.tokens();
    if (tokens) this.schedule(0);
    // Without a custom endpoint the token cookie is ours to read: no cookie means no session.
    else if (!this.customEndpoint()) this.clearLocal();
    else if (this.current.session) this.schedule(0);
    return this.current;
  }

  /** The state with nothing known. */
  protected abstract empty(): St;

  /** Records a successful authenticate answer of this line. */
  abstract update(r: Answer): void;

  /** What identifies a state's session (its id), or undefined with none. */
  protected abstract sessionId(s: St): string | undefined;

  /** A stored state, or undefined when the value is not one. */
  private parse(value: string | null): St | undefined {
    try {
      const s = JSON.parse(value ?? 'null') as St | null;
      return s && typeof s === 'object' ? { ...this.empty(), ...s } : undefined;
    } catch {
      return undefined;
    }
  }

  private set(next: St): void {
    const prev = this.state;
    if (this.sessionId(prev) !== this.sessionId(next)) this.era++;
    this.current = next;
    this.listeners.forEach(([k, l]) => prev[k] !== next[k] && (l as Listener<St[typeof k]>)(next[k]));
  }

  private fromOtherTab(value: string | null): void {
    if (value === null) {
      this.forget();
      return;
    }
    // A foreign write to our key that is not a state is ignored.
    const s = this.parse(value);
    if (!s) return;
    this.set(s);
    if (s.session && this.timer === undefined) this.schedule(REFRESH_INTERVAL_MS);
  }

  /** One part of the state, and whether it is still the stored copy (`getInfo()`). */
  info<K extends keyof St & string>(k: K): { [P in K]: St[P] } & { fromCache: boolean } {
    return { [k]: this.state[k], fromCache: !!this.state.session && this.state === this.stored } as { [P in K]: St[P] } & { fromCache: boolean };
  }

  /**
   * The state as it is now, read when the returned function is called. Before the start, that is
   * the state the start reads: nothing changes it sooner. (Telemetry stamps an event as it happens
   * and says who was signed in when it sends it; the widget's first event comes before its paint.)
   */
  now(): () => St {
    const s = this.current;
    return () => {
      if (s) return s;
      void this.state;
      return this.stored!;
    };
  }

  /** One part of the state: `session`, and `user` (B2C) or `member` and `organization` (B2B). */
  get<K extends keyof St>(k: K): St[K] {
    return this.state[k];
  }
  /** The session token and JWT, from the cookies or memory. */
  getTokens(): SessionTokens | null {
    return this.cookies.tokens() ?? this.memoryTokens ?? null;
  }

  /** Keeps the answer's tokens (when it has them) and its state; restarts the refresh cycle. */
  protected commit(r: Tokens, next: St, expiresAt: string | undefined): void {
    if (r.session_token) {
      this.memoryTokens = { session_token: r.session_token, session_jwt: r.session_jwt };
      this.cookies.write(r.session_token, r.session_jwt, expiresAt);
    }
    this.env.storage.setItem(this.key, JSON.stringify(next));
    this.set(next);
    this.attempt = 0;
    this.schedule(REFRESH_INTERVAL_MS);
  }

  /**
   * The session's era, taken before a call whose answer `patch` records: an answer that arrives
   * after a sign-out (or a sign-in as someone else) belongs to a session that is gone.
   */
  since(): number {
    // Read the stored state first: its start can end a session the cookies no longer hold, and
    // that change of era belongs before the call, not during it.
    void this.state;
    return this.era;
  }

  /**
   * Records fresh parts of the state (users/me, members/me, an update) from the answer to a call
   * made in era `since`; stored only while signed in. A stale answer is dropped: a user fetched
   * just before a sign-out must not come back after it.
   */
  patch(part: Partial<St>, since: number): void {
    if (since !== this.era) return;
    const next = { ...this.state, ...part };
    if (this.state.session) this.env.storage.setItem(this.key, JSON.stringify(next));
    this.set(next);
  }

  /** Forgets the session: cookies, storage (which signs out the other tabs) and timers. */
  clearLocal(): void {
    this.cookies.clear();
    this.env.storage.removeItem(this.key);
    this.forget();
  }

  /**
   * The session ended: tokens, timers and state dropped, and a new era begun even when no session
   * was known here (a cookie alone): an answer to a call made before must not bring it back.
   */
  private forget(): void {
    this.memoryTokens = undefined;
    this.cancel();
    this.era++;
    this.set(this.empty());
  }

  /** `POST /sessions/authenticate`; non-recoverable errors end the local session. */
  async authenticate(session_duration_minutes?: number): Promise<Answer> {
    const since = this.since();
    const call = this.transport.call<Answer>({ method: 'POST', path: `${this.prefix}/sessions/authenticate`, body: { session_duration_minutes } });
    this.checking = call;
    try {
      const r = await call;
      // An answer about a session that has since gone (signed out here or in another tab, or
      // another in its place) is not recorded: it would write the gone session's cookie back.
      if (since === this.era) this.update(r);
      return r;
    } catch (e) {
      if (isNonRecoverable(e) && since === this.era) this.clearLocal();
      throw e;
    } finally {
      if (this.checking === call) this.checking = undefined;
    }
  }

  /** `POST /sessions/revoke`; clears local state on success, on a non-recoverable error, or always with forceClear. */
  async revoke(forceClear = false): Promise<unknown> {
    // A check in flight (the start's, or the refresh's) finishes first, and none starts while the
    // revoke is out: sent side by side, the revoke can land first and the check then fails with a
    // 404 in the page's console.
    void this.state; // started now, so the start's own check is seen as due below
    if (this.checking) await withTimeout(this.checking, REVOKE_WAITS_FOR_CHECK_MS, this.env.timers);
    const due = this.timer !== undefined;
    this.cancel();
    try {
      const r = await this.transport.call<unknown>({ method: 'POST', path: `${this.prefix}/sessions/revoke`, body: {} });
      this.clearLocal();
      return r;
    } catch (e) {
      if (forceClear || isNonRecoverable(e)) this.clearLocal();
      // The session stays: the check that was due is made now.
      else if (due) this.schedule(0);
      throw e;
    }
  }

  private cancel(): void {
    if (this.timer !== undefined) this.env.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private random(): number {
    return this.env.random(new Uint32Array(1))[0]! / 2 ** 32;
  }

  private schedule(ms: number): void {
    this.cancel();
    if (this.disposed || (ms === REFRESH_INTERVAL_MS && !this.keepAlive)) return;
    this.timer = this.env.timers.setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, ms);
  }

  private async refresh(): Promise<void> {
    try {
      await this.authenticate();
    } catch (e) {
      if (isNonRecoverable(e) || this.disposed) return;
      this.schedule(backoffDelay(this.attempt++, () => this.random()));
    }
  }

  /** Called with one part of the state whenever it changes (here or in another tab); returns the unsubscribe. */
  on<K extends keyof St>(k: K, l: Listener<St[K]>): () => void {
    const entry: [keyof St, Listener<never>] = [k, l as Listener<never>];
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  /** Stops the refresh timer and the cross-tab listener. */
  dispose(): void {
    this.disposed = true;
    this.env.timers.clearTimeout(this.starting);
    this.cancel();
    this.unsubscribe?.();
  }
}

/** The B2C session: the session and its user, from `/sessions/...`. */
export class SessionManager extends SessionStore<SessionState, AuthenticateResponse> {
  protected override empty(): SessionState {
    return { session: null, user: null };
  }

  protected override sessionId(s: SessionState): string | undefined {
    return s.session?.session_id;
  }

  /** Records a successful B2C authenticate answer. */
  override update(r: Pick<AuthenticateResponse, 'session' | 'user' | 'session_token' | 'session_jwt'> & { intermediate_session_token?: unknown }): void {
    // A step-up answer carries only an intermediate token: keep it 10 minutes, no session yet.
    if (!r.session_token && typeof r.intermediate_session_token === 'string' && r.intermediate_session_token) {
      this.cookies.writeIntermediate(r.intermediate_session_token, this.env.timers.now());
      return;
    }
    const s = this.state;
    this.commit(r, { session: r.session ?? s.session, user: r.user ?? s.user }, r.session?.expires_at);
  }
}
