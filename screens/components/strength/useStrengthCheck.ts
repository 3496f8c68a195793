import { useEffect, useRef, useState } from 'react';
import type { B2BStrengthCheckResult, StrengthCheckResult } from '../../../client/schemas/responses.ts';
import { useAnyWidget } from '../../context.ts';
import { MissingClientError, requireClient } from '../../hooks/requireClient.ts';
import { useReportError } from '../../hooks/useReportError.ts';

/** Keystrokes closer together than this share one check (SPEC §9 debounce default). */
export const STRENGTH_DEBOUNCE_MS = 500;

/** What the indicator shows: the provider's verdict on one exact password, or its error. */
export interface Strength {
  /** The password in the field. */
  password: string;
  /** The verdict, only while it is about the password now in the field. */
  result: StrengthCheckResult | undefined;
  /** The check's own error message (e.g. an invalid email), shown instead of the verdict. */
  error: string | undefined;
  /** Whether the field's current password passed: the submit button waits on this. */
  valid: boolean;
}

/** What both lines' clients offer: the login client answers the shared shape, the B2B client the B2B one. */
interface StrengthChecker {
  passwords: { strengthCheck(o: { password: string; email?: string; email_address?: string }): Promise<StrengthCheckResult | B2BStrengthCheckResult> };
}

/** Whether a line's client offers the strength check (both lines' clients do). */
function isStrengthChecker(client: unknown): client is StrengthChecker {
  return typeof client === 'object' && client !== null && 'passwords' in client && typeof client.passwords === 'object' && client.passwords !== null && 'strengthCheck' in client.passwords;
}

/** One verdict for both wire shapes: the B2B answer's `zxcvbn_feedback`/`luds_feedback` as the shared `feedback`. */
export function verdictOf(r: StrengthCheckResult | B2BStrengthCheckResult): StrengthCheckResult {
  if ('feedback' in r) return r;
  const { zxcvbn_feedback: z, luds_feedback: luds, ...rest } = r;
  return { ...rest, feedback: { warning: z?.warning ?? '', suggestions: z?.suggestions ?? [], luds_requirements: luds } };
}

/**
 * Checks `password` (with `email` when given) after each change. Answers that arrive for an
 * older password, or out of order, are dropped: the verdict always matches the field.
 */
export function useStrengthCheck(password: string, email?: string): Strength {
  // Either line's widget: the login client or the B2B one (see StrengthChecker).
  const { client, env } = useAnyWidget();
  const report = useReportError();
  const timers = env.timers;
  const [answer, setAnswer] = useState<{ password: string; result?: StrengthCheckResult; error?: string }>();
  const latest = useRef(0);

  useEffect(() => {
    const seq = ++latest.current;
    if (password === '') return;
    const timer = timers.setTimeout(() => {
      // Through a promise, so even a missing client ends as an answer, never a throw in a timer.
      Promise.resolve()
        .then(() => {
          const checker = requireClient(client);
          if (!isStrengthChecker(checker)) throw new MissingClientError();
          return checker.passwords.strengthCheck(email === undefined ? { password } : { email, password });
        })
        .then(
          (r) => {
            if (seq === latest.current) setAnswer({ password, result: verdictOf(r) });
          },
          (err: unknown) => {
            if (seq !== latest.current) return;
            setAnswer({ password, error: report(err) });
          },
        );
    }, STRENGTH_DEBOUNCE_MS);
    return () => timers.clearTimeout(timer);
  }, [password, email, client, timers, report]);

  const current = answer && answer.password === password ? answer : undefined;
  return { password, result: current?.result, error: current?.error, valid: current?.result?.valid_password === true };
}
