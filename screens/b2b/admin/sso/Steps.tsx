import { Section } from '../ui.tsx';
import { useAdminStrings } from '../widget.ts';
import { idpOf, type Listed } from './types.ts';

/** What to do in the connection's IdP, in order: where to make the app, what to copy there, what to bring back. */
export function Steps({ listed }: { listed: Listed }) {
  const t = useAdminStrings();
  const idp = idpOf(listed.connection.identity_provider);
  const protocol = listed.protocol === 'saml' ? 'SAML' : 'OIDC';
  return (
    <Section title={t('adminPortal.sso.steps', { idp: t(`adminPortal.idp.${idp}`) })}>
      <ol css={{ margin: 0, paddingInlineStart: 24, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <li>{t(`adminPortal.sso.step1.${idp}`, { protocol })}</li>
        <li>{listed.protocol === 'saml' ? t('adminPortal.sso.step2.saml') : t('adminPortal.sso.step2.oidc')}</li>
        <li>{listed.protocol === 'saml' ? t('adminPortal.sso.step3.saml') : t('adminPortal.sso.step3.oidc')}</li>
        <li>{t('adminPortal.sso.step4')}</li>
      </ol>
    </Section>
  );
}
