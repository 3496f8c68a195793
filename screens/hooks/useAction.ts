import { useCallback, useMemo, useState } from 'react';
import { useReportError } from './useReportError.ts';

/** One form's action as its screen sees it. */
export interface Action {
  /** True from the start of a run until it fails (a success keeps it: the screen is about to change). */
  busy: boolean;
  /** What the last run ended with, shown under the form. */
  error: string | undefined;
  /** Runs `action` unless one is running; a failure is reported to the host and shown. */
  run(action: () => Promise<unknown>): Promise<void>;
  /** Ends the run (or refuses to start one) with a message of the form's own, not reported. */
  fail(message: string | undefined): void;
}

/**
 * The busy / error / report block of every form (SPEC §8: the host hears every failure,
 * the user reads the provider's message or the generic one). `describe` replaces the shown
 * text where a flow has its own (passkey creation, a wrong passcode); it gets the text that
 * would have been shown.
 */
export function useAction(describe?: (error: unknown, shown: string) => string): Action {
  const report = useReportError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const fail = useCallback((message: string | undefined) => {
    setError(message);
    setBusy(false);
  }, []);
  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      if (busy) return;
      setBusy(true);
      setError(undefined);
      try {
        await action();
      } catch (err) {
        const shown = report(err);
        fail(describe ? describe(err, shown) : shown);
      }
    },
    [busy, report, fail, describe],
  );
  return useMemo(() => ({ busy, error, run, fail }), [busy, error, run, fail]);
}
