import { useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import { transitionAtom, type ScreenName } from '../state/atoms.ts';

/**
 * Moves the widget to another screen (the "set screen" of SPEC §4) inside a React transition.
 * Screens load on demand: as an urgent update, a screen whose chunk was still on its way hid
 * the current one behind an empty Suspense fallback, blanking the card (and making the host
 * page jump) until it came. As a transition, React keeps the current screen, busy state and
 * all, until the next one can render, then swaps them in one commit; the new screen's heading
 * (or field) takes focus when it mounts, so focus follows the screen the user actually sees.
 * jotai notifies its subscribers inside `store.set`, so their renders join the transition.
 */
export function useGo(): (screen: ScreenName) => void {
  const set = useSetAtom(transitionAtom);
  return useCallback((screen: ScreenName) => startTransition(() => set(screen)), [set]);
}
