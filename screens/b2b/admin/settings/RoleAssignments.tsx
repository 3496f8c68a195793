import { useState } from 'react';
import { MEMBER_ROLE, useRoles } from '../roles.ts';
import { Button, Failure, Field, Row, Section, Table } from '../ui.tsx';
import { useAdminStrings, useCan } from '../widget.ts';
import { useSaveOrganization, type SettingsPartProps } from './save.ts';

/** One rule: members whose address is at `domain` hold `role_id`. */
interface DomainRole {
  domain: string;
  role_id: string;
}

const assignmentsOf = (v: unknown): DomainRole[] => (Array.isArray(v) ? v.filter((a): a is DomainRole => typeof a?.domain === 'string' && typeof a?.role_id === 'string') : []);

/** Role assignment by email domain (the organization's `rbac_email_implicit_role_assignments`). */
export function RoleAssignments({ org, onSaved }: SettingsPartProps) {
  const t = useAdminStrings();
  const can = useCan('stytch.organization', 'update.settings.implicit-roles');
  const roles = useRoles().filter((r) => r.role_id !== MEMBER_ROLE);
  const [rules, setRules] = useState(() => assignmentsOf(org.rbac_email_implicit_role_assignments));
  const [domain, setDomain] = useState('');
  const [role, setRole] = useState('');
  const { action, save } = useSaveOrganization(onSaved);
  const roleName = (id: string) => roles.find((r) => r.role_id === id)?.name ?? id;
  const picked = role || roles[0]?.role_id || '';
  return (
    <Section title={t('adminPortal.settings.roleAssignments')}>
      <p part="helper" css={{ margin: 0 }}>
        {t('adminPortal.settings.roleAssignmentsHint')}
      </p>
      {rules.length ? (
        <Table
          caption={t('adminPortal.settings.roleAssignments')}
          head={[t('adminPortal.settings.domain'), t('adminPortal.members.roles'), t('adminPortal.actions')]}
          rows={rules.map((r) => [
            <span dir="ltr">{r.domain}</span>,
            roleName(r.role_id),
            can ? (
              <Button onClick={() => setRules(rules.filter((x) => x !== r))} label={t('adminPortal.settings.removeRule', { domain: r.domain, role: roleName(r.role_id) })}>
                {t('adminPortal.remove')}
              </Button>
            ) : null,
          ])}
        />
      ) : (
        <p css={{ margin: 0 }}>{t('adminPortal.settings.noRoleAssignments')}</p>
      )}
      {can && roles.length ? (
        <div css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Field label={t('adminPortal.settings.domain')} value={domain} onChange={setDomain} placeholder="example.com" />
          <label css={{ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 'var(--stytch-helper-font-size)', fontWeight: 600 }}>
            {t('adminPortal.members.roles')}
            <select part="input" value={picked} onChange={(e) => setRole(e.target.value)} css={{ minWidth: 160 }}>
              {roles.map((r) => (
                <option key={r.role_id} value={r.role_id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
          <Button
            onClick={() => {
              const d = domain.trim().toLowerCase();
              if (d && picked) setRules([...rules, { domain: d, role_id: picked }]);
              setDomain('');
            }}
          >
            {t('adminPortal.settings.addRule')}
          </Button>
        </div>
      ) : null}
      <Failure action={action} />
      {can ? (
        <Row>
          <Button busy={action.busy} onClick={() => save({ rbac_email_implicit_role_assignments: rules })}>
            {t('adminPortal.save')}
          </Button>
        </Row>
      ) : null}
    </Section>
  );
}
