import { CryptoLayout } from './CryptoLayout.tsx';
import { cryptoMessages } from '../i18n/en/crypto.ts';
import { useStrings } from '../context.ts';

/** Where to get each wallet; opened in a new tab so the sign-in page stays. */
export const WALLET_DOWNLOADS = [
  ['crypto.wallet.metamask', 'https://metamask.io/download/'],
  ['crypto.wallet.phantom', 'https://phantom.com/download'],
  ['crypto.wallet.coinbase', 'https://www.coinbase.com/wallet/downloads'],
  ['crypto.wallet.binance', 'https://www.binance.com/en/web3wallet'],
] as const;

/** 'Set up a new crypto wallet': why a wallet, and links out to four of them. */
export default function CryptoSetupWallet() {
  const t = useStrings(cryptoMessages);
  return (
    <CryptoLayout title={t('crypto.wallet.setupNewWallet')}>
      <p>{t('crypto.setupNewWallet.content')}</p>
      <p part="helper">{t('crypto.setupNewWallet.instruction')}</p>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {WALLET_DOWNLOADS.map(([name, href]) => (
          <li key={href}>
            <a part="link wallet-download" href={href} target="_blank" rel="noopener noreferrer">
              {t(name)}
              <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}> {t('link.opensInNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </CryptoLayout>
  );
}
