/** English: the OAuth buttons and Google One Tap (format: ../catalog.ts). Exactly as SPEC words it. */
export const oauthMessages = {
  'oauth.continueWithGoogle': 'Continue with Google',
  'oauth.continueWithMicrosoft': 'Continue with Microsoft',
  'oauth.continueWithApple': 'Continue with Apple',
  'oauth.continueWithGitHub': 'Continue with GitHub',
  'oauth.continueWithGitLab': 'Continue with GitLab',
  'oauth.continueWithFacebook': 'Continue with Facebook',
  'oauth.continueWithDiscord': 'Continue with Discord',
  'oauth.continueWithSalesforce': 'Continue with Salesforce',
  'oauth.continueWithSlack': 'Continue with Slack',
  'oauth.continueWithAmazon': 'Continue with Amazon',
  'oauth.continueWithBitbucket': 'Continue with Bitbucket',
  'oauth.continueWithLinkedIn': 'Continue with LinkedIn',
  'oauth.continueWithCoinbase': 'Continue with Coinbase',
  'oauth.continueWithTwitch': 'Continue with Twitch',
  // The official id names the provider X; the SPEC's button says Twitter.
  'oauth.continueWithX': 'Continue with Twitter',
  'oauth.continueWithTikTok': 'Continue with TikTok',
  'oauth.continueWithSnapchat': 'Continue with Snapchat',
  'oauth.continueWithFigma': 'Continue with Figma',
  'oauth.continueWithYahoo': 'Continue with Yahoo',
  'oneTap.loading': 'Loading Google One Tap',
  'oneTap.couldNotLoad': 'One Tap could not load',
  // An OAuth sign-in that came back refused (the official id): with the OAuth words, which the
  // first load has whenever Main shows OAuth buttons, rather than the errors' (a lazy chunk).
  'error.oauthFlowCallbackError': 'The sign-in could not be completed. Please try again.',
} as const;
