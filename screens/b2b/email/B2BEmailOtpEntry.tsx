import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { BackButton } from '../../components/BackButton.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { OtpInput } from '../../components/OtpInput.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { useFocusOnOpen } from '../../hooks/useFocusOnOpen.ts';
import { usePrimaryOutcome } from '../outcome.ts';
import { localeOf, sendDiscovery, sendOrganization } from '../send.ts';
import { b2bEmailAtom, b2bOrganizationIdAtom } from '../state.ts';
import { useShowDiscovered } from '../useShowDiscovered.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

/** Email OTP Entry: six digits check at once; a discovery code lists the organizations, an organization's code signs in to it. */
export default function B2BEmailOtpEntry() {
  const t = useB2BStrings();
  const email = useAtomValue(b2bEmailAtom);
  const client = useB2BClient();
  const showDiscovered = useShowDiscovered();
  const signedIn = usePrimaryOutcome();
  const { config } = useB2B();
  // Set in the organization flow: the code signs in to that organization, not to discovery.
  const organizationId = useAtomValue(b2bOrganizationIdAtom);
  const [code, setCode] = useState('');
  const { busy, error, run } = useAction();
  const resend = useAction();
  const id = useId();
  // As on the B2C code screen: the caret goes to the code field when the screen opens.
  const input = useFocusOnOpen<HTMLInputElement>();
  const onChange = (value: string) => {
    setCode(value);
    if (value.length !== 6) return;
    void run(async () => {
      try {
        if (organizationId) {
          signedIn(
            await client.otps.email.authenticate({
              email_address: email,
              code: value,
              organization_id: organizationId,
              session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
              ...localeOf(t.locale),
            }),
          );
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
  const sendAgain = () =>
    resend.run(async () => {
      await (organizationId ? sendOrganization(client, config, 'code', organizationId, email, t.locale) : sendDiscovery(client, config, 'code', email, t.locale));
      resend.fail(undefined);
    });
  return (
    <section part="container">
      <BackButton />
      <Heading>{t('passcode.title')}</Heading>
      <p id={`${id}-sent`}>{t.rich('passcode.sentConfirmation', { destination: email })}</p>
      <OtpInput
        ref={input}
        id={`${id}-otp`}
        value={code}
        disabled={busy}
        label={t('formField.otp.ariaLabel')}
        describedBy={error ? `${id}-error` : `${id}-sent`}
        invalid={!!error}
        onChange={onChange}
      />
      {busy ? <p role="status">{t('formField.passcode.status.verifying')}</p> : null}
      <ErrorText id={`${id}-error`} message={error ?? resend.error} />
      <button type="button" part="button button-secondary" disabled={resend.busy} onClick={() => void sendAgain()}>
        {t('passcode.resendCode')}
      </button>
    </section>
  );
}
