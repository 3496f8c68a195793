import { useSetAtom } from 'jotai';
import { errorMessageAtom } from '../state/atoms.ts';
import { useStrings } from '../context.ts';
import { useGo } from '../hooks/useGo.ts';

/** The back arrow every screen has: it returns to Main (SPEC §2). */
export function BackButton({ onBack }: { onBack?: () => void }) {
  const t = useStrings();
  const go = useGo();
  const clearError = useSetAtom(errorMessageAtom);
  return (
    <button
      type="button"
      part="back"
      aria-label={t('button.goBack')}
      onClick={() => {
        onBack?.();
        clearError(undefined);
        go('Main');
      }}
      css={{ alignSelf: 'flex-start', background: 'none', border: 0, padding: 4, cursor: 'pointer', color: 'inherit' }}
    >
      {/* The arrow points the way back: left, or right in a right-to-left language. */}
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" css={t.dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}>
        <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" fill="currentColor" />
      </svg>
    </button>
  );
}
