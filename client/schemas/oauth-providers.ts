/** The 19 OAuth providers of SPEC §2 and their display names: the one list the client, widget and provider share. */
export const OAUTH_PROVIDER_NAMES = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
} as const;

export type OAuthProvider = keyof typeof OAUTH_PROVIDER_NAMES;

/** The provider types, in SPEC order. */
export const OAuthProviders = Object.keys(OAUTH_PROVIDER_NAMES) as readonly OAuthProvider[];

/** Whether `type` names one of the 19 providers. */
export function isOAuthProvider(type: unknown): type is OAuthProvider {
  return typeof type === 'string' && Object.hasOwn(OAUTH_PROVIDER_NAMES, type);
}
