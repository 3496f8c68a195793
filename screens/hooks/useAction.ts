import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { readRetryAfter } from '../../client/errors.ts';
import { useAnyWidget } from '../context.ts';
import { useReportError } from './useReportError.ts';
import { useSecondsUntil } from './useSecondsUntil.ts';

/** A 429: the provider asks for a wait (a flow that ends elsewhere on failure keeps these on its control). */
export const isRateLimit = (err: unknown): boolean => typeof err === 'object' && err !== null && (err as { status_code?: unknown }).status_code === 429;

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
  /**
   * Whole seconds until the provider allows the refused call again (a 429 with Retry-After,
   * counted down on the widget's timers); 0 when there is no wait, or when the
   * `rateLimitCountdown` option is off. The form disables its control while it is above 0.
   */
  retryIn: number;
  /** The last run was refused with a wait (counting or counted down): its form shows RetryCountdown instead of the error. */
  rateLimited: boolean;
  /** Busy, or counting a wait down: the controls that run this action are disabled (`run` refuses meanwhile too). */
  blocked: boolean;
}

/**
 * The busy / error / report block of every form (SPEC §8: the host hears every failure,
 * the user reads the provider's message or the generic one). `describe` replaces the shown
 * text where a flow has its own (passkey creation, a wrong passcode); it gets the text that
 * would have been shown. A 429 counts down in place of the text; with the countdown off it
 * reads as the flow's own failure text, as the spec's screens say.
 */
export function useAction(describe?: (error: unknown, shown: string) => string): Action {
  const report = useReportError();
  const { env, rateLimitCountdown } = useAnyWidget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [retryAt, setRetryAt] = useState<number>();
  const retryIn = useSecondsUntil(retryAt);
  const fail = useCallback((message: string | undefined) => {
    setError(message);
    setBusy(false);
  }, []);
  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      // Enter in a field, or an effect, may still ask while the control is disabled.
      if (busy || retryIn > 0) return;
      setBusy(true);
      setError(undefined);
      setRetryAt(undefined);
      try {
        await action();
      } catch (err) {
        const shown = report(err);
        const wait = rateLimitCountdown ? readRetryAfter(err) : undefined;
        if (wait) setRetryAt(env.timers.now() + wait * 1000);
        fail(describe ? describe(err, shown) : shown);
      }
    },
    [busy, retryIn, report, fail, describe, rateLimitCountdown, env],
  );
  const rateLimited = retryAt !== undefined;
  const blocked = busy || retryIn > 0;
  return useMemo(() => ({ busy, error, run, fail, retryIn, rateLimited, blocked }), [busy, error, run, fail, retryIn, rateLimited, blocked]);
}

/**
 * A form's submit handler over its action: the page's own submit stopped, nothing while a run is
 * under way, then the form's own check (a message it returns is shown under the form, not reported,
 * as `fail` does) and, when it passes, `work` run by the action.
 */
export function formSubmit(action: Action, refusal: () => string | undefined, work: () => Promise<unknown>): (e: FormEvent) => void {
  return (e) => {
    e.preventDefault();
    if (action.busy) return;
    const refused = refusal();
    if (refused !== undefined) return action.fail(refused);
    void action.run(work);
  };
}
