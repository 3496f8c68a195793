import { useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import { useGo } from '../hooks/useGo.ts';
import { apiErrorType, useReportError } from '../hooks/useReportError.ts';
import { b2bErrorAtom, type B2BError } from './state.ts';

/**
 * The sub-view a failure that ends on the Error screen shows: the provider's
 * `ad_blocker_detected` always reads as AdBlockerDetected (as the official maps it), any other
 * failure as the caller's type.
 */
export function errorScreenOf(error: unknown, fallback: B2BError): B2BError {
  return apiErrorType(error) === 'ad_blocker_detected' ? { type: 'AdBlockerDetected' } : fallback;
}

/**
 * Ends a flow on the Error screen: the failure (if any) goes to the host's onError, then the
 * screen shows `fallback`'s sub-view (or AdBlockerDetected). `fallback` may be a function of
 * the failure's shown text (Default shows it).
 */
export function useShowError(): (error: unknown, fallback: B2BError | ((shown: string) => B2BError)) => void {
  const report = useReportError();
  const go = useGo();
  const setError = useSetAtom(b2bErrorAtom);
  return useCallback(
    (error, fallback) => {
      const shown = error === undefined ? '' : report(error);
      startTransition(() => setError(errorScreenOf(error, typeof fallback === 'function' ? fallback(shown) : fallback)));
      go('Error');
    },
    [report, go, setError],
  );
}
