import { useAtomValue } from 'jotai';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { chainOf, type Wallet } from './wallets.ts';
import { cryptoStateAtom } from '../state/atoms.ts';
import { Spinner } from '../components/Spinner.tsx';
import { CryptoLayout } from './CryptoLayout.tsx';
import { signChallenge } from './walletAccess.ts';
import { announcedWalletsAtom, useWalletWindow } from './walletAtoms.ts';
import { useWalletStep } from './useWalletStep.ts';
import { cryptoMessages } from '../i18n/en/crypto.ts';
import { useGo } from '../hooks/useGo.ts';

function WalletIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false" part="wallet-icon">
      <path
        fill="currentColor"
        d="M21 7.28V5c0-1.1-.9-2-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14c1.1 0 2-.9 2-2v-2.28A2 2 0 0 0 22 15V9a2 2 0 0 0-1-1.72zM20 9v6h-7V9h7zM5 19V5h14v2h-6c-1.1 0-2 .9-2 2v6c0 1.1.9 2 2 2h6v2H5z"
      />
      <circle cx="16" cy="12" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** 'Completing signature request...': the wallet signs the challenge, the provider checks it. */
export default function CryptoSignMessage() {
  const t = useStrings(cryptoMessages);
  const { client, callbacks, config } = useWidget();
  const crypto = useAtomValue(cryptoStateAtom);
  const win = useWalletWindow();
  const announced = useAtomValue(announcedWalletsAtom);
  const go = useGo();
  useWalletStep(async (live) => {
    const wallet = crypto.walletOption as Wallet;
    const signature = await signChallenge(wallet, win, announced, crypto.walletChallenge, crypto.walletAddress);
    if (!live()) return () => undefined;
    const r = await requireClient(client).cryptoWallets.authenticate({
      crypto_wallet_address: crypto.walletAddress,
      crypto_wallet_type: chainOf(wallet),
      signature,
      session_duration_minutes: config.session.sessionDurationMinutes,
    });
    return () => {
      callbacks.onEvent({ type: 'CRYPTO_WALLET_AUTHENTICATE', data: r });
      go('CryptoConfirmation');
    };
  }, t('crypto.error.sign'));
  return (
    <CryptoLayout title={t('crypto.signMessage.title')}>
      <div role="status" css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <WalletIcon />
        <Spinner size={25} thickness={2} />
        <p css={{ margin: 0 }}>{t('crypto.signMessage.instruction')}</p>
      </div>
      <p part="helper">{t('crypto.troubleHelp')}</p>
    </CryptoLayout>
  );
}
