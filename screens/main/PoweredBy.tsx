import { useStrings } from '../context.ts';
/** The 'Powered by' footer; Main shows it while bootstrap asks for the watermark. */
export function PoweredBy() {
  const t = useStrings();
  return (
    <footer part="watermark" css={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 6, fontSize: 12 }}>
      <span part="helper">{t('watermark.poweredBy')}</span>
      <svg width="52" height="14" viewBox="0 0 52 14" role="img" aria-label={t('watermark.altText')} focusable="false">
        <text x="0" y="11.5" fontSize="13" fontWeight="700" fill="currentColor" fontFamily="system-ui,sans-serif">
          stytch
        </text>
      </svg>
    </footer>
  );
}
