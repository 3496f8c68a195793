import { useSetAtom } from 'jotai';
import { startTransition, useMemo, useState, type ReactNode } from 'react';
import { browserOneTapEnv } from '../../components/oneTap/googleIdentity.ts';
import { OneTapFailure } from '../../components/oneTap/OneTapFailure.tsx';
import { useGoogleOneTap, type OneTapFlow } from '../../components/oneTap/useGoogleOneTap.ts';
import { logOf } from '../../env.ts';
import { useStrings } from '../../i18n/useStrings.ts';
import { oauthMessages } from '../../i18n/en/oauth.ts';
import { useGo } from '../../hooks/useGo.ts';
import { useReportError } from '../../hooks/useReportError.ts';
import { b2bErrorAtom } from '../state.ts';
import { useB2B, useB2BClient } from '../widget.ts';

/**
 * Google One Tap in the B2B element (the official `B2BGoogleOneTap`): Google's floating prompt
 * beside the 'Continue with Google' button, into the organization Main shows or, without one,
 * discovery. The button goes only when Google's prompt is showing and it is the widget's one way
 * in. A credential the provider refuses shows the Error screen; the developer messages of SPEC
 * §8 show with a test token only.
 */
export default function B2BGoogleOneTap({
  organizationId,
  cancelOnTapOutside,
  onlyWay,
  button,
}: {
  organizationId: string | undefined;
  cancelOnTapOutside: boolean | undefined;
  onlyWay: boolean;
  button: ReactNode;
}) {
  const { config, env: widgetEnv } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const report = useReportError();
  const setError = useSetAtom(b2bErrorAtom);
  const env = widgetEnv.oneTap ?? browserOneTapEnv;
  // The developer log's words are the login element's One Tap ones (the B2B catalog has none).
  const t = useStrings(oauthMessages);
  const [parentId] = useState(() => `stytch-b2b-one-tap-${Math.random().toString(36).slice(2)}`);
  const flow = useMemo<OneTapFlow<null>>(() => {
    const o = config.oauthOptions;
    const strip = <T extends object>(x: T) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined)) as T;
    return {
      start: async () => ({ clientId: (await client.oauth.googleOneTap.start()).google_client_id, started: null }),
      submit: async (idToken) => {
        try {
          const r = organizationId
            ? await client.oauth.googleOneTap.submit(strip({ id_token: idToken, organization_id: organizationId, login_redirect_url: o.loginRedirectURL, signup_redirect_url: o.signupRedirectURL }))
            : await client.oauth.googleOneTap.discovery.submit(strip({ id_token: idToken, discovery_redirect_url: o.discoveryRedirectURL }));
          return r.redirect_url;
        } catch (err) {
          const message = report(err);
          startTransition(() => setError({ type: 'Default', message }));
          go('Error');
          throw err;
        }
      },
    };
  }, [client, config, organizationId, report, setError, go]);
  const status = useGoogleOneTap({ mode: 'floating', parentId, cancelOnTapOutside, env, log: logOf(widgetEnv), couldNotLoad: t('oneTap.couldNotLoad'), flow });
  if (onlyWay && status.kind === 'shown') return null;
  return (
    <OneTapFailure status={status} publicToken={client.publicToken} origin={env.origin()}>
      {button}
    </OneTapFailure>
  );
}
