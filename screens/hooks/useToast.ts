import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useWidget } from '../context.ts';
import { toastsAtom, type Toast } from '../state/atoms.ts';

/** SPEC §9 durations; removal follows dismissal by 1 s; at most 20 toasts. */
export const TOAST_DURATION_MS = { success: 2000, error: 4000 } as const;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_LIMIT = 20;

let nextId = 1;

/** Shows and dismisses toasts on the widget's clock. */
export function useToast(): { show(kind: Toast['kind'], message: string): void; dismiss(id: number): void } {
  const { clock } = useWidget();
  const set = useSetAtom(toastsAtom);
  const dismiss = useCallback(
    (id: number) => {
      set((list) => list.map((t) => (t.id === id ? { ...t, visible: false } : t)));
      clock.setTimeout(() => set((list) => list.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
    },
    [clock, set],
  );
  const show = useCallback(
    (kind: Toast['kind'], message: string) => {
      const id = nextId++;
      set((list) => [...list, { id, kind, message, visible: true }].slice(-TOAST_LIMIT));
      clock.setTimeout(() => dismiss(id), TOAST_DURATION_MS[kind]);
    },
    [clock, set, dismiss],
  );
  return { show, dismiss };
}
