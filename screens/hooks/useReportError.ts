import { useCallback } from 'react';
import type { MainId } from '../i18n/useStrings.ts';
import { asError, readApiError } from '../../client/errors.ts';
import { useAnyWidget, useStrings } from '../context.ts';

/** The `error_message` of a provider API error, or undefined for any other failure. */
export function apiErrorMessage(error: unknown): string | undefined {
  return readApiError(error)?.error_message;
}

/** The `error_type` of a provider API error, or undefined for any other failure. */
export function apiErrorType(error: unknown): string | undefined {
  return readApiError(error)?.error_type;
}

/** The catalog id of a provider error: `error.` + its type in camelCase, as the official catalog names them. */
export function errorMessageId(errorType: string): string {
  return `error.${errorType.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;
}

/**
 * Hands an error to the host's onError (as it came) and returns the text to show (SPEC §8):
 * for an API error, the site's `strings` or the locale's text of its type, else in English the
 * provider's error_message (a language without that type reads the generic message); for
 * anything else, the generic message (the line's: the login and B2B catalogs name it
 * differently). An outage always reads from the catalog. One reporter for every product line.
 */
export function useReportError(): (error: unknown) => string {
  const { callbacks, line } = useAnyWidget();
  const t = useStrings(line.messages);
  const generic = line.genericErrorId as MainId;
  return useCallback(
    (error: unknown) => {
      callbacks.onError(asError(error));
      const api = readApiError(error);
      if (!api) return t(generic);
      if (api.error_type === 'server_unavailable') return t('error.serverUnavailable');
      const id = errorMessageId(api.error_type);
      const translated = t.translated(id);
      if (translated !== undefined) return translated;
      // The line's own English for the type (the official B2B catalog names many).
      if (line.messages?.[id] !== undefined) return t(id as MainId);
      return (t.locale === 'en' ? api.error_message : undefined) ?? t(generic);
    },
    [callbacks, line, t, generic],
  );
}
