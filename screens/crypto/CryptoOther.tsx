import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { WalletList } from './WalletButtons.tsx';
import { detectWallets } from './wallets.ts';
import { CryptoLayout } from './CryptoLayout.tsx';
import { announcedWalletsAtom, useWalletWindow } from './walletAtoms.ts';
import { cryptoMessages } from '../i18n/en/crypto.ts';
import { useStrings } from '../context.ts';

/** 'Continue with other wallet': every detected wallet, the ones Main had no room for included. */
export default function CryptoOther() {
  const t = useStrings(cryptoMessages);
  const win = useWalletWindow();
  const announced = useAtomValue(announcedWalletsAtom);
  const wallets = useMemo(() => detectWallets(win, announced), [win, announced]);
  return (
    <CryptoLayout title={t('crypto.continueWithOtherWallet.title')}>
      <WalletList wallets={wallets} />
    </CryptoLayout>
  );
}
