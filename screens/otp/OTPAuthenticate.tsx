import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useEffectCallback } from '../hooks/useEffectCallback.ts';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { BackButton } from '../components/BackButton.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { Heading } from '../components/Heading.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import { useErrorToast } from '../hooks/useErrorToast.ts';
import { apiErrorMessage } from '../hooks/useReportError.ts';
import { useToast } from '../hooks/useToast.ts';
import { sendOtp } from '../send/send.ts';
import { otpExpiryAtom, otpStateAtom } from '../state/atoms.ts';
import { Countdown } from './Countdown.tsx';
import { OtpCells } from './OtpCells.tsx';
import { OtpInput } from '../components/OtpInput.tsx';
import { Verifying } from './Verifying.tsx';
import { receiveSmsCode } from './webOtp.ts';
import { otpMessages } from '../i18n/en/otp.ts';
import { useDisplayDestination } from './useDisplayDestination.ts';
import type { OtpCredentials } from '../env.ts';
import { useSignedIn } from '../hooks/useSignedIn.ts';
import { useFocusOnOpen } from '../hooks/useFocusOnOpen.ts';
import { usePrefetchPasskeyOffer } from '../components/usePasskeyOffer.ts';

/**
 * 'Enter passcode': the code field, the countdown with resend, and verification (SPEC §2);
 * `children` (another flow's alternatives) render inside the same card.
 */
export default function OTPAuthenticate({ children }: { children?: ReactNode }) {
  const t = useStrings(otpMessages);
  const { client, config, env } = useWidget();
  usePrefetchPasskeyOffer();
  const timers = env.timers;
  const [otp, setOtp] = useAtom(otpStateAtom);
  const setExpiry = useSetAtom(otpExpiryAtom);
  const signedIn = useSignedIn();
  const toast = useToast();
  const [code, setCode] = useState('');
  // A refused code reads as the one verify failure text (SPEC §5); other failures as they are.
  const verification = useAction((err, shown) => (apiErrorMessage(err) !== undefined ? t('error.otpCodeNotFound') : shown));
  const { busy: verifying, error } = verification;
  // The passcode screen puts the caret in its field when it opens.
  const input = useFocusOnOpen<HTMLInputElement>();
  const id = useWidgetId();
  const destination = useDisplayDestination(otp.type, otp.otpDestination);
  const CodeInput = config.otp.inputStyle === 'cells' ? OtpCells : OtpInput;

  // The digits stay after a failure, as in the official UI: the user sees what was sent and fixes it.
  const verify = (value: string) =>
    verification.run(async () => {
      const r = await requireClient(client).otps.authenticate(value, otp.methodId, { session_duration_minutes: config.session.sessionDurationMinutes });
      signedIn('OTP_AUTHENTICATE', r, 'otp', 'OTPConfirmation');
    });

  const change = (value: string) => {
    setCode(value);
    if (value.length === 6 && !verifying && verification.retryIn === 0) void verify(value);
  };

  useEffect(() => {
    if (!verifying && error) input.current?.select();
  }, [verifying, error, input]);

  // Where the browser supports the Web OTP API, an SMS code fills itself in, once per
  // destination. It is entered with the screen's state as it is when the code arrives: a
  // resend in the meantime gave the code a new method id, which the verify must carry.
  const fillSmsCode = useEffectCallback((c: string) => change(c.replace(/\D/g, '').slice(0, 6)));
  useEffect(() => {
    if (otp.type !== 'sms') return;
    const ctrl = new AbortController();
    void receiveSmsCode(env.credentials ?? (globalThis.navigator?.credentials as OtpCredentials | undefined), ctrl.signal).then((c) => {
      if (c && !ctrl.signal.aborted) fillSmsCode(c);
    });
    return () => ctrl.abort();
  }, [otp.type, otp.otpDestination, env.credentials, fillSmsCode]);

  // A failed resend reads as an error toast (SPEC §5); one the provider rate-limits counts down
  // under the resend link instead, which waits for it.
  const resending = useAction();
  const resend = () =>
    resending.run(async () => {
      const r = await sendOtp(requireClient(client), config, otp.type, otp.otpDestination, t.locale);
      setOtp({ ...otp, methodId: r.method_id });
      setExpiry(timers.now() + config.otp.expirationMinutes * 60_000);
      verification.fail(undefined);
      resending.fail(undefined);
      toast.show('success', t('toast.codeResent'));
    });
  useErrorToast(resending);

  return (
    <section part="container">
      <BackButton />
      <Heading>{t('passcode.title')}</Heading>
      {/* A phone number or address reads left to right in any language. */}
      <p id={`${id}-sent`}>{t.rich('passcode.sentConfirmation', { destination: <span dir="ltr">{destination}</span> })}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (code.length === 6 && !verifying) void verify(code);
        }}
        css={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <CodeInput
          ref={input}
          id={`${id}-code`}
          label={t('formField.otp.ariaLabel')}
          value={code}
          disabled={verification.blocked}
          describedBy={error ? `${id}-error` : `${id}-sent`}
          invalid={Boolean(error)}
          onChange={change}
        />
        <RetryCountdown id={`${id}-error`} action={verification} />
      </form>
      {verifying ? <Verifying /> : <Countdown onResend={() => void resend()} busy={resending.blocked} />}
      {resending.rateLimited ? <RetryCountdown action={resending} /> : null}
      {children}
    </section>
  );
}
