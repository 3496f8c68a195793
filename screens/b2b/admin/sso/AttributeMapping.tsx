import { useState } from 'react';
import { Field, Row, SaveRow, Section } from '../ui.tsx';
import { useAdminStrings } from '../widget.ts';
import { useSaveConnection } from './save.ts';
import type { Connection, Protocol } from './types.ts';

/** Which of the IdP's attributes (SAML) or claims (OIDC) hold a member's email, names and groups. */
const KEYS = ['email', 'first_name', 'last_name', 'groups'] as const;

/** The connection's attribute mapping: one field per key the provider reads. */
export function AttributeMapping({
  protocol,
  mapping,
  disabled,
  onSave,
  onChange,
}: {
  protocol: Protocol;
  mapping: Record<string, string>;
  disabled: boolean;
  onSave: (m: Record<string, string>) => Promise<{ connection: Record<string, unknown> }>;
  onChange: (c: Connection) => void;
}) {
  const t = useAdminStrings();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...mapping }));
  const { action, save } = useSaveConnection(onChange);
  return (
    <Section title={t('adminPortal.sso.attributeMapping')}>
      <p part="helper" css={{ margin: 0 }}>
        {protocol === 'saml' ? t('adminPortal.sso.attributeMappingSaml') : t('adminPortal.sso.attributeMappingOidc')}
      </p>
      <Row>
        {KEYS.map((k) => (
          <Field key={k} label={t(`adminPortal.sso.attribute.${k}`)} value={values[k] ?? ''} readOnly={disabled} onChange={(v) => setValues((o) => ({ ...o, [k]: v }))} />
        ))}
      </Row>
      <SaveRow action={action} shown={!disabled} onSave={() => save(() => onSave(Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''))))} />
    </Section>
  );
}
