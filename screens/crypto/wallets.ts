import type { EthereumProvider, SolanaProvider, WalletWindow } from '../env.ts';

export type { EthereumProvider, SolanaProvider, WalletWindow };

/** The wallets of SPEC §2, in display order. */
export const WALLETS = ['Phantom', 'Vessel', 'Binance', 'Coinbase', 'Metamask', 'Other Ethereum Wallet', 'Other Solana Wallet'] as const;
export type Wallet = (typeof WALLETS)[number];

/** An EIP-6963 announcement: the wallet's metadata and its provider. */
export interface AnnouncedProvider {
  info: { uuid: string; name: string; rdns: string; icon?: string };
  provider: EthereumProvider;
}

/** Which chain a wallet signs for; the provider's crypto_wallet_type. */
export function chainOf(wallet: string): 'ethereum' | 'solana' {
  return wallet === 'Phantom' || wallet === 'Other Solana Wallet' ? 'solana' : 'ethereum';
}

function announcedAs(a: AnnouncedProvider): Wallet | undefined {
  const rdns = a.info.rdns.toLowerCase();
  if (rdns === 'io.metamask' || rdns.startsWith('io.metamask.')) return 'Metamask';
  if (rdns.startsWith('com.coinbase')) return 'Coinbase';
  if (rdns.startsWith('com.binance')) return 'Binance';
  // Phantom's button signs with its Solana provider; its EVM announcement adds nothing.
  if (rdns === 'app.phantom') return undefined;
  return 'Other Ethereum Wallet';
}

/** The Ethereum provider a wallet button connects with, or undefined when it is not installed. */
export function ethereumProviderFor(wallet: Wallet, win: WalletWindow, announced: readonly AnnouncedProvider[] = []): EthereumProvider | undefined {
  const eth = win.ethereum;
  const list = eth ? (eth.providers?.length ? eth.providers : [eth]) : [];
  const fromAnnouncement = announced.find((a) => announcedAs(a) === wallet)?.provider;
  switch (wallet) {
    case 'Metamask':
      return list.find((p) => p.isMetaMask) ?? fromAnnouncement;
    case 'Coinbase':
      return list.find((p) => p.isCoinbaseWallet) ?? fromAnnouncement;
    case 'Binance':
      return win.BinanceChain ?? fromAnnouncement;
    case 'Vessel':
      return win.vessel;
    case 'Other Ethereum Wallet':
      return list.find((p) => !p.isMetaMask && !p.isCoinbaseWallet) ?? fromAnnouncement;
    default:
      return undefined;
  }
}

/** The Solana provider a wallet button connects with. */
export function solanaProviderFor(wallet: Wallet, win: WalletWindow): SolanaProvider | undefined {
  const phantom = win.phantom?.solana?.isPhantom ? win.phantom.solana : win.solana?.isPhantom ? win.solana : undefined;
  if (wallet === 'Phantom') return phantom;
  if (wallet === 'Other Solana Wallet') return win.solana && !win.solana.isPhantom ? win.solana : undefined;
  return undefined;
}

/** Wallets detected in the browser (injected globals and EIP-6963 announcements): only these get a button. */
export function detectWallets(win: WalletWindow, announced: readonly AnnouncedProvider[] = []): Wallet[] {
  return WALLETS.filter((w) => (chainOf(w) === 'solana' ? solanaProviderFor(w, win) : ethereumProviderFor(w, win, announced)) !== undefined);
}

/** SPEC §2: Main shows at most 6 − (OAuth providers) − 1 wallets; the rest sit behind "other". */
export function splitWallets(wallets: readonly Wallet[], oauthCount: number): { shown: Wallet[]; hidden: Wallet[] } {
  const max = Math.max(0, 6 - oauthCount - 1);
  return { shown: wallets.slice(0, max), hidden: wallets.slice(max) };
}
