import { useState, type ReactNode } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { BackButton } from '../components/BackButton.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { Heading } from '../components/Heading.tsx';
import { OtpInput } from '../components/OtpInput.tsx';
import { useAction } from '../hooks/useAction.ts';
import { useFocusOnOpen } from '../hooks/useFocusOnOpen.ts';
import { apiErrorType } from '../hooks/useReportError.ts';
import { useB2BStrings } from './widget.ts';

/**
 * The six-digit entry of the code screens (Email OTP Entry, TOTP Entry, SMS OTP Entry), as the official OTPEntry:
 * a title, what to do, the code checked as soon as it has six digits; a refused code reads
 * 'Invalid passcode, please try again.' and the field is emptied for another try.
 */
export function CodeEntry({
  title,
  instruction,
  helper,
  submit,
  back,
  reason,
  children,
}: {
  title: string;
  instruction: ReactNode;
  helper?: string | undefined;
  submit(code: string): Promise<unknown>;
  /** The back arrow to Main (Email OTP Entry has one; the MFA screens do not). */
  back?: boolean;
  /** A refusal reads as its own reason (the official Email OTP Entry), not 'Invalid passcode' (the MFA screens). */
  reason?: boolean;
  children?: ReactNode;
}) {
  const t = useB2BStrings();
  const [code, setCode] = useState('');
  const action = useAction((err, shown) => (!reason && apiErrorType(err) && apiErrorType(err) !== 'server_unavailable' ? t('error.passcodeInvalid') : shown));
  const { busy, error, run } = action;
  const id = useWidgetId();
  // A code screen puts the caret in its field when it opens, as the login element's does.
  const input = useFocusOnOpen<HTMLInputElement>();
  const onChange = (value: string) => {
    setCode(value);
    if (value.length !== 6 || action.retryIn > 0) return;
    void run(async () => {
      try {
        await submit(value);
      } catch (err) {
        setCode('');
        throw err;
      }
    });
  };
  return (
    <section part="container">
      {back ? <BackButton /> : null}
      <Heading>{title}</Heading>
      <p id={`${id}-what`}>{instruction}</p>
      <OtpInput
        ref={input}
        id={`${id}-otp`}
        value={code}
        disabled={action.blocked}
        label={t('formField.otp.ariaLabel')}
        describedBy={error ? `${id}-error` : `${id}-what`}
        invalid={!!error && !action.rateLimited}
        onChange={onChange}
      />
      {busy ? <p role="status">{t('formField.passcode.status.verifying')}</p> : null}
      <RetryCountdown id={`${id}-error`} action={action} />
      {helper ? <p part="helper">{helper}</p> : null}
      {children}
    </section>
  );
}
