import bs58 from 'bs58';
import { chainOf, ethereumProviderFor, solanaProviderFor, type AnnouncedProvider, type Wallet, type WalletWindow } from './wallets.ts';

/** The wallet is missing, refused, or answered something that is not an account or signature. */
export class WalletAccessError extends Error {
  override name = 'WalletAccessError';
}

function hexUtf8(message: string): string {
  let out = '0x';
  for (const b of new TextEncoder().encode(message)) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Asks the wallet for its account (EIP-1193 `eth_requestAccounts`, or Solana `connect`). */
export async function connectWallet(wallet: Wallet, win: WalletWindow, announced: readonly AnnouncedProvider[]): Promise<string> {
  if (chainOf(wallet) === 'solana') {
    const p = solanaProviderFor(wallet, win);
    if (!p?.connect) throw new WalletAccessError(`${wallet} is not installed.`);
    const { publicKey } = await p.connect();
    const address = publicKey?.toString();
    if (!address) throw new WalletAccessError(`${wallet} returned no account.`);
    return address;
  }
  const p = ethereumProviderFor(wallet, win, announced);
  if (!p?.request) throw new WalletAccessError(`${wallet} is not installed.`);
  const accounts = await p.request({ method: 'eth_requestAccounts' });
  const address = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof address !== 'string' || address === '') throw new WalletAccessError(`${wallet} returned no account.`);
  return address;
}

/**
 * Has the wallet sign the challenge: Ethereum by `personal_sign` (the message hex-encoded
 * UTF-8, as EIP-1193 wallets expect), Solana by `signMessage` over the UTF-8 bytes with the
 * signature encoded in base58.
 */
export async function signChallenge(wallet: Wallet, win: WalletWindow, announced: readonly AnnouncedProvider[], message: string, address: string): Promise<string> {
  if (chainOf(wallet) === 'solana') {
    const p = solanaProviderFor(wallet, win);
    if (!p?.signMessage) throw new WalletAccessError(`${wallet} cannot sign messages.`);
    const { signature } = await p.signMessage(new TextEncoder().encode(message), 'utf8');
    if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new WalletAccessError(`${wallet} returned no signature.`);
    return bs58.encode(signature);
  }
  const p = ethereumProviderFor(wallet, win, announced);
  if (!p?.request) throw new WalletAccessError(`${wallet} is not installed.`);
  const signature = await p.request({ method: 'personal_sign', params: [hexUtf8(message), address] });
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new WalletAccessError(`${wallet} returned no signature.`);
  return signature;
}
