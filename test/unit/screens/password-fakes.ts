import type { StrengthCheckResult } from '../../../client/schemas/responses.ts';

/** A strength verdict in the provider's shape. */
export function verdict(o: { valid: boolean; score?: number; policy?: string; warning?: string; breached?: boolean; missingCharacters?: number; missingComplexity?: number }): StrengthCheckResult {
  return {
    valid_password: o.valid,
    score: o.score ?? (o.valid ? 4 : 1),
    breached_password: o.breached ?? false,
    breach_detection_on_create: true,
    strength_policy: (o.policy ?? 'zxcvbn') as StrengthCheckResult['strength_policy'],
    feedback: {
      warning: o.warning ?? '',
      suggestions: [],
      luds_requirements: {
        has_digit: false,
        has_lower_case: true,
        has_symbol: false,
        has_upper_case: false,
        missing_characters: o.missingCharacters ?? 0,
        missing_complexity: o.missingComplexity ?? 0,
      },
    },
  };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Fn = (...args: never[]) => Promise<unknown>;

/** What each fake call answers; anything not given succeeds. */
export interface PasswordFakeOptions {
  userType?: 'new' | 'password' | 'passwordless';
  strength?: (password: string, email?: string) => Promise<StrengthCheckResult>;
  create?: Fn;
  authenticate?: Fn;
  resetStart?: Fn;
  resetByEmail?: Fn;
  magicLinkAuthenticate?: Fn;
  magicLinkSend?: Fn;
  otpSend?: Fn;
  luds?: { luds_complexity: number; luds_minimum_count: number };
}

/** A fake client for the password screens that records every call it gets. */
export function passwordClient(o: PasswordFakeOptions = {}) {
  const calls: Record<string, unknown[][]> = {};
  const rec =
    (name: string, answer: Fn | undefined, fallback: unknown) =>
    (...args: unknown[]) => {
      (calls[name] ??= []).push(args);
      return answer ? (answer as (...a: unknown[]) => Promise<unknown>)(...args) : Promise.resolve(fallback);
    };
  const client = {
    user: { search: rec('search', undefined, { userType: o.userType ?? 'new' }) },
    passwords: {
      strengthCheck: (body: { email?: string; password: string }) => {
        (calls.strengthCheck ??= []).push([body]);
        return o.strength ? o.strength(body.password, body.email) : Promise.resolve(verdict({ valid: body.password.length >= 8 }));
      },
      create: rec('create', o.create, { user_id: 'user-1', session_token: 's' }),
      authenticate: rec('authenticate', o.authenticate, { user_id: 'user-1', session_token: 's' }),
      resetByEmailStart: rec('resetStart', o.resetStart, { request_id: 'r' }),
      resetByEmail: rec('resetByEmail', o.resetByEmail, { user_id: 'user-1' }),
    },
    magicLinks: {
      email: { loginOrCreate: rec('magicLinkSend', o.magicLinkSend, {}) },
      authenticate: rec('magicLinkAuthenticate', o.magicLinkAuthenticate, { user_id: 'user-1' }),
    },
    otps: { email: { loginOrCreate: rec('otpSend', o.otpSend, { method_id: 'email-otp-1' }) } },
    bootstrap: {
      getSync: () => ({ disable_sdk_watermark: true, email_domains: [], password_config: o.luds ?? { luds_complexity: 0, luds_minimum_count: 0 } }),
      onChange: () => () => {},
    },
    logEvent: () => {},
  };
  return { client, calls };
}
