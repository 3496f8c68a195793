import { CryptoLayout } from './CryptoLayout.tsx';
import { cryptoStrings } from './strings.ts';

/** The crypto error screen of SPEC §2: its two texts and the back arrow. */
export default function CryptoError() {

  return (
    <CryptoLayout title={cryptoStrings.cryptoErrorTitle}>
      <p>{cryptoStrings.cryptoErrorText}</p>
    </CryptoLayout>
  );
}
