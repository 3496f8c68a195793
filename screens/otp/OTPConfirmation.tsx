import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { useWidget } from '../context.ts';

/** 'Your passcode has been successfully verified.' with the green check; completes the flow once. */
export default function OTPConfirmation() {
  const { strings } = useWidget();
  return <SuccessScreen title={strings.otpVerified} />;
}
