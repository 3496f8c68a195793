import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useAnyWidget, useStrings } from '../context.ts';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, useToast } from '../hooks/useToast.ts';
import { toastsAtom, type Toast } from '../state/atoms.ts';

/** A shown toast hides after its SPEC §9 duration; a hidden one is removed 1 s later. The timer ends with the toast. */
function useLifetime(t: Toast, hide: (id: number) => void) {
  const { timers } = useAnyWidget().env;
  const set = useSetAtom(toastsAtom);
  useEffect(() => {
    const h = t.visible ? timers.setTimeout(() => hide(t.id), TOAST_DURATION_MS[t.kind]) : timers.setTimeout(() => set((list) => list.filter((x) => x.id !== t.id)), TOAST_REMOVE_DELAY_MS);
    return () => timers.clearTimeout(h);
  }, [t.id, t.kind, t.visible, timers, hide, set]);
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss(id: number): void }) {
  const t = useStrings();
  useLifetime(toast, dismiss);
  return (
    <div
      part={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      hidden={!toast.visible}
      css={{
        display: toast.visible ? 'flex' : 'none',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 8,
        padding: '8px 12px',
        borderRadius: 4,
        color: '#fff',
        background: toast.kind === 'error' ? '#8b1214' : '#0c5a4b',
      }}
    >
      <span>{toast.message}</span>
      <button type="button" aria-label={t('toast.dismiss')} onClick={() => dismiss(toast.id)} css={{ background: 'none', border: 0, color: 'inherit', cursor: 'pointer', font: 'inherit' }}>
        ×
      </button>
    </div>
  );
}

/** The toast stack, inside the card's polite live region (ToastedCard); error toasts are also alerts. */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToast();
  if (toasts.length === 0) return null;
  return (
    <div part="toasts" css={{ display: 'flex', flexDirection: 'column', gap: 8, boxSizing: 'border-box' }}>
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} dismiss={dismiss} />
      ))}
    </div>
  );
}
