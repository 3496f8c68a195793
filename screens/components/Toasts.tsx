import { useAtomValue } from 'jotai';
import { useWidget } from '../context.ts';
import { useToast } from '../hooks/useToast.ts';
import { toastsAtom } from '../state/atoms.ts';

/** The toast stack, inside LoginFlow's polite live region; error toasts are also alerts. */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToast();
  const { strings } = useWidget();
  if (toasts.length === 0) return null;
  return (
    <div part="toasts" css={{ display: 'flex', flexDirection: 'column', gap: 8, boxSizing: 'border-box' }}>
      {toasts.map((t) => (
        <div
          key={t.id}
          part={`toast toast-${t.kind}`}
          role={t.kind === 'error' ? 'alert' : undefined}
          hidden={!t.visible}
          css={{ display: t.visible ? 'flex' : 'none', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '8px 12px', borderRadius: 4, color: '#fff', background: t.kind === 'error' ? '#8b1214' : '#0c5a4b' }}
        >
          <span>{t.message}</span>
          <button type="button" aria-label={strings.dismiss} onClick={() => dismiss(t.id)} css={{ background: 'none', border: 0, color: 'inherit', cursor: 'pointer', font: 'inherit' }}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
