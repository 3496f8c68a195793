import { useMemo, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { requireClient, useWidget } from '../context.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { OAUTH_PROVIDERS, oauthProviders, type OAuthProviderConfig } from './oauthProviders.ts';
import { ProviderIcon } from './ProviderIcon.tsx';

const rowCss = { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 } as const;

/** 'Continue with {provider}' buttons; each starts the redirect through the client. */
export function OAuthButtons() {
  const { client, config, strings } = useWidget();
  const providers = useMemo(() => oauthProviders(config.config.oauthOptions), [config]);
  const report = useReportError();
  const [error, setError] = useState<string>();
  const defaults = (config.config.oauthOptions ?? {}) as { loginRedirectURL?: string; signupRedirectURL?: string };

  const start = async (p: OAuthProviderConfig) => {
    setError(undefined);
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
      setError(report(err));
    }
  };

  return (
    <div part="oauth" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {providers.map((p) => {
        const name = OAUTH_PROVIDERS[p.type];
        return (
          <button key={p.type} type="button" part="button button-secondary oauth-button" onClick={() => void start(p)} css={rowCss}>
            <ProviderIcon type={p.type} />
            {strings.continueWith(name)}
          </button>
        );
      })}
      <ErrorText message={error} />
    </div>
  );
}
