import { useState } from 'react';
import { formSubmit } from '../../../hooks/useAction.ts';
import { Button, Choice, Failure, Field, Row, Section } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings } from '../widget.ts';
import { asConnection, IDPS, type Idp, type Listed, type Protocol } from './types.ts';

/** A new SAML or OIDC connection for Okta, Entra ID, Google Workspace or another IdP; its settings follow. */
export function NewConnection({ onCancel, onCreated }: { onCancel: () => void; onCreated: (l: Listed) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const action = useAdminAction();
  const [name, setName] = useState('');
  const [protocol, setProtocol] = useState<Protocol>('saml');
  const [idp, setIdp] = useState<Idp>('okta');
  const submit = formSubmit(
    action,
    () => (name.trim() ? undefined : t('adminPortal.sso.nameRequired')),
    async () => {
      const o = { display_name: name.trim(), identity_provider: idp };
      const r = protocol === 'saml' ? await client.sso.saml.createConnection(o) : await client.sso.oidc.createConnection(o);
      onCreated({ protocol, connection: asConnection(r.connection) });
    },
  );
  return (
    <Section title={t('adminPortal.sso.new')}>
      <form onSubmit={submit} css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Field label={t('adminPortal.sso.displayName')} value={name} onChange={setName} required />
        <Choice legend={t('adminPortal.sso.idp')} value={idp} onChange={setIdp} options={IDPS.map((value) => ({ value, label: t(`adminPortal.idp.${value}`) }))} />
        <Choice
          legend={t('adminPortal.sso.protocol')}
          value={protocol}
          onChange={setProtocol}
          options={[
            { value: 'saml', label: 'SAML' },
            { value: 'oidc', label: 'OIDC' },
          ]}
        />
        <Failure action={action} />
        <Row>
          <Button kind="primary" type="submit" busy={action.busy}>
            {t('adminPortal.sso.create')}
          </Button>
          <Button onClick={onCancel}>{t('adminPortal.cancel')}</Button>
        </Row>
      </form>
    </Section>
  );
}
