import type { B2BOAuthProvider } from '../../../client/schemas/b2b-oauth-providers.ts';
import { ProviderIcon } from '../../components/ProviderIcon.tsx';
import { useB2BStrings } from '../widget.ts';
import { businessMarks } from './marks.ts';

/** Each provider's button text, by its official B2B id. */
const CONTINUE_WITH = {
  google: 'oauth.continueWithGoogle',
  microsoft: 'oauth.continueWithMicrosoft',
  hubspot: 'oauth.continueWithHubSpot',
  slack: 'oauth.continueWithSlack',
  github: 'oauth.continueWithGitHub',
} as const satisfies Record<B2BOAuthProvider, string>;

export const buttonRowCss = { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 } as const;

/** 'Continue with {provider}': the click starts the provider's sign-in (`onStart`). */
export function OAuthButton({ type, onStart, disabled }: { type: B2BOAuthProvider; onStart(): void; disabled?: boolean | undefined }) {
  const t = useB2BStrings();
  return (
    <button type="button" part="button button-secondary oauth-button" data-provider={type} disabled={disabled} onClick={onStart} css={buttonRowCss}>
      <ProviderIcon mark={businessMarks[type]} />
      {t(CONTINUE_WITH[type])}
    </button>
  );
}
