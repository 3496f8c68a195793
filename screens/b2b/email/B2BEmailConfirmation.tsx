import { useAtomValue } from 'jotai';
import { BackButton } from '../../components/BackButton.tsx';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { Heading } from '../../components/Heading.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { sendDiscovery, sendOrganization } from '../send.ts';
import { b2bEmailAtom, b2bOrganizationIdAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

/** 'Check your email' after a link was sent: a discovery link, or the organization's login link. */
export default function B2BEmailConfirmation() {
  const t = useB2BStrings();
  const email = useAtomValue(b2bEmailAtom);
  const { config } = useB2B();
  const client = useB2BClient();
  const action = useAction();
  const { busy, run, fail } = action;
  const organizationId = useAtomValue(b2bOrganizationIdAtom);
  const resend = () =>
    run(async () => {
      await (organizationId ? sendOrganization(client, config, 'link', organizationId, email, t.locale) : sendDiscovery(client, config, 'link', email, t.locale));
      // Sent again: the screen stays, so the button comes back.
      fail(undefined);
    });
  return (
    <section part="container">
      <BackButton />
      <Heading>{t('emailConfirmation.title')}</Heading>
      <p>{t.rich('emailConfirmation.content', { email })}</p>
      <RetryCountdown action={action} />
      <button type="button" part="button button-secondary" disabled={action.blocked} aria-busy={busy} onClick={() => void resend()}>
        {t('button.resendEmail')}
      </button>
    </section>
  );
}
