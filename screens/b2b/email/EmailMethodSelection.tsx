import { useAtomValue } from 'jotai';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { Heading } from '../../components/Heading.tsx';
import { ghostButtonCss } from '../../components/linkButton.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { sendDiscovery, sendOrganization } from '../send.ts';
import { b2bEmailAtom, b2bOrganizationIdAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

const OPTIONS = {
  emailMagicLinks: { method: 'link', label: 'emailMethodSelection.link', next: 'EmailConfirmation' },
  emailOtp: { method: 'code', label: 'emailMethodSelection.code', next: 'EmailOtpEntry' },
} as const;

/**
 * Email Method Selection (the official EmailMethodSelectionScreen): with both email products on,
 * 'Continue with email' asks which, a login link or a login code, in the config's product order;
 * the address typed on Main gets it (a discovery one, or the organization's), then the screen
 * that waits for it. A refused send stays here with its reason; 'Go back' returns to Main.
 */
export default function EmailMethodSelection() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const email = useAtomValue(b2bEmailAtom);
  const organizationId = useAtomValue(b2bOrganizationIdAtom);
  const action = useAction();
  const { busy, run } = action;
  const choices = config.products.flatMap((p) => (p === 'emailMagicLinks' || p === 'emailOtp' ? [OPTIONS[p]] : []));
  const choose = (o: (typeof choices)[number]) =>
    run(async () => {
      await (organizationId ? sendOrganization(client, config, o.method, organizationId, email, t.locale) : sendDiscovery(client, config, o.method, email, t.locale));
      go(o.next);
    });
  return (
    <section part="container">
      <Heading>{t('emailMethodSelection.title')}</Heading>
      {choices.map((o) => (
        <button key={o.method} type="button" part="button button-secondary" disabled={action.blocked} aria-busy={busy} onClick={() => void choose(o)}>
          {t(o.label)}
        </button>
      ))}
      <RetryCountdown action={action} />
      <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('Main')}>
        {t('button.goBack')}
      </button>
    </section>
  );
}
