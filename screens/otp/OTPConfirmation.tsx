import { useEffect, useRef } from 'react';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';

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
      <svg part="success-check" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
        <circle cx="48" cy="48" r="46" fill="#0c7a5a" />
        <path d="M28 49l13 13 27-28" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Heading>{strings.otpVerified}</Heading>
    </section>
  );
}
