import { useAtomValue } from 'jotai';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { Heading } from '../../components/Heading.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { sendPasswordReset } from '../send.ts';
import { b2bEmailAtom, passwordOrganizationAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { ghostButtonCss } from './styles.ts';

/** Password Set New Confirmation: 'Check your email' after a reset link was sent; it may be sent again. */
export default function PasswordSetNew() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const email = useAtomValue(b2bEmailAtom);
  const organization = useAtomValue(passwordOrganizationAtom);
  const action = useAction();
  const { busy, run, fail } = action;
  const resend = () =>
    run(async () => {
      await sendPasswordReset(client, config, organization?.organization_id, email, t.locale);
      // Sent again: the screen stays, so the button comes back.
      fail(undefined);
    });
  return (
    <section part="container">
      <Heading>{t('password.reset.emailSent.title')}</Heading>
      <p>{t.rich('password.reset.emailSent.content', { email })}</p>
      <RetryCountdown action={action} />
      <button type="button" part="button button-secondary" disabled={action.blocked} aria-busy={busy} onClick={() => void resend()}>
        {t('button.resendEmail')}
      </button>
      <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('Main')}>
        {t('button.goBack')}
      </button>
    </section>
  );
}
