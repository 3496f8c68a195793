/** The sign-in methods Organization settings may offer (the official AdminPortalB2BProducts). */
export const ADMIN_AUTH_METHODS = ['emailMagicLinks', 'emailOtp', 'sso', 'password', 'oauthGoogle', 'oauthMicrosoft', 'oauthHubspot', 'oauthSlack', 'oauthGithub'] as const;
export type AdminAuthMethod = (typeof ADMIN_AUTH_METHODS)[number];
/** The MFA methods it may offer (the official B2BMFAProducts). */
export const ADMIN_MFA_METHODS = ['smsOtp', 'totp'] as const;
export type AdminMfaMethod = (typeof ADMIN_MFA_METHODS)[number];

/** A role of the project's policy, as the role-display callbacks receive it. */
export interface PolicyRole {
  role_id: string;
  description?: string;
}

/** The admin portal elements' config: the official AdminPortal*UIConfig keys, all optional. */
export interface AdminConfig {
  /** A 429 with Retry-After counts down on the control it blocked (default on; the shell's shared option). */
  rateLimitCountdown: boolean;
  locale?: string | undefined;
  allowedAuthMethods: readonly AdminAuthMethod[];
  allowedMfaAuthMethods: readonly AdminMfaMethod[];
  inviteTemplateId?: string | undefined;
  inviteRedirectURL?: string | undefined;
  inviteExpirationMinutes?: number | undefined;
  testLoginRedirectURL?: string | undefined;
  testSignupRedirectURL?: string | undefined;
  getRoleDisplayName?: ((role: PolicyRole) => string) | undefined;
  getRoleDescription?: ((role: PolicyRole) => string) | undefined;
  getRoleSortOrder?: ((roles: PolicyRole[]) => string[]) | undefined;
}

type Raw = Record<string, unknown>;

const optString = (raw: Raw, key: string): string | undefined => {
  const v = raw[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new Error(`Invalid config: ${key} must be a string`);
  return v;
};

const optFunction = <F>(raw: Raw, key: string): F | undefined => {
  const v = raw[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'function') throw new Error(`Invalid config: ${key} must be a function`);
  return v as F;
};

function subset<T extends string>(raw: Raw, key: string, all: readonly T[]): readonly T[] {
  const v = raw[key];
  if (v === undefined) return all;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !(all as readonly string[]).includes(x))) {
    throw new Error(`Invalid config: ${key} must be a list of ${all.join(', ')}`);
  }
  return v as T[];
}

/**
 * Reads an admin portal element's config. Every key is optional, as in the official UI; a key of
 * the wrong kind is refused with a sentence naming it, shown in place of the portal.
 */
export function resolveAdminConfig(config: unknown): { ok: true; value: AdminConfig } | { ok: false; message: string } {
  const raw = (config ?? {}) as Raw;
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: 'Invalid config: must be an object' };
  try {
    const minutes = raw.inviteExpirationMinutes;
    if (minutes !== undefined && (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 5 || minutes > 10080)) {
      throw new Error('Invalid config: inviteExpirationMinutes must be a whole number from 5 to 10080');
    }
    return {
      ok: true,
      value: {
        rateLimitCountdown: raw.rateLimitCountdown !== false,
        locale: optString(raw, 'locale'),
        allowedAuthMethods: subset(raw, 'allowedAuthMethods', ADMIN_AUTH_METHODS),
        allowedMfaAuthMethods: subset(raw, 'allowedMfaAuthMethods', ADMIN_MFA_METHODS),
        inviteTemplateId: optString(raw, 'inviteTemplateId'),
        inviteRedirectURL: optString(raw, 'inviteRedirectURL'),
        inviteExpirationMinutes: minutes as number | undefined,
        testLoginRedirectURL: optString(raw, 'testLoginRedirectURL'),
        testSignupRedirectURL: optString(raw, 'testSignupRedirectURL'),
        getRoleDisplayName: optFunction(raw, 'getRoleDisplayName'),
        getRoleDescription: optFunction(raw, 'getRoleDescription'),
        getRoleSortOrder: optFunction(raw, 'getRoleSortOrder'),
      },
    };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}
