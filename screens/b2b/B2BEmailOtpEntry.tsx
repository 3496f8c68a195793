import { useAtomValue, useSetAtom } from 'jotai';
import { signedInFrom } from './signIn.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { OtpInput } from '../components/OtpInput.tsx';
import { transitionCountAtom } from '../state/atoms.ts';
import { B2BBack } from './B2BBack.tsx';
import { b2bEmailAtom, b2bOrganizationIdAtom, signedInAtom, useB2B, useB2BGo, useB2BAction, useB2BClient, useB2BStrings, useShowDiscovered } from './context.ts';

/** Email OTP Entry: the discovery code; six digits check it at once, then Discovery lists the organizations. */
export default function B2BEmailOtpEntry() {
  const t = useB2BStrings();
  const email = useAtomValue(b2bEmailAtom);
  const client = useB2BClient();
  const showDiscovered = useShowDiscovered();
  const { config } = useB2B();
  const go = useB2BGo();
  const setSignedIn = useSetAtom(signedInAtom);
  // Set in the organization flow: the code signs in to that organization, not to discovery.
  const organizationId = useAtomValue(b2bOrganizationIdAtom);
  const [code, setCode] = useState('');
  const { busy, error, run } = useB2BAction();
  const resend = useB2BAction();
  const id = useId();
  // As on the B2C code screen: opening it puts the caret in the field (after the heading took
  // focus: this effect, the parent's, runs last); not on a first load, which never takes focus.
  const input = useRef<HTMLInputElement>(null);
  const transitions = useAtomValue(transitionCountAtom);
  useEffect(() => {
    if (transitions > 0) input.current?.focus();
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onChange = (value: string) => {
    setCode(value);
    if (value.length !== 6) return;
    void run(async () => {
      try {
        if (organizationId) {
          const r = await client.otps.email.authenticate({ email_address: email, code: value, organization_id: organizationId, session_duration_minutes: config.sessionOptions.sessionDurationMinutes });
          setSignedIn(signedInFrom(r));
          go('LoggedIn');
        } else {
          const r = await client.otps.email.discovery.authenticate({ email_address: email, code: value });
          await showDiscovered(r.discovered_organizations);
        }
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
      <OtpInput ref={input} id={`${id}-otp`} value={code} disabled={busy} label={t('formField.otp.ariaLabel')} describedBy={error ? `${id}-error` : `${id}-sent`} invalid={!!error} onChange={onChange} />
      {busy ? <p role="status">{t('formField.passcode.status.verifying')}</p> : null}
      <ErrorText id={`${id}-error`} message={error ?? resend.error} />
      <button type="button" part="button button-secondary" disabled={resend.busy} onClick={() => void resend.run(async () => { await (organizationId ? client.otps.email.loginOrSignup({ organization_id: organizationId, email_address: email }) : client.otps.email.discovery.send({ email_address: email })); resend.fail(undefined); })}>
        {t('passcode.resendCode')}
      </button>
    </section>
  );
}
