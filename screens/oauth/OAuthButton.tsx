import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { OAUTH_PROVIDER_NAMES } from '../../client/schemas/oauth-providers.ts';
import type { OAuthProviderConfig } from '../config/schema.ts';
import { ProviderIcon } from './ProviderIcon.tsx';

const rowCss = { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 } as const;

/** One 'Continue with {provider}' button; it starts the redirect through the client. */
export function OAuthButton({ provider: p, onError }: { provider: OAuthProviderConfig; onError(message: string | undefined): void }) {
  const { client, config, strings } = useWidget();
  const report = useReportError();
  const defaults = config.oauth;
  const name = OAUTH_PROVIDER_NAMES[p.type];
  const start = async () => {
    onError(undefined);
    try {
      const login = p.loginRedirectURL ?? defaults.loginRedirectURL;
      const signup = p.signupRedirectURL ?? defaults.signupRedirectURL;
      await requireClient(client).oauth[p.type].start({
        ...(login ? { login_redirect_url: login } : {}),
        ...(signup ? { signup_redirect_url: signup } : {}),
        ...(p.custom_scopes ? { custom_scopes: p.custom_scopes } : {}),
        ...(p.provider_params ? { provider_params: p.provider_params } : {}),
      });
    } catch (err) {
      onError(report(err));
    }
  };
  return (
    <button type="button" part="button button-secondary oauth-button" onClick={() => void start()} css={rowCss}>
      <ProviderIcon type={p.type} />
      {strings.continueWith(name)}
    </button>
  );
}
