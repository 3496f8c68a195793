import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { requireClient, useWidget } from '../context.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { transitionAtom } from '../state/atoms.ts';
import { sessionDurationMinutes } from './send.ts';

/** 'Login with a Passkey': a modal passkey prompt through the client. */
export function PasskeyButton() {
  const { client, config, strings, callbacks } = useWidget();
  const go = useSetAtom(transitionAtom);
  const report = useReportError();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const login = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await requireClient(client).webauthn.authenticate({ session_duration_minutes: sessionDurationMinutes(config.config), is_passkey: true });
      if (r) {
        callbacks.onEvent({ type: 'PASSKEY_AUTHENTICATE', data: r });
        go('PasskeyConfirmation');
      }
    } catch (err) {
      setError(report(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div part="passkey" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <button type="button" part="button button-secondary passkey-button" disabled={busy} onClick={() => void login()}>
        {strings.passkeyLogin}
      </button>
      <ErrorText message={error} />
    </div>
  );
}
