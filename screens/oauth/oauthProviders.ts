/** The 19 OAuth providers of SPEC §2: their display names. */
export const OAUTH_PROVIDERS = {
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

export type OAuthProviderType = keyof typeof OAUTH_PROVIDERS;

/** One configured provider (SPEC §3 oauthOptions.providers). */
export interface OAuthProviderConfig {
  type: OAuthProviderType;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
  loginRedirectURL?: string;
  signupRedirectURL?: string;
  /** Google only: try the One Tap prompt, at `position` (SPEC §2), before the button. */
  one_tap?: boolean;
  position?: string;
  cancel_on_tap_outside?: boolean;
}

/** The configured providers the widget knows, in config order; unknown types are skipped. */
export function oauthProviders(options: unknown): OAuthProviderConfig[] {
  const list = (options as { providers?: unknown } | undefined)?.providers;
  if (!Array.isArray(list)) return [];
  return list.filter((p): p is OAuthProviderConfig => typeof p === 'object' && p !== null && Object.hasOwn(OAUTH_PROVIDERS, (p as { type?: string }).type ?? ''));
}
