import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { resetPasswordStateAtom } from '../state/atoms.ts';
import { LoggingIn } from '../components/LoggingIn.tsx';
import { usePasswordActions } from './usePasswordActions.ts';

/** A reset page opened with `stytch_token_type=login`: the token signs in at once (SPEC §4). */
export default function LoginLinkToken() {
  const { client, config } = useWidget();
  const { token } = useAtomValue(resetPasswordStateAtom);
  const actions = usePasswordActions();
  const report = useReportError();
  const [error, setError] = useState<string>();
  // A link token is single use: redeem it once per page, even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    Promise.resolve()
      .then(() => requireClient(client).magicLinks.authenticate(token, { session_duration_minutes: config.session.sessionDurationMinutes }))
      .then((r) => actions.signedIn('MAGIC_LINK_AUTHENTICATE', r))
      .catch((err: unknown) => setError(report(err)));
  }, [client, config, token, actions, report]);

  if (!error) return <LoggingIn />;
  return (
    <section part="container">
      <ErrorText message={error} />
    </section>
  );
}
