import { useCallback } from 'react';
import { dropUndefined } from '../../send/send.ts';
import { rememberRedirectSignIn } from '../../state/redirectSignIn.ts';
import { useB2B, useB2BClient } from '../widget.ts';
import type { OAuthStartSettings } from './providers.ts';

/**
 * Starts a provider's sign-in (the browser leaves for it): into the organization Main shows
 * (its login and signup redirect URLs), else discovery (its discovery redirect URL).
 */
export function useOAuthStart(organizationId: string | undefined): (s: OAuthStartSettings) => Promise<void> {
  const { config } = useB2B();
  const client = useB2BClient();
  return useCallback(
    async (s: OAuthStartSettings) => {
      const o = config.oauthOptions;
      const common = { custom_scopes: s.customScopes, provider_params: s.providerParams };
      rememberRedirectSignIn('oauth');
      if (organizationId) {
        await client.oauth[s.type].start(dropUndefined({ ...common, organization_id: organizationId, login_redirect_url: o.loginRedirectURL, signup_redirect_url: o.signupRedirectURL }));
      } else {
        await client.oauth[s.type].discovery.start(dropUndefined({ ...common, discovery_redirect_url: o.discoveryRedirectURL }));
      }
    },
    [client, config, organizationId],
  );
}
