import { useEffect, useRef } from 'react';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import { AUTHENTICATE_FLOW_COMPLETE } from '../otp/OTPConfirmation.tsx';
import { SuccessCheck } from '../otp/SuccessCheck.tsx';

/** 'Success' / 'Your Passkey has been successfully authenticated.'; completes the flow once. */
export default function PasskeyConfirmation() {
  const { strings, callbacks } = useWidget();
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    callbacks.onEvent({ type: AUTHENTICATE_FLOW_COMPLETE, data: {} });
  }, [callbacks]);
  return (
    <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
      <SuccessCheck />
      <Heading>{strings.success}</Heading>
      <p>{strings.passkeyAuthenticated}</p>
    </section>
  );
}
