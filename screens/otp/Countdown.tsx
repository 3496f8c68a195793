import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useWidget, useStrings } from '../context.ts';
import { otpExpiryAtom } from '../state/atoms.ts';
import { otpMessages } from '../i18n/en/otp.ts';
import { linkButtonCss } from '../components/linkButton.ts';
import { formatRemaining, ltr } from '../components/remaining.ts';

export { formatRemaining };

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
