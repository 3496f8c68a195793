import { useEffect } from 'react';
import type { Action } from './useAction.ts';
import { useToast } from './useToast.ts';

/**
 * For an action whose failure reads as an error toast (a resend, SPEC §5): its error is toasted;
 * a rate limit's wait is not, it counts down on the control instead (RetryCountdown).
 */
export function useErrorToast(action: Action): void {
  const toast = useToast();
  const shown = action.rateLimited ? undefined : action.error;
  useEffect(() => {
    if (shown) toast.show('error', shown);
  }, [shown, toast]);
}
