import { useWidget } from '../context.ts';
import { CryptoLayout } from './CryptoLayout.tsx';

/** The crypto error screen of SPEC §2: its two texts and the back arrow. */
export default function CryptoError() {
  const { strings } = useWidget();
  return (
    <CryptoLayout title={strings.cryptoErrorTitle}>
      <p>{strings.cryptoErrorText}</p>
    </CryptoLayout>
  );
}
