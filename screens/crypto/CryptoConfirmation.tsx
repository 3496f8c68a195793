import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { cryptoMessages } from '../i18n/en/crypto.ts';
import { useStrings } from '../context.ts';

/** 'Success!' / 'You have successfully connected your wallet.'; completes the flow once. */
export default function CryptoConfirmation() {
  const t = useStrings(cryptoMessages);
  return <SuccessScreen title={t('crypto.success.title')} text={t('crypto.success.content')} />;
}
