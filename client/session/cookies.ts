import type { CookieJar } from '../core/env.ts';

export const SESSION_COOKIE = 'stytch_session';
export const SESSION_JWT_COOKIE = 'stytch_session_jwt';
export const IST_COOKIE = 'stytch_intermediate_session_token';
export const IST_LIFETIME_MS = 10 * 60 * 1000;

/** Reads and writes the session cookies of SPEC §9. */
export class SessionCookies {
  constructor(
    private readonly jar: CookieJar,
    private readonly domain?: string,
  ) {}

  tokens(): { session_token: string; session_jwt: string } | undefined {
    const session_token = this.jar.get(SESSION_COOKIE);
    if (!session_token) return undefined;
    return { session_token, session_jwt: this.jar.get(SESSION_JWT_COOKIE) ?? '' };
  }

  write(session_token: string, session_jwt: string, expiresAt?: string): void {
    // No expiry given: an invalid date, so the cookies last the browser session.
    const expires = new Date(expiresAt as string);
    const o = { domain: this.domain, expires: isNaN(expires.getTime()) ? undefined : expires };
    this.jar.set(SESSION_COOKIE, session_token, o);
    this.jar.set(SESSION_JWT_COOKIE, session_jwt, o);
    this.jar.remove(IST_COOKIE, { domain: this.domain });
  }

  writeIntermediate(token: string, now: number): void {
    this.jar.set(IST_COOKIE, token, { domain: this.domain, expires: new Date(now + IST_LIFETIME_MS) });
  }

  intermediate(): string | undefined {
    return this.jar.get(IST_COOKIE) || undefined;
  }

  clear(): void {
    for (const n of [SESSION_COOKIE, SESSION_JWT_COOKIE, IST_COOKIE]) this.jar.remove(n, { domain: this.domain });
  }
}
