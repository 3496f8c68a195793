import { useB2BGo, useB2BStrings } from './context.ts';

/** The back arrow of the B2B screens: to Main. */
export function B2BBack() {
  const t = useB2BStrings();
  const go = useB2BGo();
  return (
    <button type="button" part="back" aria-label={t('button.goBack')} onClick={() => go('Main')} css={{ alignSelf: 'flex-start', background: 'none', border: 0, padding: 4, cursor: 'pointer', color: 'inherit' }}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" css={t.dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}>
        <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" fill="currentColor" />
      </svg>
    </button>
  );
}
