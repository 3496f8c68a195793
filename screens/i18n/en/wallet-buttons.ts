/**
 * English: Main's wallet buttons (format: ../catalog.ts), apart from the crypto screens' words so
 * that Main's first load does not carry those (crypto.ts spreads these).
 */
export const walletButtonMessages = {
  'crypto.wallet.continueWithPhantom': 'Continue with Phantom',
  'crypto.wallet.continueWithVessel': 'Continue with Vessel',
  'crypto.wallet.continueWithBinance': 'Continue with Binance',
  'crypto.wallet.continueWithCoinbase': 'Continue with Coinbase',
  'crypto.wallet.continueWithMetamask': 'Continue with Metamask',
  'crypto.wallet.continueWithEthereum': 'Continue with Other Ethereum Wallet',
  'crypto.wallet.continueWithSolana': 'Continue with Other Solana Wallet',
  'crypto.wallet.continueWithOtherWallet': 'Continue with other Crypto Wallet',
  'crypto.wallet.setupNewWallet': 'Set up a new crypto wallet',
} as const;
