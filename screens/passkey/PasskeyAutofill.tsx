import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useWidget } from '../context.ts';
import { autofillAbortAtom } from './atoms.ts';
import { runAutofill } from './autofill.ts';
import { usePasskeyLogin } from './usePasskeyLogin.ts';

/**
 * Arms passkey autofill (conditional mediation) while Main shows a form whose input carries
 * `webauthn` in its autocomplete; leaving the screen aborts the pending request.
 */
export default function PasskeyAutofill() {
  const { client } = useWidget();
  const login = usePasskeyLogin();
  const publish = useSetAtom(autofillAbortAtom);
  useEffect(() => {
    if (!client) return;
    const controller = new AbortController();
    publish(controller);
    void (async () => {
      if (!(await client.webauthn.browserSupportsAutofill())) return;
      await runAutofill(() => login({ conditional: true, signal: controller.signal }), controller.signal);
    })();
    return () => {
      controller.abort();
      publish(null);
    };
  }, [client, login, publish]);
  return null;
}
