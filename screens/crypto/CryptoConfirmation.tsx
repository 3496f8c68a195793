import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { cryptoStrings } from './strings.ts';

/** 'Success!' / 'You have successfully connected your wallet.'; completes the flow once. */
export default function CryptoConfirmation() {

  return <SuccessScreen title={cryptoStrings.cryptoSuccessTitle} text={cryptoStrings.cryptoSuccessText} />;
}
