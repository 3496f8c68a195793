import { useToastNotice } from '../notice.ts';
import { Button, Failure, Row, Section, Table } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan } from '../widget.ts';
import { useTestSignIn } from './testSignIn.ts';
import { idpOf, type Listed } from './types.ts';

/** The organization's connections: edit, test, make the default, delete (each where the member's roles allow). */
export function ConnectionList({
  connections,
  loading,
  defaultId,
  onNew,
  onEdit,
  onChanged,
}: {
  connections: Listed[] | undefined;
  loading: boolean;
  defaultId: string | undefined;
  onNew: () => void;
  onEdit: (l: Listed) => void;
  onChanged: () => void;
}) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const notice = useToastNotice();
  const canCreate = useCan('stytch.sso', 'create');
  const canUpdate = useCan('stytch.sso', 'update');
  const canDelete = useCan('stytch.sso', 'delete');
  const canDefault = useCan('stytch.organization', 'update.settings.default-sso-connection');
  const action = useAdminAction();
  const test = useTestSignIn();
  const makeDefault = (id: string) =>
    void action.run(async () => {
      await client.organization.update({ sso_default_connection_id: id });
      notice(t('adminPortal.sso.defaultSet'));
      onChanged();
    });
  const remove = (id: string) =>
    void action.run(async () => {
      await client.sso.deleteConnection(id);
      notice(t('adminPortal.sso.deleted'));
      onChanged();
    });
  return (
    <Section
      title={t('adminPortal.sso.connections')}
      actions={
        canCreate ? (
          <Button kind="primary" onClick={onNew}>
            {t('adminPortal.sso.new')}
          </Button>
        ) : null
      }
    >
      {loading && !connections ? <p part="helper">{t('adminPortal.loading')}</p> : null}
      {connections && connections.length === 0 ? <p>{t('adminPortal.sso.none')}</p> : null}
      {connections?.length ? (
        <Table
          caption={t('adminPortal.sso.connections')}
          head={[t('adminPortal.sso.displayName'), t('adminPortal.sso.protocol'), t('adminPortal.sso.idp'), t('adminPortal.sso.status'), t('adminPortal.actions')]}
          rows={connections.map((l) => {
            const c = l.connection;
            const name = c.display_name || t('adminPortal.sso.untitled');
            const isDefault = c.connection_id === defaultId;
            return [
              <>
                {name}
                {isDefault ? <strong css={{ marginInlineStart: 6 }}>({t('adminPortal.sso.default')})</strong> : null}
              </>,
              l.protocol === 'saml' ? 'SAML' : 'OIDC',
              t(`adminPortal.idp.${idpOf(c.identity_provider)}`),
              c.status === 'active' ? t('adminPortal.sso.active') : t('adminPortal.sso.pending'),
              <Row>
                <Button onClick={() => onEdit(l)} label={t('adminPortal.sso.editLabel', { name })}>
                  {canUpdate ? t('adminPortal.sso.edit') : t('adminPortal.sso.view')}
                </Button>
                {c.status === 'active' ? (
                  <Button onClick={() => test.start(c.connection_id)} label={t('adminPortal.sso.testLabel', { name })}>
                    {t('adminPortal.sso.test')}
                  </Button>
                ) : null}
                {canDefault && !isDefault && c.status === 'active' ? (
                  <Button busy={action.busy} onClick={() => makeDefault(c.connection_id)} label={t('adminPortal.sso.makeDefaultLabel', { name })}>
                    {t('adminPortal.sso.makeDefault')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button busy={action.busy} onClick={() => remove(c.connection_id)} label={t('adminPortal.sso.deleteLabel', { name })}>
                    {t('adminPortal.sso.delete')}
                  </Button>
                ) : null}
              </Row>,
            ];
          })}
        />
      ) : null}
      <Failure action={action} />
      <Failure action={test.action} />
    </Section>
  );
}
