import { CryptoLayout } from './CryptoLayout.tsx';
import { cryptoMessages } from '../i18n/en/crypto.ts';
import { useStrings } from '../context.ts';

/** The crypto error screen of SPEC §2: its two texts and the back arrow. */
export default function CryptoError() {
  const t = useStrings(cryptoMessages);
  return (
    <CryptoLayout title={t('crypto.error.title')}>
      <p>{t('crypto.error.content')}</p>
    </CryptoLayout>
  );
}
