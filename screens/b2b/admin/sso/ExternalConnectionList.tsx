import { useToastNotice } from '../notice.ts';
import { Button, Failure, Section, Table } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan } from '../widget.ts';
import type { ExternalConnection } from './types.ts';

/**
 * The organization's external connections (another organization's SSO connection its members
 * sign in through): each with the organization and connection it goes through, and delete
 * where the member's roles allow. They are made through the API; nothing shows when there are none.
 */
export function ExternalConnectionList({ connections, onChanged }: { connections: ExternalConnection[]; onChanged: () => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const notice = useToastNotice();
  const canDelete = useCan('stytch.sso', 'delete');
  const action = useAdminAction();
  const remove = (id: string) =>
    void action.run(async () => {
      await client.sso.deleteConnection(id);
      notice(t('adminPortal.sso.deleted'));
      onChanged();
    });
  if (!connections.length) return null;
  const head = [t('adminPortal.sso.displayName'), t('adminPortal.sso.externalOrganization'), t('adminPortal.sso.externalConnection')];
  return (
    <Section title={t('adminPortal.sso.external')}>
      <Table
        caption={t('adminPortal.sso.external')}
        head={canDelete ? [...head, t('adminPortal.actions')] : head}
        rows={connections.map((c) => {
          const name = c.display_name || t('adminPortal.sso.untitled');
          const cells = [name, <code>{c.external_organization_id}</code>, <code>{c.external_connection_id}</code>];
          return canDelete
            ? [
                ...cells,
                <Button busy={action.busy} onClick={() => remove(c.connection_id)} label={t('adminPortal.sso.deleteLabel', { name })}>
                  {t('adminPortal.sso.delete')}
                </Button>,
              ]
            : cells;
        })}
      />
      <Failure action={action} />
    </Section>
  );
}
