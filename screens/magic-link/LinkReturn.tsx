import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { LoggingIn } from '../components/LoggingIn.tsx';
import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useGo } from '../hooks/useGo.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { linkReturnAtom } from '../state/atoms.ts';

/**
 * The login widget's page opened from a magic link or an OAuth return (`?token=…&stytch_token_type=
 * magic_links|oauth`, the redirect URL pointing at the page that hosts the widget, as with the
 * official UI): 'Logging in...', the token redeemed once, then the success screen.
 */
export default function LinkReturn() {
  const { client, config, callbacks } = useWidget();
  const { token, type } = useAtomValue(linkReturnAtom);
  const go = useGo();
  const report = useReportError();
  const [error, setError] = useState<string>();
  // A link token is single use: redeem it once per page, even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const options = { session_duration_minutes: config.session.sessionDurationMinutes };
    Promise.resolve()
      .then(async () => {
        const c = requireClient(client);
        const r = type === 'oauth' ? await c.oauth.authenticate(token, options) : await c.magicLinks.authenticate(token, options);
        callbacks.onEvent({ type: type === 'oauth' ? 'OAUTH_AUTHENTICATE' : 'MAGIC_LINK_AUTHENTICATE', data: r });
        go('PasswordConfirmation');
      })
      .catch((err: unknown) => setError(report(err)));
  }, [client, config, token, type, callbacks, go, report]);

  if (!error) return <LoggingIn />;
  return (
    <section part="container">
      <ErrorText message={error} />
    </section>
  );
}
