import { useState } from 'react';
import { RoleRules, type RoleRule } from '../RolePickers.tsx';
import { useAssignableRoles } from '../roles.ts';
import { SaveRow, Section } from '../ui.tsx';
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
  const roles = useAssignableRoles();
  const [rules, setRules] = useState<RoleRule[]>(() => assignmentsOf(org.rbac_email_implicit_role_assignments).map((a) => ({ key: a.domain, role_id: a.role_id })));
  const { action, save } = useSaveOrganization(onSaved);
  return (
    <Section title={t('adminPortal.settings.roleAssignments')}>
      <p part="helper" css={{ margin: 0 }}>
        {t('adminPortal.settings.roleAssignmentsHint')}
      </p>
      <RoleRules
        caption={t('adminPortal.settings.roleAssignments')}
        keyLabel={t('adminPortal.settings.domain')}
        rules={rules}
        onChange={setRules}
        roles={roles}
        can={can}
        normalize={(d) => d.trim().toLowerCase()}
        placeholder="example.com"
        empty={t('adminPortal.settings.noRoleAssignments')}
      />
      <SaveRow action={action} shown={can} onSave={() => save({ rbac_email_implicit_role_assignments: rules.map((r) => ({ domain: r.key, role_id: r.role_id })) })} />
    </Section>
  );
}
