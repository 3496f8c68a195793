import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { otpStrings } from './strings.ts';

/** 'Your passcode has been successfully verified.' with the green check; completes the flow once. */
export default function OTPConfirmation() {
  return <SuccessScreen title={otpStrings.otpVerified} />;
}
