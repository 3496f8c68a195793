import { ProviderIcon } from '../../components/ProviderIcon.tsx';
import { buttonRowCss } from '../oauth/blocks.ts';
import { useB2BStrings } from '../widget.ts';
import type { SsoConnection } from './connections.ts';

/** The IdPs with a mark of their own (the official's `SsoKnownIdp`); any other shows the key. */
const ICONS: Record<string, 'google' | 'microsoft' | 'okta'> = { 'google-workspace': 'google', 'microsoft-entra': 'microsoft', okta: 'okta' };

/** 'Continue with {display_name}' for one of the organization's SSO connections. */
export function SsoButton({ connection, onStart, disabled }: { connection: SsoConnection; onStart(): void; disabled?: boolean | undefined }) {
  const t = useB2BStrings();
  return (
    <button type="button" part="button button-secondary sso-button" disabled={disabled} onClick={onStart} css={buttonRowCss}>
      <ProviderIcon type={ICONS[connection.identity_provider] ?? 'sso'} />
      {t('provider.continueWith', { display_name: connection.display_name })}
    </button>
  );
}
