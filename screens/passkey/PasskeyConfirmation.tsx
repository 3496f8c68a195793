import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { useWidget } from '../context.ts';

/** 'Success' / 'Your Passkey has been successfully authenticated.'; completes the flow once. */
export default function PasskeyConfirmation() {
  const { strings } = useWidget();
  return <SuccessScreen title={strings.success} text={strings.passkeyAuthenticated} />;
}
