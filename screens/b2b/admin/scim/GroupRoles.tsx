import { useState } from 'react';
import type { SCIMConnection } from '../../../../client/b2b/scim.ts';
import { ErrorText } from '../../../components/ErrorText.tsx';
import { useToastNotice } from '../notice.ts';
import { useAssignableRoles } from '../roles.ts';
import { Button, Failure, Row, Section, Table } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan, useLoad } from '../widget.ts';

/** Which role each group the IdP pushed grants its members. */
export function GroupRoles({ connection: c, onChange }: { connection: SCIMConnection; onChange: (c: SCIMConnection) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const notice = useToastNotice();
  const can = useCan('stytch.scim', 'update');
  const roles = useAssignableRoles();
  const groups = useLoad(() => client.scim.getConnectionGroups({ limit: 100 }), c.connection_id);
  const [map, setMap] = useState<Record<string, string>>(() => Object.fromEntries(c.scim_group_implicit_role_assignments.map((a) => [a.group_id, a.role_id])));
  const action = useAdminAction();
  const list = groups.data?.scim_groups ?? [];
  return (
    <Section title={t('adminPortal.scim.groupRoles')}>
      <ErrorText message={groups.error} />
      {groups.data && list.length === 0 ? <p css={{ margin: 0 }}>{t('adminPortal.scim.noGroups')}</p> : null}
      {list.length ? (
        <Table
          caption={t('adminPortal.scim.groupRoles')}
          head={[t('adminPortal.sso.group'), t('adminPortal.members.roles')]}
          rows={list.map((g) => [
            g.group_name,
            <select
              part="input"
              aria-label={t('adminPortal.scim.roleFor', { group: g.group_name })}
              disabled={!can}
              value={map[g.group_id] ?? ''}
              onChange={(e) => setMap((m) => ({ ...m, [g.group_id]: e.target.value }))}
              css={{ minWidth: 160, height: 36 }}
            >
              <option value="">{t('adminPortal.scim.noRole')}</option>
              {roles.map((r) => (
                <option key={r.role_id} value={r.role_id}>
                  {r.name}
                </option>
              ))}
            </select>,
          ])}
        />
      ) : null}
      <Failure action={action} />
      {can && list.length ? (
        <Row>
          <Button
            busy={action.busy}
            onClick={() =>
              void action.run(async () => {
                const scim_group_implicit_role_assignments = Object.entries(map)
                  .filter(([, role]) => role)
                  .map(([group_id, role_id]) => ({ group_id, role_id }));
                onChange((await client.scim.updateConnection({ connection_id: c.connection_id, scim_group_implicit_role_assignments })).connection);
                notice(t('adminPortal.saved'));
              })
            }
          >
            {t('adminPortal.save')}
          </Button>
        </Row>
      ) : null}
    </Section>
  );
}
