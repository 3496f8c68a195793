import { atom } from 'jotai';
import { useWidget } from '../context.ts';
import type { AnnouncedProvider, WalletWindow } from './wallets.ts';

/** Where wallet extensions are found: the widget environment's window, else the page's globals. */
export function useWalletWindow(): WalletWindow {
  return useWidget().env.wallets ?? (globalThis as WalletWindow);
}
/** EIP-6963 providers announced so far, newest announcement per uuid. */
export const announcedWalletsAtom = atom<AnnouncedProvider[]>([]);
