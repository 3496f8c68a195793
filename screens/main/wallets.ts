/** The wallets of SPEC §2, in display order. */
export const WALLETS = ['Phantom', 'Vessel', 'Binance', 'Coinbase', 'Metamask', 'Other Ethereum Wallet', 'Other Solana Wallet'] as const;
export type Wallet = (typeof WALLETS)[number];

interface Injected {
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isPhantom?: boolean;
  providers?: Injected[];
}

/** The window globals wallet extensions inject; tests pass their own. */
export interface WalletWindow {
  ethereum?: Injected;
  solana?: Injected;
  phantom?: { solana?: Injected };
  BinanceChain?: unknown;
  vessel?: unknown;
}

/** Wallets detected in the browser: only these get a button. */
export function detectWallets(win: WalletWindow): Wallet[] {
  const eth = win.ethereum;
  const ethList = eth ? [eth, ...(eth.providers ?? [])] : [];
  const phantom = !!(win.phantom?.solana?.isPhantom || win.solana?.isPhantom);
  const found = new Set<Wallet>();
  if (phantom) found.add('Phantom');
  if (win.vessel) found.add('Vessel');
  if (win.BinanceChain) found.add('Binance');
  if (ethList.some((p) => p.isCoinbaseWallet)) found.add('Coinbase');
  if (ethList.some((p) => p.isMetaMask)) found.add('Metamask');
  if (eth && !ethList.some((p) => p.isMetaMask || p.isCoinbaseWallet)) found.add('Other Ethereum Wallet');
  if (win.solana && !phantom) found.add('Other Solana Wallet');
  return WALLETS.filter((w) => found.has(w));
}

/** SPEC §2: Main shows at most 6 − (OAuth providers) − 1 wallets; the rest sit behind "other". */
export function splitWallets(wallets: readonly Wallet[], oauthCount: number): { shown: Wallet[]; hidden: Wallet[] } {
  const max = Math.max(0, 6 - oauthCount - 1);
  return { shown: wallets.slice(0, max), hidden: wallets.slice(max) };
}
