import { useCallback } from 'react';
import { useWidget } from '../context.ts';

/** The `error_message` of a provider API error, or undefined for any other failure. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const m = (error as { error_message?: unknown }).error_message;
  return typeof m === 'string' && m !== '' ? m : undefined;
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
