import { useCallback, useState } from 'react';
import { useOnce } from '../hooks/useOnce.ts';
import { apiErrorType, useReportError } from '../hooks/useReportError.ts';
import { ConsentScreen } from './ConsentScreen.tsx';
import type { IDPConsentManifestGenerator } from './manifest.ts';
import type { AuthorizeParams } from './params.ts';
import type { ConsentStart, PrefetchedConsent } from './prefetched.ts';
import { Notice, Waiting } from './Status.tsx';
import { IDP_EVENTS, useIdp, useIdpStrings, type IdpClient } from './widget.ts';

/** What the provider answers for a session it does not know, or none. */
const SESSION_REFUSALS = new Set(['session_not_found', 'unauthorized_credentials']);

type State = { kind: 'starting' } | { kind: 'consent'; start: ConsentStart; busy: boolean; error?: string | undefined } | { kind: 'failed'; message: string } | { kind: 'leaving'; denied: boolean };

/**
 * The authorization request of a signed-in user: its start (the app, the scopes, whether the
 * user must be asked), the consent screen when asked, and the submit, whose answer is where
 * the browser goes (the code, or `access_denied`, on a redirect the provider checked). Every
 * error stays on this page, in the widget's words: nothing is sent to a redirect the provider refused.
 */
export function Authorize(props: {
  client: IdpClient | undefined;
  params: AuthorizeParams;
  generator: IDPConsentManifestGenerator | undefined;
  prefetched?: PrefetchedConsent | undefined;
  /** The provider refused the session the start was made with (the client knew only its tokens). */
  signedOut?: (() => void) | undefined;
}) {
  const { client, params, generator, prefetched, signedOut } = props;
  const { callbacks, env } = useIdp();
  const t = useIdpStrings();
  const report = useReportError();
  // A consent the site's server started is on screen from the first render (and its markup).
  const [state, setState] = useState<State>(() => (prefetched?.start.consent_required ? { kind: 'consent', start: prefetched.start, busy: false } : { kind: 'starting' }));

  const submit = useCallback(
    async (granted: boolean, asked: boolean) => {
      setState((s) => (s.kind === 'consent' ? { ...s, busy: true, error: undefined } : s));
      try {
        // Only a server-rendered consent can be on screen before the page gave the element its client.
        if (!client) throw new Error('The consent element has no client: set its client property before the user can allow or deny.');
        const answer = await client.idp.oauthAuthorizeSubmit({ ...params, consent_granted: granted });
        const denied = asked && !granted;
        setState({ kind: 'leaving', denied });
        callbacks.onEvent({ type: denied ? IDP_EVENTS.denied : IDP_EVENTS.complete, data: {} });
        (env.page ?? globalThis.location).assign(answer.redirect_uri);
      } catch (e) {
        const message = report(e);
        setState((s) => (s.kind === 'consent' ? { ...s, busy: false, error: message } : { kind: 'failed', message }));
      }
    },
    [client, params, callbacks, env, report],
  );

  useOnce(() => {
    callbacks.onEvent({ type: IDP_EVENTS.start, data: { client_id: params.client_id, redirect_uri: params.redirect_uri, scope: params.scopes.join(' ') } });
    if (prefetched) {
      if (!prefetched.start.consent_required) void submit(false, false);
      return;
    }
    if (!client) return;
    client.idp.oauthAuthorizeStart(params).then(
      (start) => {
        if (start.consent_required) setState({ kind: 'consent', start, busy: false });
        // Nothing to ask (a first-party app, or a grant already given): on at once.
        else void submit(false, false);
      },
      (e: unknown) => {
        // Tokens the provider does not know (and no session the client knows): the login's words, not an error.
        if (signedOut && SESSION_REFUSALS.has(apiErrorType(e) ?? '') && client.session.getSync() == null) return signedOut();
        setState({ kind: 'failed', message: report(e) });
      },
    );
  });

  if (state.kind === 'starting') return <Waiting text={t('idpConsent.loading')} />;
  if (state.kind === 'failed') return <Notice error text={state.message} />;
  if (state.kind === 'leaving') return state.denied ? <Notice text={t('idpConsent.denied')} /> : <Waiting text={t('idpConsent.redirecting')} />;
  return (
    <ConsentScreen
      start={state.start}
      params={params}
      projectName={prefetched?.projectName ?? client?.bootstrap.getSync().project_name ?? ''}
      generator={generator}
      busy={state.busy}
      error={state.error}
      onAllow={() => void submit(true, true)}
      onDeny={() => void submit(false, true)}
    />
  );
}
