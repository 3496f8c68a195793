import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useAnyWidget } from '../../context.ts';
import { useSecondsUntil } from '../../hooks/useSecondsUntil.ts';
import type { MfaProduct } from '../config.ts';
import { mfaAtom, type MfaState } from '../state.ts';

/**
 * The MFA state of the member signing in, and its setter. The MFA screens are reached only by
 * the primary factor outcome, which sets it first; a screen that finds none (a host that set
 * the screen itself) is a programming error.
 */
export function useMfa(): [MfaState, (update: (s: MfaState) => MfaState) => void] {
  const [mfa, setMfa] = useAtom(mfaAtom);
  if (!mfa) throw new Error('An MFA screen rendered before a primary factor was proven');
  const update = useCallback((f: (s: MfaState) => MfaState) => setMfa((s) => (s ? f(s) : s)), [setMfa]);
  return [mfa, update];
}

/** Whether the member may switch to `product` at entry: has it, the organization allows it, and is not enrolling. */
export function canSwitchTo(mfa: MfaState, product: MfaProduct): boolean {
  return (
    !mfa.enrolling && mfa.enrolled.includes(product) && (mfa.organization.mfa_methods !== 'RESTRICTED' || mfa.organization.allowed_mfa_methods.includes(product === 'smsOtp' ? 'sms_otp' : 'totp'))
  );
}

/** A flag that turns itself off after `ms` ('Copied!' for a few seconds), on the widget's timers. */
export function useTimedFlag(ms: number): [boolean, () => void] {
  const { timers } = useAnyWidget().env;
  const [on, setOn] = useState(0);
  useEffect(() => {
    if (!on) return;
    const h = timers.setTimeout(() => setOn(0), ms);
    return () => timers.clearTimeout(h);
  }, [on, ms, timers]);
  return [on > 0, useCallback(() => setOn((n) => n + 1), [])];
}

export { useSecondsUntil };

/** Seconds left of a cooldown ('Code sent! Try again in 15s'); `start` begins one, `clear` ends it. */
export function useCooldown(): [number, (seconds: number) => void, () => void] {
  const { timers } = useAnyWidget().env;
  const [until, setUntil] = useState<number>();
  const left = useSecondsUntil(until);
  const start = useCallback((seconds: number) => setUntil(timers.now() + seconds * 1000), [timers]);
  const clear = useCallback(() => setUntil(undefined), []);
  return [left, start, clear];
}

/** m:ss, as the official countdown shows it. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds - m * 60).padStart(2, '0')}`;
}
