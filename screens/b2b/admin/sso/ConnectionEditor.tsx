import { Button, Row } from '../ui.tsx';
import { useAdminStrings } from '../widget.ts';
import { OidcSettings } from './OidcSettings.tsx';
import { SamlSettings } from './SamlSettings.tsx';
import { Steps } from './Steps.tsx';
import type { Listed } from './types.ts';

/** One connection: the IdP's steps, what to copy into the IdP, what to paste from it, mapping, certificates, roles. */
export function ConnectionEditor({ listed, onBack, onChange }: { listed: Listed; onBack: () => void; onChange: (l: Listed) => void }) {
  const t = useAdminStrings();
  return (
    <>
      <Row>
        <Button onClick={onBack}>{t('adminPortal.sso.back')}</Button>
      </Row>
      <Steps listed={listed} />
      {listed.protocol === 'saml' ? (
        <SamlSettings connection={listed.connection} onChange={(connection) => onChange({ protocol: 'saml', connection })} />
      ) : (
        <OidcSettings connection={listed.connection} onChange={(connection) => onChange({ protocol: 'oidc', connection })} />
      )}
    </>
  );
}
