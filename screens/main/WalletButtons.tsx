import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useWidget } from '../context.ts';
import { cryptoStateAtom, transitionAtom } from '../state/atoms.ts';
import { detectWallets, splitWallets, type WalletWindow } from './wallets.ts';

/** The wallet block: detected wallets, 'other' for the overflow, and the setup link. */
export function WalletButtons({ oauthCount, win = globalThis as WalletWindow }: { oauthCount: number; win?: WalletWindow }) {
  const { strings } = useWidget();
  const go = useSetAtom(transitionAtom);
  const setCrypto = useSetAtom(cryptoStateAtom);
  const { shown, hidden } = useMemo(() => splitWallets(detectWallets(win), oauthCount), [win, oauthCount]);
  return (
    <div part="wallets" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {shown.map((w) => (
        <button
          key={w}
          type="button"
          part="button button-secondary wallet-button"
          onClick={() => {
            setCrypto((s) => ({ ...s, walletOption: w }));
            go('CryptoConnect');
          }}
        >
          {strings.continueWith(w)}
        </button>
      ))}
      {hidden.length > 0 ? (
        <button type="button" part="button button-secondary" onClick={() => go('CryptoOtherScreen')}>
          {strings.otherWallet}
        </button>
      ) : null}
      <button type="button" part="button button-secondary" onClick={() => go('CryptoSetupWallet')}>
        {strings.setupWallet}
      </button>
    </div>
  );
}
