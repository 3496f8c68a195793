import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useWidget } from '../context.ts';
import { errorMessageAtom, magicLinkStateAtom, otpExpiryAtom, otpStateAtom, transitionAtom } from '../state/atoms.ts';
import { otpExpirationMinutes } from './send.ts';

/** The state changes after a send succeeded (SPEC §4): store what was sent, then move on. */
export function useSent() {
  const { config, clock, callbacks, client } = useWidget();
  const go = useSetAtom(transitionAtom);
  const setOtp = useSetAtom(otpStateAtom);
  const setExpiry = useSetAtom(otpExpiryAtom);
  const setMagic = useSetAtom(magicLinkStateAtom);
  const clearError = useSetAtom(errorMessageAtom);
  const magicLink = useCallback(
    (email: string) => {
      setMagic({ email });
      clearError(undefined);
      client?.logEvent({ event_name: 'email_sent', details: { email, type: 'login_or_create_eml' } });
      callbacks.onEvent({ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: { email } });
      go('EmailConfirmation');
    },
    [setMagic, clearError, client, callbacks, go],
  );
  const otp = useCallback(
    (type: 'email' | 'sms' | 'whatsapp', methodId: string, otpDestination: string) => {
      setOtp({ type, methodId, otpDestination });
      setExpiry(clock.now() + otpExpirationMinutes(config.config) * 60_000);
      clearError(undefined);
      callbacks.onEvent({ type: 'OTP_LOGIN_OR_CREATE', data: { type, method_id: methodId } });
      go('OTPAuthenticate');
    },
    [setOtp, setExpiry, clock, config, clearError, callbacks, go],
  );
  return { magicLink, otp };
}
