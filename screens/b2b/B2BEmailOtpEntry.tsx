import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { OtpInput } from '../otp/OtpInput.tsx';
import { B2BBack } from './B2BBack.tsx';
import { b2bEmailAtom, useB2BAction, useB2BClient, useB2BStrings, useShowDiscovered } from './context.ts';

/** Email OTP Entry: the discovery code; six digits check it at once, then Discovery lists the organizations. */
export default function B2BEmailOtpEntry() {
  const t = useB2BStrings();
  const email = useAtomValue(b2bEmailAtom);
  const client = useB2BClient();
  const showDiscovered = useShowDiscovered();
  const [code, setCode] = useState('');
  const { busy, error, run } = useB2BAction();
  const resend = useB2BAction();
  const id = useId();
  const onChange = (value: string) => {
    setCode(value);
    if (value.length !== 6) return;
    void run(async () => {
      try {
        const r = await client.otps.email.discovery.authenticate({ email_address: email, code: value });
        await showDiscovered(r.discovered_organizations);
      } catch (err) {
        setCode('');
        throw err;
      }
    });
  };
  return (
    <section part="container">
      <B2BBack />
      <Heading>{t('passcode.title')}</Heading>
      <p id={`${id}-sent`}>{t.rich('passcode.sentConfirmation', { destination: email })}</p>
      <OtpInput id={`${id}-otp`} value={code} disabled={busy} label={t('formField.otp.ariaLabel')} describedBy={error ? `${id}-error` : `${id}-sent`} invalid={!!error} onChange={onChange} />
      {busy ? <p role="status">{t('formField.passcode.status.verifying')}</p> : null}
      <ErrorText id={`${id}-error`} message={error ?? resend.error} />
      <button type="button" part="button button-secondary" disabled={resend.busy} onClick={() => void resend.run(async () => { await client.otps.email.discovery.send({ email_address: email }); resend.fail(undefined); })}>
        {t('passcode.resendCode')}
      </button>
    </section>
  );
}
