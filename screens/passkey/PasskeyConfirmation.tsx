import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { passkeyStrings } from './strings.ts';

/** 'Success' / 'Your Passkey has been successfully authenticated.'; completes the flow once. */
export default function PasskeyConfirmation() {
  return <SuccessScreen title={passkeyStrings.success} text={passkeyStrings.passkeyAuthenticated} />;
}
