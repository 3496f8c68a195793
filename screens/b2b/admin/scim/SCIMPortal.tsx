import { useState } from 'react';
import type { SCIMConnection } from '../../../../client/b2b/scim.ts';
import { ErrorText } from '../../../components/ErrorText.tsx';
import { formSubmit } from '../../../hooks/useAction.ts';
import { Button, Choice, Confirmed, Copyable, Failure, Field, Portal, Row, Section } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan, useLoad } from '../widget.ts';
import { GroupRoles } from './GroupRoles.tsx';
import { TokenRotation } from './TokenRotation.tsx';

const SCIM_IDPS = ['okta', 'microsoft-entra', 'generic'] as const;

/**
 * `<stytch-b2b-admin-portal-scim>`: the organization's SCIM connection. A new connection's bearer
 * token is shown once; rotation keeps the old token working until it is completed or cancelled.
 */
export default function SCIMPortal() {
  const t = useAdminStrings();
  const client = useAdminClient();
  const canCreate = useCan('stytch.scim', 'create');
  const loaded = useLoad(() => client.scim.getConnection(), 'scim');
  const [connection, setConnection] = useState<SCIMConnection | null | undefined>();
  const [token, setToken] = useState<string | undefined>();
  const current = connection !== undefined ? connection : loaded.data?.connection;
  return (
    <Portal title={t('adminPortal.scim.title')}>
      <ErrorText message={loaded.error} />
      {loaded.loading && current === undefined ? <p part="helper">{t('adminPortal.loading')}</p> : null}
      {current === null || (current === undefined && loaded.data) ? (
        canCreate ? (
          <CreateConnection
            onCreated={(c, bearer) => {
              setConnection(c);
              setToken(bearer);
            }}
          />
        ) : (
          <p>{t('adminPortal.scim.none')}</p>
        )
      ) : null}
      {current ? (
        <>
          {token ? (
            <Section title={t('adminPortal.scim.tokenOnce')}>
              <p role="status" css={{ margin: 0 }}>
                {t('adminPortal.scim.tokenOnceHint')}
              </p>
              <Copyable label={t('adminPortal.scim.token')} value={token} />
            </Section>
          ) : null}
          <ConnectionDetails connection={current} />
          <TokenRotation connection={current} onChange={setConnection} />
          <GroupRoles connection={current} onChange={setConnection} />
          <DeleteConnection
            connection={current}
            onDeleted={() => {
              setConnection(null);
              setToken(undefined);
            }}
          />
        </>
      ) : null}
    </Portal>
  );
}

function CreateConnection({ onCreated }: { onCreated: (c: SCIMConnection, token: string) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const action = useAdminAction();
  const [name, setName] = useState('');
  const [idp, setIdp] = useState<(typeof SCIM_IDPS)[number]>('okta');
  const submit = formSubmit(
    action,
    () => undefined,
    async () => {
      const r = await client.scim.createConnection({ display_name: name.trim(), identity_provider: idp });
      // The connection with its token names no last four characters: the details show the token's.
      const { bearer_token, ...connection } = r.connection;
      onCreated({ ...connection, bearer_token_last_four: bearer_token.slice(-4) }, bearer_token);
    },
  );
  return (
    <Section title={t('adminPortal.scim.new')}>
      <p css={{ margin: 0 }}>{t('adminPortal.scim.none')}</p>
      <form onSubmit={submit} css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Field label={t('adminPortal.sso.displayName')} value={name} onChange={setName} />
        <Choice legend={t('adminPortal.sso.idp')} value={idp} onChange={setIdp} options={SCIM_IDPS.map((value) => ({ value, label: t(`adminPortal.idp.${value}`) }))} />
        <Failure action={action} />
        <Row>
          <Button kind="primary" type="submit" busy={action.busy}>
            {t('adminPortal.scim.create')}
          </Button>
        </Row>
      </form>
    </Section>
  );
}

function ConnectionDetails({ connection: c }: { connection: SCIMConnection }) {
  const t = useAdminStrings();
  return (
    <Section title={t('adminPortal.scim.connection')}>
      <Copyable label={t('adminPortal.scim.baseUrl')} value={c.base_url} />
      <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0, dd: { margin: 0 } }}>
        <dt>{t('adminPortal.sso.displayName')}</dt>
        <dd>{c.display_name || '—'}</dd>
        <dt>{t('adminPortal.sso.idp')}</dt>
        <dd>{c.identity_provider}</dd>
        <dt>{t('adminPortal.scim.token')}</dt>
        <dd dir="ltr">…{c.bearer_token_last_four}</dd>
      </dl>
    </Section>
  );
}

function DeleteConnection({ connection, onDeleted }: { connection: SCIMConnection; onDeleted: () => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const can = useCan('stytch.scim', 'delete');
  const action = useAdminAction();
  if (!can) return null;
  return (
    <Section title={t('adminPortal.members.dangerZone')}>
      <Confirmed
        label={t('adminPortal.scim.delete')}
        warning={t('adminPortal.scim.deleteWarning')}
        action={action}
        onConfirm={async () => {
          await client.scim.deleteConnection(connection.connection_id);
          onDeleted();
        }}
      />
      <Failure action={action} />
    </Section>
  );
}
