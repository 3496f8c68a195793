import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useWidget, useStrings } from '../context.ts';
import { otpExpiryAtom } from '../state/atoms.ts';
import { otpMessages } from '../i18n/en/otp.ts';
import { linkButtonCss } from '../components/linkButton.ts';

/** m:ss of a duration in ms, rounded up so 0:00 shows only at expiry; digits in the locale's numerals. */
export function formatRemaining(ms: number, number: (n: number, options?: Intl.NumberFormatOptions) => string = String): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${number(Math.floor(s / 60))}:${number(s % 60, { minimumIntegerDigits: 2 })}`;
}

/** A time (m:ss) isolated left to right inside right-to-left text, so 4:59 never reads 59:4. */
function ltr(text: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** 'Your code expires in m:ss. Didn't get it? Resend code', then the expired text. */
export function Countdown({ onResend, busy }: { onResend(): void; busy: boolean }) {
  const t = useStrings(otpMessages);
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
      {remaining > 0 ? `${t('passcode.expirationCountdown', { timeRemaining: ltr(formatRemaining(remaining, t.number), t.dir) })} ${t('passcode.didntGetIt')}` : t('passcode.expired')}{' '}
      <button type="button" part="link-button" disabled={busy} onClick={onResend} css={linkButtonCss}>
        {t('passcode.resendCode')}
      </button>
    </p>
  );
}
