import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { AnnouncedProvider } from './wallets.ts';
import { announcedWalletsAtom, useWalletWindow } from './walletAtoms.ts';

/** Whether the wallet window can carry events (a real window; a test's stand-in may not). */
const isEventTarget = (w: object): w is EventTarget => 'addEventListener' in w && typeof w.addEventListener === 'function';

function isAnnouncement(detail: unknown): detail is AnnouncedProvider {
  const d = detail as Partial<AnnouncedProvider> | null;
  return !!d && typeof d.info?.uuid === 'string' && typeof d.info.rdns === 'string' && typeof d.provider === 'object' && d.provider !== null;
}

/**
 * Collects EIP-6963 announcements: listens for `eip6963:announceProvider` and asks every
 * installed wallet to announce itself. Wallets answer whenever they load, so no timer.
 */
export function useAnnouncedWallets(): void {
  // Announcements arrive on the wallet window when it is a real window (the page's, by default).
  const win = useWalletWindow();
  const target = isEventTarget(win) ? win : undefined;
  const set = useSetAtom(announcedWalletsAtom);
  useEffect(() => {
    if (!target) return;
    const onAnnounce = (e: Event) => {
      const detail = (e as CustomEvent<unknown>).detail;
      if (!isAnnouncement(detail)) return;
      set((list) => [...list.filter((a) => a.info.uuid !== detail.info.uuid), detail]);
    };
    target.addEventListener('eip6963:announceProvider', onAnnounce);
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    return () => target.removeEventListener('eip6963:announceProvider', onAnnounce);
  }, [target, set]);
}
