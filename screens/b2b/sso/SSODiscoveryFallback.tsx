import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useWidgetId } from '../../hooks/useWidgetId.ts';
import type { Organization } from '../../../client/b2b/types.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { ghostButtonCss } from '../../components/linkButton.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { primaryRequiredAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { activeConnections } from './connections.ts';
import { useSsoStart } from './useSsoStart.ts';
import { TextInput } from '../TextInput.tsx';

/**
 * SSO Discovery Fallback: no connection matched the address, so the organization's slug finds
 * it. One active connection starts at once; otherwise Main opens for that organization with
 * every method the widget offers there. 'Try another method' returns to Main.
 */
export default function SSODiscoveryFallback() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const startSso = useSsoStart();
  const setOrganization = useSetAtom(primaryRequiredAtom);
  const [slug, setSlug] = useState('');
  const { busy, error, run, fail } = useAction(() => t('ssoDiscovery.fallback.error.unknown'));
  const id = useWidgetId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!slug.trim()) return;
    void run(async () => {
      const { organization } = await client.organization.getBySlug({ organization_slug: slug.trim() });
      if (!organization?.organization_id) return fail(t('ssoDiscovery.fallback.error.orgNotFound'));
      const connections = activeConnections(organization);
      if (connections.length === 1) return startSso(connections[0]!.connection_id);
      setOrganization({ organization: organization as Organization, products: config.products, email: '' });
      go('Main');
    });
  };

  return (
    <section part="container">
      <Heading>{t('ssoDiscovery.fallback.title')}</Heading>
      <p>{t('ssoDiscovery.fallback.content')}</p>
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <TextInput
          id={`${id}-slug`}
          name="organization-slug"
          label={t('formField.orgSlug.label')}
          placeholder={t('formField.orgSlug.label')}
          invalid={!!error}
          describedBy={error ? `${id}-error` : undefined}
          value={slug}
          onChange={setSlug}
        />
        <ErrorText id={`${id}-error`} message={error} />
        <button type="submit" part="button button-primary" disabled={busy || !slug.trim()} aria-busy={busy}>
          {t('button.continue')}
        </button>
        <button type="button" part="button button-secondary" onClick={() => go('Main')}>
          {t('ssoDiscovery.fallback.button.reset')}
        </button>
        <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('SSODiscoveryEmail')}>
          {t('button.goBack')}
        </button>
      </form>
    </section>
  );
}
