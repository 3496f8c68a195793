import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useWidget } from '../context.ts';
import { otpExpiryAtom } from '../state/atoms.ts';
import { otpStrings } from './strings.ts';
import { linkButtonCss } from '../components/linkButton.ts';

/** m:ss of a duration in ms, rounded up so 0:00 shows only at expiry. */
export function formatRemaining(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 'Your code expires in m:ss. Didn't get it? Resend code', then the expired text. */
export function Countdown({ onResend, busy }: { onResend(): void; busy: boolean }) {
  const { env } = useWidget();
  const timers = env.timers;
  const expiry = useAtomValue(otpExpiryAtom);
  const [now, setNow] = useState(() => timers.now());
  useEffect(() => {
    // A tick a second, each scheduling the next, on the widget's timers.
    let h: unknown;
    const tick = () => {
      setNow(timers.now());
      h = timers.setTimeout(tick, 1000);
    };
    tick();
    return () => timers.clearTimeout(h);
  }, [timers, expiry]);
  const remaining = expiry - now;
  return (
    <p part="helper">
      {remaining > 0 ? otpStrings.otpExpiresIn(formatRemaining(remaining)) : otpStrings.otpExpired}{' '}
      <button type="button" part="link-button" disabled={busy} onClick={onResend} css={linkButtonCss}>
        {otpStrings.resendCode}
      </button>
    </p>
  );
}
