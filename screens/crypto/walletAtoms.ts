import { atom } from 'jotai';
import type { AnnouncedProvider, WalletWindow } from './wallets.ts';

/**
 * Where wallet extensions are found: the page's globals unless a test or host injects
 * another window. Held per widget store, like every other piece of widget state.
 */
export const walletWindowAtom = atom<WalletWindow>(globalThis as WalletWindow);
/** EIP-6963 providers announced so far, newest announcement per uuid. */
export const announcedWalletsAtom = atom<AnnouncedProvider[]>([]);
