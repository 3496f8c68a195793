import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { otpMessages } from '../i18n/en/otp.ts';
import { useStrings } from '../context.ts';
import { usePasskeyOffer } from '../components/usePasskeyOffer.ts';

/** 'Your passcode has been successfully verified.' with the green check, and the passkey upgrade; completes the flow once. */
export default function OTPConfirmation() {
  const t = useStrings(otpMessages);
  return <SuccessScreen title={t('otp.success.content')}>{usePasskeyOffer()}</SuccessScreen>;
}
