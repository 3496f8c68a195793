import { useSetAtom } from 'jotai';
import { asError } from '../../client/errors.ts';
import { useCallback } from 'react';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { errorMessageAtom } from '../state/atoms.ts';
import { passkeyErrorAtom } from './atoms.ts';
import { authErrorText } from './errors.ts';
import { passkeyButtonMessages } from '../i18n/en/passkey-button.ts';
import { useGo } from '../hooks/useGo.ts';
import { deviceStorageOf } from './deviceStorage.ts';
import { markDevice } from './upgrade.ts';

/** An empty answer from the passkey prompt (no credential chosen, nothing signed). */
export class EmptyPasskeyResultError extends Error {
  override name = 'EmptyPasskeyResultError';
  constructor() {
    super('The passkey prompt returned no credential.');
  }
}

export interface PasskeyLoginOptions {
  conditional?: boolean;
  signal?: AbortSignal;
}

/**
 * Signs in with a passkey (modal, or autofill through conditional mediation): success emits
 * PASSKEY_AUTHENTICATE, clears the error and moves to PasskeyConfirmation; failure shows the
 * SPEC §8 text, reports to onError and rethrows for the autofill retry loop.
 */
export function usePasskeyLogin(): (o?: PasskeyLoginOptions) => Promise<unknown> {
  const { client, config, callbacks, env } = useWidget();
  const t = useStrings(passkeyButtonMessages);
  const go = useGo();
  const setError = useSetAtom(passkeyErrorAtom);
  const clearFormError = useSetAtom(errorMessageAtom);
  // In a shadow root the client cannot see the widget's own `webauthn` input, so it is told.
  const shadow = config.enableShadowDOM;
  return useCallback(
    async ({ conditional = false, signal }: PasskeyLoginOptions = {}) => {
      try {
        const r = await requireClient(client).webauthn.authenticate({
          session_duration_minutes: config.session.sessionDurationMinutes,
          is_passkey: true,
          conditional_mediation: conditional,
          disable_input_check: shadow,
          signal,
          domain: config.passkeys.domain,
        });
        if (!r) {
          // Autofill that the browser cannot offer is not a failure; a modal prompt with no answer is.
          if (conditional) return null;
          throw new EmptyPasskeyResultError();
        }
        // A passkey of this user signed in here: the upgrade offer never shows on this device.
        markDevice(deviceStorageOf(env), r.user_id);
        setError(undefined);
        clearFormError(undefined);
        callbacks.onEvent({ type: 'PASSKEY_AUTHENTICATE', data: r });
        go('PasskeyConfirmation');
        return r;
      } catch (e) {
        if (signal?.aborted) throw e;
        // Autofill the browser turns down as unsupported (Chromium without an authenticator
        // that can list passkeys) is a browser that cannot autofill: nothing to show or retry.
        if (conditional && (e as { name?: unknown } | null)?.name === 'NotSupportedError') return null;
        const text = authErrorText(e, t);
        if (text) setError(text);
        callbacks.onError(asError(e));
        throw e;
      }
    },
    [client, config, callbacks, env, go, setError, clearFormError, shadow, t],
  );
}
