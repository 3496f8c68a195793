import { useWidget } from '../context.ts';
import { CryptoLayout } from './CryptoLayout.tsx';
import { cryptoStrings } from './strings.ts';

/** Where to get each wallet; opened in a new tab so the sign-in page stays. */
export const WALLET_DOWNLOADS = [
  ['Metamask', 'https://metamask.io/download/'],
  ['Phantom', 'https://phantom.com/download'],
  ['Coinbase', 'https://www.coinbase.com/wallet/downloads'],
  ['Binance', 'https://www.binance.com/en/web3wallet'],
] as const;

/** 'Set up a new crypto wallet': why a wallet, and links out to four of them. */
export default function CryptoSetupWallet() {
  const { strings } = useWidget();
  return (
    <CryptoLayout title={strings.setupWallet}>
      <p>{cryptoStrings.cryptoSetupText}</p>
      <p part="helper">{cryptoStrings.cryptoSetupLinks}</p>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {WALLET_DOWNLOADS.map(([name, href]) => (
          <li key={name}>
            <a part="link wallet-download" href={href} target="_blank" rel="noopener noreferrer">
              {name}
              <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}> {cryptoStrings.opensInNewTab}</span>
            </a>
          </li>
        ))}
      </ul>
    </CryptoLayout>
  );
}
