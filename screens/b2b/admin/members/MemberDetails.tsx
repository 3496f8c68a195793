import { useState } from 'react';
import type { Member } from '../../../../client/b2b/types.ts';
import { useToastNotice } from '../notice.ts';
import { RoleChecks } from '../RolePickers.tsx';
import { directRoles, useAssignableRoles } from '../roles.ts';
import { Button, Confirmed, Failure, Field, Row, Section } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan } from '../widget.ts';
import { useStatusName } from './status.ts';

/**
 * One member's page: name and email address, roles, authentication (password reset, MFA phone and authenticator
 * removal), sessions, and the danger zone (deactivate, reactivate, revoke an invite). Each part
 * shows only where the signed-in member's roles allow it; the provider still decides each call.
 * As in the official portal, an admin with `update.info.email` changes another member's address
 * (never its own): the provider retires the old one and ends the member's sessions and password.
 */
export function MemberDetails({ member, onBack, onChange }: { member: Member; onBack: () => void; onChange: (m: Member) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const notice = useToastNotice();
  const statusName = useStatusName();
  const roles = useAssignableRoles();
  const self = client.self.getSync()?.member_id === member.member_id;
  const can = {
    name: useCan('stytch.member', 'update.info.name'),
    email: useCan('stytch.member', 'update.info.email'),
    roles: useCan('stytch.member', 'update.settings.roles'),
    phone: useCan('stytch.member', 'update.info.delete.mfa-phone'),
    totp: useCan('stytch.member', 'update.info.delete.mfa-totp'),
    password: useCan('stytch.member', 'update.info.delete.password'),
    sessions: useCan('stytch.member', 'revoke-sessions'),
    delete: useCan('stytch.member', 'delete'),
    create: useCan('stytch.member', 'create'),
  };
  const [name, setName] = useState(member.name);
  const [email, setEmail] = useState(member.email_address);
  const [picked, setPicked] = useState(() => directRoles(member));
  const save = useAdminAction();
  const auth = useAdminAction();
  const danger = useAdminAction();
  const changed = (m: Member, message: string) => {
    onChange(m);
    notice(message);
  };
  const deleted = member.status === 'deleted';
  const invited = member.status === 'invited';
  const editEmail = can.email && !self && !deleted;
  // Only what changed is sent: a name alone needs no update.info.email, and an unchanged address is not moved.
  const details = () => ({
    member_id: member.member_id,
    ...(can.name && name !== member.name ? { name } : {}),
    ...(editEmail && email.trim() !== member.email_address ? { email_address: email.trim() } : {}),
  });

  return (
    <>
      <Row>
        <Button onClick={onBack}>{t('adminPortal.members.back')}</Button>
      </Row>
      <Section title={t('adminPortal.members.details')}>
        <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0, dd: { margin: 0 } }}>
          {editEmail ? null : (
            <>
              <dt>{t('adminPortal.members.email')}</dt>
              <dd dir="ltr">{member.email_address}</dd>
            </>
          )}
          <dt>{t('adminPortal.members.status')}</dt>
          <dd>{statusName(member.status)}</dd>
        </dl>
        {can.email && self && !deleted ? <p part="helper">{t('adminPortal.members.ownEmail')}</p> : null}
        {(can.name || editEmail) && !deleted ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save.run(async () => changed((await client.organization.members.update(details())).member, t('adminPortal.saved')));
            }}
            css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
          >
            {can.name ? <Field label={t('adminPortal.members.name')} value={name} onChange={setName} /> : null}
            {editEmail ? <Field label={t('adminPortal.members.email')} type="email" value={email} onChange={setEmail} required autoComplete="off" /> : null}
            <Button type="submit" busy={save.busy}>
              {t('adminPortal.save')}
            </Button>
          </form>
        ) : null}
        {editEmail ? <p part="helper">{t('adminPortal.members.emailWarning')}</p> : null}
      </Section>
      <Section title={t('adminPortal.members.roles')}>
        {roles.length === 0 ? <p part="helper">{t('adminPortal.members.noRoles')}</p> : null}
        <RoleChecks roles={roles} picked={picked} onChange={setPicked} disabled={!can.roles || deleted} hints />
        {can.roles && !deleted ? (
          <Row>
            <Button
              busy={save.busy}
              onClick={() => void save.run(async () => changed((await client.organization.members.update({ member_id: member.member_id, roles: picked })).member, t('adminPortal.members.rolesSaved')))}
            >
              {t('adminPortal.members.saveRoles')}
            </Button>
          </Row>
        ) : null}
        <Failure action={save} />
      </Section>
      {!deleted ? (
        <Section title={t('adminPortal.members.authentication')}>
          <Row>
            {can.password ? (
              <Button
                busy={auth.busy}
                onClick={() =>
                  void auth.run(async () => {
                    await client.passwords.resetByEmailStart({ organization_id: member.organization_id, email_address: member.email_address });
                    notice(t('adminPortal.members.resetSent', { email: member.email_address }));
                  })
                }
              >
                {t('adminPortal.members.resetPassword')}
              </Button>
            ) : null}
            {can.phone && member.mfa_phone_number ? (
              <Button
                busy={auth.busy}
                onClick={() => void auth.run(async () => changed((await client.organization.members.deleteMFAPhoneNumber(member.member_id)).member, t('adminPortal.members.phoneRemoved')))}
              >
                {t('adminPortal.members.removePhone', { phone: member.mfa_phone_number })}
              </Button>
            ) : null}
            {can.totp && member.totp_registration_id ? (
              <Button
                busy={auth.busy}
                onClick={() => void auth.run(async () => changed((await client.organization.members.deleteMFATOTP(member.member_id)).member, t('adminPortal.members.totpRemoved')))}
              >
                {t('adminPortal.members.removeTotp')}
              </Button>
            ) : null}
            {can.sessions ? (
              <Button
                busy={auth.busy}
                onClick={() =>
                  void auth.run(async () => {
                    await client.session.revokeForMember({ member_id: member.member_id });
                    notice(t('adminPortal.members.sessionsRevoked'));
                  })
                }
              >
                {t('adminPortal.members.revokeSessions')}
              </Button>
            ) : null}
          </Row>
          {!member.mfa_phone_number && !member.totp_registration_id ? <p part="helper">{t('adminPortal.members.noMfa')}</p> : null}
          <Failure action={auth} />
        </Section>
      ) : null}
      {(deleted ? can.create : can.delete) && !self ? (
        <Section title={t('adminPortal.members.dangerZone')}>
          {deleted ? (
            member.email_address_verified ? (
              <Confirmed
                label={t('adminPortal.members.reactivate')}
                warning={t('adminPortal.members.reactivateWarning')}
                action={danger}
                onConfirm={async () => changed((await client.organization.members.reactivate(member.member_id)).member, t('adminPortal.members.reactivated'))}
              />
            ) : (
              <p>{t('adminPortal.members.cannotReactivate')}</p>
            )
          ) : (
            <Confirmed
              label={invited ? t('adminPortal.members.revokeInvite') : t('adminPortal.members.deactivate')}
              warning={invited ? t('adminPortal.members.revokeInviteWarning') : t('adminPortal.members.deactivateWarning')}
              action={danger}
              onConfirm={async () => {
                await client.organization.members.delete(member.member_id);
                if (invited) {
                  notice(t('adminPortal.members.inviteRevoked'));
                  onBack();
                } else changed({ ...member, status: 'deleted' }, t('adminPortal.members.deactivated'));
              }}
            />
          )}
          <Failure action={danger} />
        </Section>
      ) : null}
    </>
  );
}
