import { walletButtonMessages } from './wallet-buttons.ts';

/** English: the crypto screens, and the wallet buttons' words (format: ../catalog.ts). Exactly as SPEC words it. */
export const cryptoMessages = {
  ...walletButtonMessages,
  'crypto.wallet.metamask': 'Metamask',
  'crypto.wallet.phantom': 'Phantom',
  'crypto.wallet.coinbase': 'Coinbase',
  'crypto.wallet.binance': 'Binance',
  'crypto.connectWallet.title': 'Connecting to your wallet...',
  'crypto.connectWallet.instructionPopup': 'Approve the connection in the pop-up window your wallet opens.',
  'crypto.signMessage.title': 'Completing signature request...',
  'crypto.signMessage.instruction': 'Complete the signature request in the pop-up window your wallet opens.',
  'crypto.troubleHelp': 'Having trouble? Use the back arrow to return to the log in screen and try logging in again.',
  'crypto.setupNewWallet.title': 'Set up a new crypto wallet',
  'crypto.setupNewWallet.content': 'Signing in with a crypto wallet keeps your account private and secure: there is no password, and only your wallet can sign for you.',
  'crypto.setupNewWallet.instruction': 'Install one of these wallets, then come back and continue with it:',
  'link.opensInNewTab': '(opens in a new tab)',
  'crypto.continueWithOtherWallet.title': 'Continue with other wallet',
  'crypto.success.title': 'Success!',
  'crypto.success.content': 'You have successfully connected your wallet.',
  'crypto.error.title': 'Looks like there was an error!',
  'crypto.error.content': 'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.error.connect': '[Error] Could not connect to wallet',
  'crypto.error.sign': '[Error] Could not sign message',
} as const;
