import { useState } from 'react';
import type { Organization } from '../../../../client/b2b/types.ts';
import { ErrorText } from '../../../components/ErrorText.tsx';
import { Portal } from '../ui.tsx';
import { useAdminClient, useAdminStrings, useLoad } from '../widget.ts';
import { ConnectionEditor } from './ConnectionEditor.tsx';
import { ConnectionList } from './ConnectionList.tsx';
import { NewConnection } from './NewConnection.tsx';
import { ExternalConnectionList } from './ExternalConnectionList.tsx';
import type { ExternalConnection, Listed } from './types.ts';

/** `<stytch-b2b-admin-portal-sso-ui>`: the organization's SSO connections, a new one, one connection's settings. */
export default function SSOPortal() {
  const t = useAdminStrings();
  const client = useAdminClient();
  const [view, setView] = useState<{ kind: 'list' } | { kind: 'new' } | { kind: 'edit'; listed: Listed }>({ kind: 'list' });
  const [org, setOrg] = useState<Organization | undefined>();
  const [external, setExternal] = useState<ExternalConnection[]>([]);
  const list = useLoad(async () => {
    const [r, o] = await Promise.all([client.sso.getConnections(), client.organization.get()]);
    setOrg(o);
    setExternal(r.external_connections as ExternalConnection[]);
    return [
      ...(r.saml_connections as Listed['connection'][]).map((connection) => ({ protocol: 'saml' as const, connection })),
      ...(r.oidc_connections as Listed['connection'][]).map((connection) => ({ protocol: 'oidc' as const, connection })),
    ];
  }, 'sso');
  const back = () => {
    setView({ kind: 'list' });
    list.reload();
  };
  return (
    <Portal title={view.kind === 'edit' ? view.listed.connection.display_name || t('adminPortal.sso.untitled') : t('adminPortal.sso.title')}>
      <ErrorText message={list.error} />
      {view.kind === 'new' ? <NewConnection onCancel={back} onCreated={(listed) => setView({ kind: 'edit', listed })} /> : null}
      {view.kind === 'edit' ? <ConnectionEditor listed={view.listed} onBack={back} onChange={(listed) => setView({ kind: 'edit', listed })} /> : null}
      {view.kind === 'list' ? (
        <ConnectionList
          connections={list.data}
          loading={list.loading}
          defaultId={org?.sso_default_connection_id as string | undefined}
          onNew={() => setView({ kind: 'new' })}
          onEdit={(listed) => setView({ kind: 'edit', listed })}
          onChanged={list.reload}
        />
      ) : null}
      {view.kind === 'list' ? <ExternalConnectionList connections={external} onChanged={list.reload} /> : null}
    </Portal>
  );
}
