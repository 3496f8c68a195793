/**
 * Developer-facing explanations of the One Tap error kinds (SPEC §8), shown only with a
 * test-environment public token. They address the site's developer, not its users, so they
 * live with the One Tap chunk instead of the user-facing string catalog.
 */
export const ONE_TAP_ERROR_KINDS = [
  'origin_not_allowed_for_client',
  'invalid_client',
  'oauth_config_not_found',
  'no_login_redirect_urls_set',
  'no_signup_redirect_urls_set',
  'default_provider_not_allowed',
] as const;
export type OneTapErrorKind = (typeof ONE_TAP_ERROR_KINDS)[number];

/** Whether a failure reason is one of the kinds with a developer message. */
export function isOneTapErrorKind(reason: string): reason is OneTapErrorKind {
  return (ONE_TAP_ERROR_KINDS as readonly string[]).includes(reason);
}

/** The developer message for one error kind; `origin` is the page's origin. */
export function oneTapDeveloperMessage(kind: OneTapErrorKind, origin: string): string {
  switch (kind) {
    case 'origin_not_allowed_for_client':
      return `One Tap cannot render: ${origin} is not an authorized JavaScript origin of the project's Google OAuth client. Add it in the Google API console (for local development add both http://localhost and http://localhost:<port>).`;
    case 'invalid_client':
      return 'One Tap cannot render: Google does not recognise the OAuth client ID configured for this project. Check that it matches the client in the Google Cloud console.';
    case 'oauth_config_not_found':
      return 'One Tap cannot render: no Google OAuth client is configured for this project.';
    case 'no_login_redirect_urls_set':
      return "One Tap cannot render: the project has no login redirect URLs, so oauthOptions.loginRedirectURL cannot be verified. Add it to the project's redirect URLs.";
    case 'no_signup_redirect_urls_set':
      return "One Tap cannot render: the project has no signup redirect URLs, so oauthOptions.signupRedirectURL cannot be verified. Add it to the project's redirect URLs.";
    case 'default_provider_not_allowed':
      return 'One Tap cannot render: the default OAuth provider does not support One Tap. Configure your own Google OAuth client for the project.';
  }
}
