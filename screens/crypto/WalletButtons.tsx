import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useWidget } from '../context.ts';
import { useAnnouncedWallets } from './useAnnouncedWallets.ts';
import { announcedWalletsAtom, useWalletWindow } from './walletAtoms.ts';
import { cryptoStateAtom } from '../state/atoms.ts';
import { detectWallets, splitWallets, type Wallet } from './wallets.ts';
import { useGo } from '../hooks/useGo.ts';

const columnCss = { display: 'flex', flexDirection: 'column', gap: 8 } as const;

/** One 'Continue with {wallet}' button per wallet; choosing one starts the connect step. */
export function WalletList({ wallets }: { wallets: readonly Wallet[] }) {
  const { strings } = useWidget();
  const go = useGo();
  const setCrypto = useSetAtom(cryptoStateAtom);
  return (
    <div css={columnCss}>
      {wallets.map((w) => (
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
    </div>
  );
}

/** The wallet block: detected wallets, 'other' for the overflow, and the setup link. */
export function WalletButtons({ oauthCount }: { oauthCount: number }) {
  const { strings } = useWidget();
  const go = useGo();
  const win = useWalletWindow();
  const announced = useAtomValue(announcedWalletsAtom);
  useAnnouncedWallets();
  const { shown, hidden } = useMemo(() => splitWallets(detectWallets(win, announced), oauthCount), [win, announced, oauthCount]);
  return (
    <div part="wallets" css={columnCss}>
      <WalletList wallets={shown} />
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
