import { apiErrorType } from '../hooks/useReportError.ts';

/** The passkey ids a sign-in's failure may say (Main's passkey button has these words). */
type AuthT = (id: 'error.passkeyRegistrationNotFound' | 'error.passkeyUnknown') => string;
/** The passkey ids a creation's failure may say. */
type CreationT = (id: 'error.duplicatePasskey' | 'error.passkeyNotCreated') => string;

/** The browser's "user cancelled / not allowed / aborted" outcomes: nothing to show. */
export function isCancellation(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** The text shown for a failed passkey sign-in (SPEC §8), or undefined when the user cancelled. */
export function authErrorText(e: unknown, t: AuthT): string | undefined {
  if (apiErrorType(e) === 'webauthn_registration_not_found') return t('error.passkeyRegistrationNotFound');
  if (isCancellation(e)) return undefined;
  return t('error.passkeyUnknown');
}

// Browsers word the excluded-credential refusal differently; these cover Chromium, Safari and Firefox.
const DUPLICATE = /already registered|excludeCredentials|excluded credential|InvalidStateError/i;

/** The text shown for a failed passkey creation (SPEC §8). */
export function creationErrorText(e: unknown, t: CreationT): string {
  const name = (e as { name?: unknown } | null)?.name;
  const message = e instanceof Error ? e.message : String(e);
  return name === 'InvalidStateError' || DUPLICATE.test(message) ? t('error.duplicatePasskey') : t('error.passkeyNotCreated');
}
