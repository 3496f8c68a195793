import { keyframes } from '@emotion/react';
import { otpMessages } from '../i18n/en/otp.ts';
import { useStrings } from '../context.ts';

/** SPEC §2: the bar fills over 10 s while the code is checked. */
export const VERIFY_PROGRESS_MS = 10_000;
const fill = keyframes({ from: { width: '0%' }, to: { width: '100%' } });

/** 'Verifying passcode...' with its progress bar. */
export function Verifying() {
  const t = useStrings(otpMessages);
  return (
    <div part="verifying" role="status" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span>{t('formField.passcode.status.verifying')}</span>
      <div
        part="progress"
        role="progressbar"
        aria-label={t('formField.passcode.status.verifying')}
        css={{ height: 4, background: 'var(--stytch-inputs-border-color)', borderRadius: 2, overflow: 'hidden' }}
      >
        {/* WCAG 2.3.3: with reduced motion asked for, the bar shows full and still; the text says what is happening. */}
        <div
          css={{
            height: '100%',
            background: 'var(--stytch-colors-primary)',
            animation: `${fill} ${VERIFY_PROGRESS_MS}ms linear forwards`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      </div>
    </div>
  );
}
