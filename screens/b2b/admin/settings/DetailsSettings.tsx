import { useState } from 'react';
import { Field, Row, SaveRow, Section } from '../ui.tsx';
import { useAdminStrings, useCan } from '../widget.ts';
import { useSaveOrganization, type SettingsPartProps } from './save.ts';

/** The organization's name and slug. */
export function DetailsSettings({ org, onSaved }: SettingsPartProps) {
  const t = useAdminStrings();
  const canName = useCan('stytch.organization', 'update.info.name');
  const canSlug = useCan('stytch.organization', 'update.info.slug');
  const [name, setName] = useState(org.organization_name);
  const [slug, setSlug] = useState(org.organization_slug);
  const { action, save } = useSaveOrganization(onSaved);
  return (
    <Section title={t('adminPortal.settings.details')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save({ ...(canName ? { organization_name: name } : {}), ...(canSlug ? { organization_slug: slug } : {}) });
        }}
        css={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <Row>
          <Field label={t('adminPortal.settings.name')} value={name} onChange={setName} readOnly={!canName} />
          <Field label={t('adminPortal.settings.slug')} value={slug} onChange={setSlug} readOnly={!canSlug} />
        </Row>
        <p part="helper" css={{ margin: 0 }}>
          {t('adminPortal.settings.id', { id: org.organization_id })}
        </p>
        <SaveRow action={action} shown={canName || canSlug} />
      </form>
    </Section>
  );
}
