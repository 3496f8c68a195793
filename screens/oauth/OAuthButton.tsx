import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useReportError } from '../hooks/useReportError.ts';
import type { OAuthProvider } from '../../client/schemas/oauth-providers.ts';
import { oauthMessages } from '../i18n/en/oauth.ts';
import type { OAuthProviderConfig } from '../config/schema.ts';
import { ProviderIcon } from '../components/ProviderIcon.tsx';
import { consumerMarks } from './marks.ts';
import { rememberRedirectSignIn } from '../state/redirectSignIn.ts';

/** Each provider's button, by its official id. */
const CONTINUE_WITH = {
  google: 'oauth.continueWithGoogle',
  microsoft: 'oauth.continueWithMicrosoft',
  apple: 'oauth.continueWithApple',
  github: 'oauth.continueWithGitHub',
  gitlab: 'oauth.continueWithGitLab',
  facebook: 'oauth.continueWithFacebook',
  discord: 'oauth.continueWithDiscord',
  salesforce: 'oauth.continueWithSalesforce',
  slack: 'oauth.continueWithSlack',
  amazon: 'oauth.continueWithAmazon',
  bitbucket: 'oauth.continueWithBitbucket',
  linkedin: 'oauth.continueWithLinkedIn',
  coinbase: 'oauth.continueWithCoinbase',
  twitch: 'oauth.continueWithTwitch',
  twitter: 'oauth.continueWithX',
  tiktok: 'oauth.continueWithTikTok',
  snapchat: 'oauth.continueWithSnapchat',
  figma: 'oauth.continueWithFigma',
  yahoo: 'oauth.continueWithYahoo',
} as const satisfies Record<OAuthProvider, keyof typeof oauthMessages>;

const rowCss = { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 } as const;

/** One 'Continue with {provider}' button; it starts the redirect through the client. */
export function OAuthButton({ provider: p, onError }: { provider: OAuthProviderConfig; onError(message: string | undefined): void }) {
  const { client, config } = useWidget();
  const t = useStrings(oauthMessages);
  const report = useReportError();
  const defaults = config.oauth;
  const start = async () => {
    onError(undefined);
    try {
      const login = p.loginRedirectURL ?? defaults.loginRedirectURL;
      const signup = p.signupRedirectURL ?? defaults.signupRedirectURL;
      // A refusal coming back to this page is shown only for a sign-in this tab started.
      rememberRedirectSignIn('oauth');
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
      <ProviderIcon mark={consumerMarks[p.type]} />
      {t(CONTINUE_WITH[p.type])}
    </button>
  );
}
