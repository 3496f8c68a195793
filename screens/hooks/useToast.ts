import { atom, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { toastsAtom, type Toast } from '../state/atoms.ts';

/** SPEC §9 durations; removal follows dismissal by 1 s; at most 20 toasts. */
export const TOAST_DURATION_MS = { success: 2000, error: 4000 } as const;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_LIMIT = 20;

// Toast ids count per widget (per store), not per page.
const toastSeqAtom = atom(0);
/** Adds a visible toast with the widget's next id, keeping the newest 20. */
const addToastAtom = atom(null, (get, set, t: { kind: Toast['kind']; message: string }) => {
  const id = get(toastSeqAtom) + 1;
  set(toastSeqAtom, id);
  set(toastsAtom, (list) => [...list, { id, kind: t.kind, message: t.message, visible: true }].slice(-TOAST_LIMIT));
});

/**
 * Shows and dismisses this widget's toasts. Their timers belong to the toast stack
 * (components/Toasts.tsx), so they end with it: a widget that unmounts leaves none running.
 */
export function useToast(): { show(kind: Toast['kind'], message: string): void; dismiss(id: number): void } {
  const add = useSetAtom(addToastAtom);
  const set = useSetAtom(toastsAtom);
  const show = useCallback((kind: Toast['kind'], message: string) => add({ kind, message }), [add]);
  const dismiss = useCallback((id: number) => set((list) => list.map((t) => (t.id === id ? { ...t, visible: false } : t))), [set]);
  return useMemo(() => ({ show, dismiss }), [show, dismiss]);
}
