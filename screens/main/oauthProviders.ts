/** The 19 OAuth providers of SPEC §2: display name and brand colour for the icon. */
export const OAUTH_PROVIDERS = {
  google: ['Google', '#4285F4'],
  microsoft: ['Microsoft', '#737373'],
  apple: ['Apple', '#000000'],
  github: ['GitHub', '#181717'],
  gitlab: ['GitLab', '#C73A13'],
  facebook: ['Facebook', '#0866FF'],
  discord: ['Discord', '#5865F2'],
  salesforce: ['Salesforce', '#00A1E0'],
  slack: ['Slack', '#4A154B'],
  amazon: ['Amazon', '#232F3E'],
  bitbucket: ['Bitbucket', '#0052CC'],
  linkedin: ['LinkedIn', '#0A66C2'],
  coinbase: ['Coinbase', '#0052FF'],
  twitch: ['Twitch', '#9146FF'],
  twitter: ['Twitter', '#000000'],
  tiktok: ['TikTok', '#000000'],
  snapchat: ['Snapchat', '#A08A00'],
  figma: ['Figma', '#A259FF'],
  yahoo: ['Yahoo', '#6001D2'],
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
