import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useWidgetId } from '../../hooks/useWidgetId.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { isEmail } from '../../components/email.ts';
import { ghostButtonCss } from '../../components/linkButton.ts';
import { EmailInput } from '../../components/EmailInput.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { apiErrorType } from '../../hooks/useReportError.ts';
import { useB2BClient, useB2BStrings } from '../widget.ts';
import { ssoDiscoveryConnectionsAtom, type SsoConnection } from './connections.ts';
import { useSsoStart } from './useSsoStart.ts';

/**
 * SSO Discovery Email ('Use single sign-on' on Discovery's Main): the work address finds its
 * SSO connections; exactly one starts at once, several are listed (SSO Discovery Menu), none
 * asks for the organization's slug (SSO Discovery Fallback).
 */
export default function SSODiscoveryEmail() {
  const t = useB2BStrings();
  const client = useB2BClient();
  const go = useGo();
  const startSso = useSsoStart();
  const setConnections = useSetAtom(ssoDiscoveryConnectionsAtom);
  const [email, setEmail] = useState('');
  // A provider error reads as its own text; anything else as the screen's.
  const { busy, error, run, fail } = useAction((err, shown) => (apiErrorType(err) ? shown : t('ssoDiscovery.email.error.unknown')));
  const id = useWidgetId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) return fail(t('error.invalidEmail'));
    void run(async () => {
      const { connections } = (await client.sso.discoverConnections(address)) as { connections: SsoConnection[] };
      // One connection: straight to its IdP (the page leaves, so the form stays busy).
      if (connections.length === 1) return startSso(connections[0]!.connection_id);
      setConnections(connections);
      go(connections.length > 0 ? 'SSODiscoveryMenu' : 'SSODiscoveryFallback');
    });
  };

  return (
    <section part="container">
      <Heading>{t('ssoDiscovery.email.title')}</Heading>
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <EmailInput id={id} value={email} onValue={setEmail} autoComplete="email" label={t('formField.email.label')} placeholder={t('formField.email.placeholder')} dir={t.dir} invalid={!!error} />
        <ErrorText id={`${id}-error`} message={error} />
        <button type="submit" part="button button-primary" disabled={busy} aria-busy={busy}>
          {t('button.continue')}
        </button>
        <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('Main')}>
          {t('button.goBack')}
        </button>
      </form>
    </section>
  );
}
