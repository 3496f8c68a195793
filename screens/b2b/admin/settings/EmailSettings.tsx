import { useState } from 'react';
import { Button, Choice, Failure, Field, Row, Section } from '../ui.tsx';
import { useAdminStrings, useCan } from '../widget.ts';
import { useSaveOrganization, type SettingsPartProps } from './save.ts';

type Provisioning = 'ALL_ALLOWED' | 'RESTRICTED' | 'NOT_ALLOWED';
const asProvisioning = (v: unknown, fallback: Provisioning): Provisioning => (v === 'ALL_ALLOWED' || v === 'RESTRICTED' || v === 'NOT_ALLOWED' ? v : fallback);

/**
 * The organization's email domains, and who may join by them: just-in-time provisioning by
 * email, invitations, and just-in-time provisioning through SSO.
 */
export function EmailSettings({ org, onSaved }: SettingsPartProps) {
  const t = useAdminStrings();
  const canDomains = useCan('stytch.organization', 'update.settings.allowed-domains');
  const canJit = useCan('stytch.organization', 'update.settings.email-jit-provisioning');
  const canInvites = useCan('stytch.organization', 'update.settings.email-invites');
  const canSsoJit = useCan('stytch.organization', 'update.settings.sso-jit-provisioning');
  const [domains, setDomains] = useState<string[]>(org.email_allowed_domains ?? []);
  const [typed, setTyped] = useState('');
  const [jit, setJit] = useState(asProvisioning(org.email_jit_provisioning, 'NOT_ALLOWED'));
  const [invites, setInvites] = useState(asProvisioning(org.email_invites, 'ALL_ALLOWED'));
  const [ssoJit, setSsoJit] = useState(asProvisioning(org.sso_jit_provisioning, 'ALL_ALLOWED'));
  const { action, save } = useSaveOrganization(onSaved);
  const add = () => {
    const d = typed.trim().toLowerCase();
    if (d && !domains.includes(d)) setDomains([...domains, d]);
    setTyped('');
  };
  const options = (...vs: Provisioning[]) => vs.map((value) => ({ value, label: t(`adminPortal.provisioning.${value}`) }));
  return (
    <Section title={t('adminPortal.settings.email')}>
      <ul aria-label={t('adminPortal.settings.domains')} css={{ margin: 0, paddingInlineStart: 20 }}>
        {domains.length === 0 ? <li>{t('adminPortal.settings.noDomains')}</li> : null}
        {domains.map((d) => (
          <li key={d} css={{ marginBlock: 4 }}>
            <Row>
              <span dir="ltr">{d}</span>
              {canDomains ? (
                <button
                  type="button"
                  part="button button-secondary"
                  css={{ width: 'auto', minHeight: 28, paddingInline: 8, fontSize: 12 }}
                  onClick={() => setDomains(domains.filter((x) => x !== d))}
                  aria-label={t('adminPortal.settings.removeDomain', { domain: d })}
                >
                  {t('adminPortal.remove')}
                </button>
              ) : null}
            </Row>
          </li>
        ))}
      </ul>
      {canDomains ? (
        <div css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Field label={t('adminPortal.settings.domain')} value={typed} onChange={setTyped} placeholder="example.com" />
          <Button onClick={add}>{t('adminPortal.settings.addDomain')}</Button>
        </div>
      ) : null}
      <Choice legend={t('adminPortal.settings.emailJit')} value={jit} disabled={!canJit} onChange={setJit} options={options('RESTRICTED', 'NOT_ALLOWED')} />
      <Choice legend={t('adminPortal.settings.invites')} value={invites} disabled={!canInvites} onChange={setInvites} options={options('ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED')} />
      <Choice legend={t('adminPortal.settings.ssoJit')} value={ssoJit} disabled={!canSsoJit} onChange={setSsoJit} options={options('ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED')} />
      <Failure action={action} />
      {canDomains || canJit || canInvites || canSsoJit ? (
        <Row>
          <Button
            busy={action.busy}
            onClick={() =>
              save({
                ...(canDomains ? { email_allowed_domains: domains } : {}),
                ...(canJit ? { email_jit_provisioning: jit } : {}),
                ...(canInvites ? { email_invites: invites } : {}),
                ...(canSsoJit ? { sso_jit_provisioning: ssoJit } : {}),
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
