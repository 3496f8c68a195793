import { useAtomValue } from 'jotai';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { CodeEntry } from '../CodeEntry.tsx';
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
  const resend = useAction();
  const submit = async (code: string) => {
    if (organizationId) {
      signedIn(
        await client.otps.email.authenticate({
          email_address: email,
          code,
          organization_id: organizationId,
          session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
          ...localeOf(config, t.locale),
        }),
      );
      return;
    }
    const r = await client.otps.email.discovery.authenticate({ email_address: email, code });
    await showDiscovered(r.discovered_organizations);
  };
  const sendAgain = () =>
    resend.run(async () => {
      await (organizationId ? sendOrganization(client, config, 'code', organizationId, email, t.locale) : sendDiscovery(client, config, 'code', email, t.locale));
      resend.fail(undefined);
    });
  return (
    <CodeEntry back reason title={t('passcode.title')} instruction={t.rich('passcode.sentConfirmation', { destination: email })} submit={submit}>
      <RetryCountdown action={resend} />
      <button type="button" part="button button-secondary" disabled={resend.blocked} aria-busy={resend.busy} onClick={() => void sendAgain()}>
        {t('passcode.resendCode')}
      </button>
    </CodeEntry>
  );
}
