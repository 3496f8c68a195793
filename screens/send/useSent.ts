import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useWidget } from '../context.ts';
import { errorMessageAtom, magicLinkStateAtom, otpExpiryAtom, otpStateAtom } from '../state/atoms.ts';
import { useGo } from '../hooks/useGo.ts';

/**
 * The state changes after a send succeeded (SPEC §4): store what was sent, then move on;
 * `stay` keeps the current screen (the password flow shows the sent screen inside its own).
 */
export function useSent() {
  const { config, env, callbacks, client } = useWidget();
  const timers = env.timers;
  const go = useGo();
  const setOtp = useSetAtom(otpStateAtom);
  const setExpiry = useSetAtom(otpExpiryAtom);
  const setMagic = useSetAtom(magicLinkStateAtom);
  const clearError = useSetAtom(errorMessageAtom);
  const magicLink = useCallback(
    (email: string, stay = false, request?: { request_id: string; secret: string; code: string; expires_at: string }) => {
      setMagic({ email, request });
      clearError(undefined);
      client?.logEvent({ event_name: 'email_sent', details: { email, type: 'login_or_create_eml' } });
      callbacks.onEvent({ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: { email } });
      if (!stay) go('EmailConfirmation');
    },
    [setMagic, clearError, client, callbacks, go],
  );
  const otp = useCallback(
    (type: 'email' | 'sms' | 'whatsapp', methodId: string, otpDestination: string, stay = false) => {
      setOtp({ type, methodId, otpDestination });
      setExpiry(timers.now() + config.otp.expirationMinutes * 60_000);
      clearError(undefined);
      callbacks.onEvent({ type: 'OTP_LOGIN_OR_CREATE', data: { type, method_id: methodId } });
      if (!stay) go('OTPAuthenticate');
    },
    [setOtp, setExpiry, timers, config, clearError, callbacks, go],
  );
  return { magicLink, otp };
}
