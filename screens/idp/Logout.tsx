import { useCallback, useState } from 'react';
import { Heading } from '../components/Heading.tsx';
import { ErrorText } from '../components/ErrorText.tsx';
import { useOnce } from '../hooks/useOnce.ts';
import { useReportError } from '../hooks/useReportError.ts';
import type { LogoutParams } from './params.ts';
import { Notice, Waiting } from './Status.tsx';
import { useIdp, useIdpStrings, type IdpClient } from './widget.ts';

type State = { kind: 'starting' } | { kind: 'confirm'; redirect: string; busy: boolean; error?: string | undefined } | { kind: 'failed'; message: string } | { kind: 'stayed' } | { kind: 'leaving' };

/**
 * The OpenID Connect logout (`post_logout_redirect_uri`): the provider checks the app and its
 * redirect; the user confirms unless the app proved who it signed in (`id_token_hint`); then
 * the session ends here and the browser goes back to the app. An error stays on this page.
 */
export function Logout({ client, params }: { client: IdpClient; params: LogoutParams }) {
  const { env } = useIdp();
  const t = useIdpStrings();
  const report = useReportError();
  const [state, setState] = useState<State>({ kind: 'starting' });

  const leave = useCallback(
    async (redirect: string) => {
      setState({ kind: 'leaving' });
      // A session already ended is no reason to keep the user here.
      await client.session.revoke({ forceClear: true }).catch(() => undefined);
      (env.page ?? globalThis.location).assign(redirect);
    },
    [client, env],
  );

  useOnce(() => {
    client.idp.oauthLogoutStart(params).then(
      (start) => (start.consent_required ? setState({ kind: 'confirm', redirect: start.redirect_uri, busy: false }) : void leave(start.redirect_uri)),
      (e: unknown) => setState({ kind: 'failed', message: report(e) }),
    );
  });

  if (state.kind === 'starting') return <Waiting text={t('idpConsent.loading')} />;
  if (state.kind === 'leaving') return <Waiting text={t('idpConsent.redirecting')} />;
  if (state.kind === 'failed') return <Notice error text={state.message} />;
  if (state.kind === 'stayed') return <Notice text={t('idpLogout.notLoggedOut')} />;
  const projectName = client.bootstrap.getSync().project_name ?? '';
  return (
    <section part="container">
      <Heading>{t('idpLogout.title')}</Heading>
      <p css={{ margin: 0 }}>{t('idpLogout.confirmMessage', { projectName })}</p>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <button type="button" part="button button-primary" onClick={() => void leave(state.redirect)}>
          {t('idpLogout.yes')}
        </button>
        <button type="button" part="button button-secondary" onClick={() => setState({ kind: 'stayed' })}>
          {t('idpLogout.no')}
        </button>
      </div>
      <ErrorText message={state.error} />
    </section>
  );
}
