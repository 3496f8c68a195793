import { useState } from 'react';
import type { ShownRole } from './roles.ts';
import { Button, Check, Field, Table } from './ui.tsx';
import { useAdminStrings } from './widget.ts';

/**
 * The roles as checkboxes (an invitation's, a member's, those every member of a SAML connection
 * holds), under `legend` in a fieldset when one is given; `picked` changes as they are ticked.
 */
export function RoleChecks({
  roles,
  picked,
  onChange,
  legend,
  disabled,
  hints,
}: {
  roles: ShownRole[];
  picked: string[];
  onChange: (picked: string[]) => void;
  legend?: string;
  disabled?: boolean;
  /** The roles' descriptions under their names. */
  hints?: boolean;
}) {
  const checks = roles.map((r) => (
    <Check
      key={r.role_id}
      label={r.name}
      hint={hints ? r.description : undefined}
      checked={picked.includes(r.role_id)}
      disabled={disabled}
      onChange={(on) => onChange(on ? [...picked, r.role_id] : picked.filter((x) => x !== r.role_id))}
    />
  ));
  if (legend === undefined) return <>{checks}</>;
  return (
    <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
      <legend css={{ fontWeight: 600, padding: 0, marginBottom: 6 }}>{legend}</legend>
      {checks}
    </fieldset>
  );
}

/** A rule granting a role to whoever matches `key`: an email domain, an identity provider's group. */
export interface RoleRule {
  key: string;
  role_id: string;
}

/**
 * Rules that grant a role by a key (the organization's by email domain, a SAML connection's by
 * group): a table with a remove button a rule, and a row to add one, when `can` change them.
 * Saving is the caller's, with the rules as they now stand.
 */
export function RoleRules({
  caption,
  keyLabel,
  rules,
  onChange,
  roles,
  can,
  normalize = (k) => k.trim(),
  placeholder,
  empty,
}: {
  caption: string;
  keyLabel: string;
  rules: RoleRule[];
  onChange: (rules: RoleRule[]) => void;
  roles: ShownRole[];
  can: boolean;
  /** The key as it is kept (a domain in lower case). */
  normalize?: (key: string) => string;
  placeholder?: string;
  /** Said when there are no rules; nothing is shown without it. */
  empty?: string;
}) {
  const t = useAdminStrings();
  const [key, setKey] = useState('');
  const [role, setRole] = useState('');
  const roleName = (id: string) => roles.find((r) => r.role_id === id)?.name ?? id;
  const picked = role || roles[0]?.role_id || '';
  return (
    <>
      {rules.length ? (
        <Table
          caption={caption}
          head={[keyLabel, t('adminPortal.members.roles'), t('adminPortal.actions')]}
          rows={rules.map((r) => [
            // A domain reads left to right in every language; a group's name goes its own way.
            <span dir="auto">{r.key}</span>,
            roleName(r.role_id),
            can ? (
              <Button onClick={() => onChange(rules.filter((x) => x !== r))} label={t('adminPortal.settings.removeRule', { domain: r.key, role: roleName(r.role_id) })}>
                {t('adminPortal.remove')}
              </Button>
            ) : null,
          ])}
        />
      ) : empty ? (
        <p css={{ margin: 0 }}>{empty}</p>
      ) : null}
      {can && roles.length ? (
        <div css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Field label={keyLabel} value={key} onChange={setKey} placeholder={placeholder} />
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
              const k = normalize(key);
              if (k && picked) onChange([...rules, { key: k, role_id: picked }]);
              setKey('');
            }}
          >
            {t('adminPortal.settings.addRule')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
