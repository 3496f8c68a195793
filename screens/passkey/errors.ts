import { apiErrorType } from '../hooks/useReportError.ts';
import type { PasskeyStrings } from './strings.ts';

/** The browser's "user cancelled / not allowed / aborted" outcomes: nothing to show. */
export function isCancellation(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** The text shown for a failed passkey sign-in (SPEC §8), or undefined when the user cancelled. */
export function authErrorText(e: unknown, s: PasskeyStrings): string | undefined {
  if (apiErrorType(e) === 'webauthn_registration_not_found') return s.authNotFound;
  if (isCancellation(e)) return undefined;
  return s.authUnknown;
}

// Browsers word the excluded-credential refusal differently; these cover Chromium, Safari and Firefox.
const DUPLICATE = /already registered|excludeCredentials|excluded credential|InvalidStateError/i;

/** The text shown for a failed passkey creation (SPEC §8). */
export function creationErrorText(e: unknown, s: PasskeyStrings): string {
  const name = (e as { name?: unknown } | null)?.name;
  const message = e instanceof Error ? e.message : String(e);
  return name === 'InvalidStateError' || DUPLICATE.test(message) ? s.duplicate : s.notCreated;
}
