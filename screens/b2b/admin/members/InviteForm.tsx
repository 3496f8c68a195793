import { useState } from 'react';
import { formSubmit } from '../../../hooks/useAction.ts';
import { RoleChecks } from '../RolePickers.tsx';
import { useAssignableRoles } from '../roles.ts';
import { Button, Field, Failure, Row } from '../ui.tsx';
import { useAdmin, useAdminAction, useAdminClient, useAdminStrings, useCan } from '../widget.ts';

/** Invites an address by email, with a name and roles; the config's invite template, redirect and expiry apply. */
export function InviteForm({ onDone }: { onDone: (invited: string | undefined) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const { config } = useAdmin();
  const roles = useAssignableRoles();
  const canAssign = useCan('stytch.member', 'update.settings.roles');
  const action = useAdminAction();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const submit = formSubmit(
    action,
    () => (email.trim() === '' ? t('adminPortal.members.emailRequired') : undefined),
    async () => {
      await client.magicLinks.email.invite({
        email_address: email.trim(),
        ...(name ? { name } : {}),
        ...(picked.length ? { roles: picked } : {}),
        ...(config.inviteRedirectURL ? { invite_redirect_url: config.inviteRedirectURL } : {}),
        ...(config.inviteTemplateId ? { invite_template_id: config.inviteTemplateId } : {}),
        ...(config.inviteExpirationMinutes ? { invite_expiration_minutes: config.inviteExpirationMinutes } : {}),
      });
      onDone(email.trim());
    },
  );
  return (
    <form onSubmit={submit} aria-label={t('adminPortal.members.invite')} css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Row>
        <Field label={t('adminPortal.members.email')} type="email" value={email} onChange={setEmail} required autoComplete="off" />
        <Field label={t('adminPortal.members.name')} value={name} onChange={setName} />
      </Row>
      {canAssign && roles.length > 0 ? <RoleChecks legend={t('adminPortal.members.roles')} roles={roles} picked={picked} onChange={setPicked} hints /> : null}
      <Failure action={action} />
      <Row>
        <Button kind="primary" type="submit" busy={action.busy}>
          {t('adminPortal.members.sendInvite')}
        </Button>
        <Button onClick={() => onDone(undefined)}>{t('adminPortal.cancel')}</Button>
      </Row>
    </form>
  );
}
