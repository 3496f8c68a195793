import { useEffect, useRef } from 'react';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import { SuccessCheck } from './SuccessCheck.tsx';

/** The event every success screen emits once on display (SPEC §7). */
export const AUTHENTICATE_FLOW_COMPLETE = 'AUTHENTICATE_FLOW_COMPLETE';

/** 'Your passcode has been successfully verified.' with the green check; completes the flow once. */
export default function OTPConfirmation() {
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
      <Heading>{strings.otpVerified}</Heading>
    </section>
  );
}
