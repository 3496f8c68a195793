import type { Action } from '../../../hooks/useAction.ts';
import { useAdmin, useAdminAction, useAdminClient } from '../widget.ts';

/** A test sign-in through one connection: the browser goes to its IdP and back to the config's test redirect URLs. */
export function useTestSignIn(): { action: Action; start: (connectionId: string) => void } {
  const client = useAdminClient();
  const { config } = useAdmin();
  const action = useAdminAction();
  return {
    action,
    start: (connection_id) =>
      void action.run(() =>
        client.sso.start({
          connection_id,
          ...(config.testLoginRedirectURL ? { login_redirect_url: config.testLoginRedirectURL } : {}),
          ...(config.testSignupRedirectURL ? { signup_redirect_url: config.testSignupRedirectURL } : {}),
        }),
      ),
  };
}
