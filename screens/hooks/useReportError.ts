import { useCallback } from 'react';
import { readApiError } from '../../client/errors.ts';
import { useWidget } from '../context.ts';

/** The `error_message` of a provider API error, or undefined for any other failure. */
export function apiErrorMessage(error: unknown): string | undefined {
  return readApiError(error)?.error_message;
}

/** The `error_type` of a provider API error, or undefined for any other failure. */
export function apiErrorType(error: unknown): string | undefined {
  return readApiError(error)?.error_type;
}

/**
 * Hands an error to the host's onError and returns the text to show: the provider's
 * error_message for API errors, the generic message for anything else (SPEC §8).
 */
export function useReportError(): (error: unknown) => string {
  const { callbacks, strings } = useWidget();
  return useCallback(
    (error: unknown) => {
      callbacks.onError(error instanceof Error ? error : new Error(String(error)));
      return apiErrorMessage(error) ?? strings.genericError;
    },
    [callbacks, strings],
  );
}
