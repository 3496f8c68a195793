import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { useWidget } from '../context.ts';

/** 'Success!' / 'You have successfully connected your wallet.'; completes the flow once. */
export default function CryptoConfirmation() {
  const { strings } = useWidget();
  return <SuccessScreen title={strings.cryptoSuccessTitle} text={strings.cryptoSuccessText} />;
}
