import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { autofillAbortAtom, passkeyErrorAtom } from './atoms.ts';
import { usePasskeyLogin } from './usePasskeyLogin.ts';
import { passkeyButtonMessages } from '../i18n/en/passkey-button.ts';
import { useStrings } from '../context.ts';

export { default as PasskeyAutofill } from './PasskeyAutofill.tsx';

/** 'Login with a Passkey': a modal passkey prompt; its error line also shows autofill failures. */
export function PasskeyButton() {
  const t = useStrings(passkeyButtonMessages);
  const login = usePasskeyLogin();
  const error = useAtomValue(passkeyErrorAtom);
  const autofill = useAtomValue(autofillAbortAtom);
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    autofill?.abort();
    try {
      await login();
      // A success keeps the button busy: the next screen replaces it once loaded (useGo).
    } catch {
      // usePasskeyLogin has shown and reported the failure.
      setBusy(false);
    }
  };
  return (
    <div part="passkey" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <button type="button" part="button button-secondary passkey-button" disabled={busy} aria-busy={busy} onClick={() => void click()}>
        {t('button.loginWithPasskey')}
      </button>
      <ErrorText message={error} />
    </div>
  );
}
