import { useCallback } from 'react';
import { dropUndefined } from '../../send/send.ts';
import { rememberRedirectSignIn } from '../../state/redirectSignIn.ts';
import { useB2B, useB2BClient } from '../widget.ts';

/** Starts an SSO sign-in through one connection (the browser leaves for its IdP), with `ssoOptions`. */
export function useSsoStart(): (connectionId: string) => Promise<void> {
  const { config } = useB2B();
  const client = useB2BClient();
  return useCallback(
    async (connectionId: string) => {
      const o = config.ssoOptions;
      rememberRedirectSignIn('sso');
      await client.sso.start(dropUndefined({ connection_id: connectionId, login_redirect_url: o.loginRedirectURL, signup_redirect_url: o.signupRedirectURL, provider_params: o.providerParams }));
    },
    [client, config],
  );
}
