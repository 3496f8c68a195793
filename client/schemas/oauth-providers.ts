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

const table = providerTable(OAUTH_PROVIDER_NAMES);
/** The provider types, in SPEC order. */
export const OAuthProviders = table.types;
/** Whether `type` names one of the 19 providers. */
export const isOAuthProvider = table.is;

/** A provider-name table's types, in its order, and the check that a value names one of them. */
export function providerTable<P extends string>(names: Readonly<Record<P, string>>): { types: readonly P[]; is: (type: unknown) => type is P } {
  return {
    types: Object.keys(names) as P[],
    is: (type: unknown): type is P => typeof type === 'string' && Object.hasOwn(names, type),
  };
}
