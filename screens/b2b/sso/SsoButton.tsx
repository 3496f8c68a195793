import { ProviderIcon } from '../../components/ProviderIcon.tsx';
import { buttonRowCss } from '../oauth/blocks.ts';
import * as mark from '../../components/marks.tsx';
import { useB2BStrings } from '../widget.ts';
import type { SsoConnection } from './connections.ts';

/** The identity providers with a mark of their own (the official's `SsoKnownIdp`); any other shows the key. */
const ssoMark = (identityProvider: string) =>
  identityProvider === 'google-workspace' ? mark.google : identityProvider === 'microsoft-entra' ? mark.microsoft : identityProvider === 'okta' ? mark.okta : mark.sso;

/** 'Continue with {display_name}' for one of the organization's SSO connections. */
export function SsoButton({ connection, onStart, disabled }: { connection: SsoConnection; onStart(): void; disabled?: boolean | undefined }) {
  const t = useB2BStrings();
  return (
    <button type="button" part="button button-secondary sso-button" disabled={disabled} onClick={onStart} css={buttonRowCss}>
      <ProviderIcon mark={ssoMark(connection.identity_provider)} />
      {t('provider.continueWith', { display_name: connection.display_name })}
    </button>
  );
}
