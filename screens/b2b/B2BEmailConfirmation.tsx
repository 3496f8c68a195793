import { useAtomValue } from 'jotai';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { B2BBack } from './B2BBack.tsx';
import { b2bEmailAtom, b2bOrganizationIdAtom, useB2B, useB2BAction, useB2BClient, useB2BStrings } from './context.ts';

/** 'Check your email' after a discovery link was sent; the link brings the user back to Discovery. */
export default function B2BEmailConfirmation() {
  const t = useB2BStrings();
  const email = useAtomValue(b2bEmailAtom);
  const { config } = useB2B();
  const client = useB2BClient();
  const { busy, error, run } = useB2BAction();
  const organizationId = useAtomValue(b2bOrganizationIdAtom);
  const resend = () =>
    run(async () => {
      const o = config.emailMagicLinksOptions;
      if (organizationId) await client.magicLinks.email.loginOrSignup({ organization_id: organizationId, email_address: email, ...(o.loginRedirectURL ? { login_redirect_url: o.loginRedirectURL } : {}) });
      else await client.magicLinks.email.discovery.send({ email_address: email, ...(o.discoveryRedirectURL ? { discovery_redirect_url: o.discoveryRedirectURL } : {}) });
    });
  return (
    <section part="container">
      <B2BBack />
      <Heading>{t('emailConfirmation.title')}</Heading>
      <p>{t.rich('emailConfirmation.content', { email })}</p>
      <ErrorText message={error} />
      <button type="button" part="button button-secondary" disabled={busy} onClick={() => void resend().then(() => undefined)}>
        {t('button.resendEmail')}
      </button>
    </section>
  );
}
