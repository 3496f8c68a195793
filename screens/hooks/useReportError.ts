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

/** Whether the provider answered that it is unavailable for now (503, e.g. its database is down). */
function isUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { error_type?: unknown }).error_type === 'server_unavailable';
}

/**
 * Hands an error to the host's onError and returns the text to show: the provider's
 * error_message for API errors, the generic message for anything else (SPEC §8). An outage
 * reads from the catalog, so it is translated like the widget's own texts.
 */
export function useReportError(): (error: unknown) => string {
  const { callbacks, strings } = useWidget();
  return useCallback(
    (error: unknown) => {
      callbacks.onError(error instanceof Error ? error : new Error(String(error)));
      if (isUnavailable(error)) return strings.serverUnavailable;
      return apiErrorMessage(error) ?? strings.genericError;
    },
    [callbacks, strings],
  );
}
