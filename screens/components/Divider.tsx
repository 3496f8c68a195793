import { useStrings } from '../context.ts';
/** The 'or' line between two ways to sign in (Main's social and email groups, a password form and its alternative). */
export function Divider() {
  const t = useStrings();
  const line = { flex: 1, height: 1, background: 'var(--stytch-colors-secondary)' };
  return (
    <div part="divider" css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span css={line} />
      <span part="helper">{t('methodDivider.text')}</span>
      <span css={line} />
    </div>
  );
}
