import { useAtom, useAtomValue } from 'jotai';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { chainOf, type Wallet } from './wallets.ts';
import { cryptoStateAtom } from '../state/atoms.ts';
import { Spinner } from '../components/Spinner.tsx';
import { CryptoLayout } from './CryptoLayout.tsx';
import { connectWallet } from './walletAccess.ts';
import { announcedWalletsAtom, useWalletWindow } from './walletAtoms.ts';
import { useWalletStep } from './useWalletStep.ts';
import { cryptoMessages } from '../i18n/en/crypto.ts';
import { useGo } from '../hooks/useGo.ts';

/** 'Connecting to your wallet...': asks the wallet for its account, then the provider for a challenge. */
export default function CryptoConnect() {
  const t = useStrings(cryptoMessages);
  const { client, callbacks } = useWidget();
  const [crypto, setCrypto] = useAtom(cryptoStateAtom);
  const win = useWalletWindow();
  const announced = useAtomValue(announcedWalletsAtom);
  const go = useGo();
  useWalletStep(async (live) => {
    const wallet = crypto.walletOption as Wallet;
    const address = await connectWallet(wallet, win, announced);
    if (!live()) return () => undefined;
    const r = await requireClient(client).cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: chainOf(wallet) });
    return () => {
      callbacks.onEvent({ type: 'CRYPTO_WALLET_AUTHENTICATE_START', data: r });
      setCrypto({ walletAddress: address, walletOption: wallet, walletChallenge: r.challenge });
      go('CryptoSignMessage');
    };
  }, t('crypto.error.connect'));
  return (
    <CryptoLayout title={t('crypto.connectWallet.title')}>
      <div role="status" css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Spinner size={25} thickness={2} />
        <p css={{ margin: 0 }}>{t('crypto.connectWallet.instructionPopup')}</p>
      </div>
      <p part="helper">{t('crypto.troubleHelp')}</p>
    </CryptoLayout>
  );
}
