import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useWidget } from '../context.ts';
import { errorMessageAtom, signInMethodAtom, type ScreenName, type SignInMethod } from '../state/atoms.ts';
import { useGo } from './useGo.ts';

/**
 * The last step of every login-element sign-in: the host hears the event (`type`, the
 * provider's answer as `data`), the success screen learns how the user signed in (its passkey
 * offer reads it, `passkeyUpgrade`), and the widget moves to that screen.
 */
export function useSignedIn(): (type: string, data: unknown, method: SignInMethod, screen?: ScreenName) => void {
  const { callbacks } = useWidget();
  const go = useGo();
  const clearError = useSetAtom(errorMessageAtom);
  const setSignInMethod = useSetAtom(signInMethodAtom);
  return useCallback(
    (type, data, method, screen = 'PasswordConfirmation') => {
      clearError(undefined);
      callbacks.onEvent({ type, data });
      setSignInMethod(method);
      go(screen);
    },
    [callbacks, clearError, go, setSignInMethod],
  );
}
