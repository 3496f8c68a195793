import { backoffDelay } from '../core/backoff.ts';
import type { ClientEnv, TimerHandle } from '../core/env.ts';
import type { Transport } from '../core/transport.ts';
import { StytchAPIError } from '../errors.ts';
import type { SessionCookies } from './cookies.ts';
import type { AuthenticateResponse, Session, SessionState, SessionTokens, User } from './types.ts';

/** Background refresh cadence of SPEC §4. */
export const REFRESH_INTERVAL_MS = 180000;

/** Error types after which the session is gone for good (SPEC §4). */
export const NON_RECOVERABLE_ERRORS = ['unauthorized_credentials', 'user_unauthenticated', 'invalid_secret_authentication', 'session_not_found'];

/** Whether an error ends the local session rather than being retried. */
export const isNonRecoverable = (e: unknown): boolean => e instanceof StytchAPIError && NON_RECOVERABLE_ERRORS.includes(e.error_type);

type Listener<T> = (value: T) => void;

/** The session and user known locally: cookies, storage shared across tabs, background refresh. */
export class SessionManager {
  private state: SessionState = { session: null, user: null };
  private readonly key: string;
  private memoryTokens: SessionTokens | undefined;
  private timer: TimerHandle | undefined;
  private attempt = 0;
  private disposed = false;
  private readonly sessionListeners = new Set<Listener<Session | null>>();
  private readonly userListeners = new Set<Listener<User | null>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly env: ClientEnv,
    private readonly cookies: SessionCookies,
    private readonly transport: Transport,
    publicToken: string,
    customEndpoint: boolean,
    private readonly keepAlive = true,
  ) {
    this.key = `stytch_sdk_state_${publicToken}`;
    this.state = this.read();
    this.unsubscribe = env.onStorage((key, value) => key === this.key && this.fromOtherTab(value));
    const tokens = this.cookies.tokens();
    if (tokens) this.schedule(0);
    // Without a custom endpoint the token cookie is ours to read: no cookie means no session.
    else if (!customEndpoint) this.clearLocal();
    else if (this.state.session) this.schedule(0);
  }

  private read(): SessionState {
    try {
      const s = JSON.parse(this.env.storage.getItem(this.key) ?? 'null') as SessionState | null;
      return s && typeof s === 'object' ? { session: s.session ?? null, user: s.user ?? null } : { session: null, user: null };
    } catch {
      return { session: null, user: null };
    }
  }

  private set(next: SessionState): void {
    const prev = this.state;
    this.state = next;
    if (prev.session !== next.session) this.sessionListeners.forEach((l) => l(next.session));
    if (prev.user !== next.user) this.userListeners.forEach((l) => l(next.user));
  }

  private fromOtherTab(value: string | null): void {
    if (value === null) {
      this.memoryTokens = undefined;
      this.cancel();
      this.set({ session: null, user: null });
      return;
    }
    try {
      const s = JSON.parse(value) as SessionState;
      this.set({ session: s.session ?? null, user: s.user ?? null });
      if (s.session && this.timer === undefined) this.schedule(REFRESH_INTERVAL_MS);
    } catch {
      /* a foreign write to our key: ignore */
    }
  }

  getSession(): Session | null {
    return this.state.session;
  }
  getUser(): User | null {
    return this.state.user;
  }
  /** The session token and JWT, from the cookies or memory. */
  getTokens(): SessionTokens | null {
    return this.cookies.tokens() ?? this.memoryTokens ?? null;
  }

  /** Records a successful authenticate answer. */
  update(r: Pick<AuthenticateResponse, 'session' | 'user' | 'session_token' | 'session_jwt'>): void {
    if (r.session_token) {
      this.memoryTokens = { session_token: r.session_token, session_jwt: r.session_jwt };
      this.cookies.write(r.session_token, r.session_jwt, r.session?.expires_at);
    }
    const next = { session: r.session ?? this.state.session, user: r.user ?? this.state.user };
    this.env.storage.setItem(this.key, JSON.stringify(next));
    this.set(next);
    this.attempt = 0;
    this.schedule(REFRESH_INTERVAL_MS);
  }

  /** Records a fresh user object (users/me, update). */
  updateUser(user: User): void {
    const next = { ...this.state, user };
    if (this.state.session) this.env.storage.setItem(this.key, JSON.stringify(next));
    this.set(next);
  }

  /** Forgets the session: cookies, storage (which signs out the other tabs) and timers. */
  clearLocal(): void {
    this.memoryTokens = undefined;
    this.cancel();
    this.cookies.clear();
    this.env.storage.removeItem(this.key);
    this.set({ session: null, user: null });
  }

  /** `POST /sessions/authenticate`; non-recoverable errors end the local session. */
  async authenticate(session_duration_minutes?: number): Promise<AuthenticateResponse> {
    try {
      const r = await this.transport.call<AuthenticateResponse>({ method: 'POST', path: '/sessions/authenticate', body: { session_duration_minutes } });
      this.update(r);
      return r;
    } catch (e) {
      if (isNonRecoverable(e)) this.clearLocal();
      throw e;
    }
  }

  /** `POST /sessions/revoke`; clears local state on success, on a non-recoverable error, or always with forceClear. */
  async revoke(forceClear = false): Promise<unknown> {
    try {
      const r = await this.transport.call<unknown>({ method: 'POST', path: '/sessions/revoke', body: {} });
      this.clearLocal();
      return r;
    } catch (e) {
      if (forceClear || isNonRecoverable(e)) this.clearLocal();
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

  onSessionChange(l: Listener<Session | null>): () => void {
    this.sessionListeners.add(l);
    return () => this.sessionListeners.delete(l);
  }
  onUserChange(l: Listener<User | null>): () => void {
    this.userListeners.add(l);
    return () => this.userListeners.delete(l);
  }

  /** Stops the refresh timer and the cross-tab listener. */
  dispose(): void {
    this.disposed = true;
    this.cancel();
    this.unsubscribe();
  }
}
