import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { passkeyMessages } from '../i18n/en/passkey.ts';
import { useStrings } from '../context.ts';

/** 'Success' / 'Your Passkey has been successfully authenticated.'; completes the flow once. */
export default function PasskeyConfirmation() {
  const t = useStrings(passkeyMessages);
  return <SuccessScreen title={t('passkey.success.title')} text={t('passkey.success.content')} />;
}
