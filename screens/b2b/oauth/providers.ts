import type { B2BOAuthProvider } from '../../../client/schemas/b2b-oauth-providers.ts';
import type { B2BConfig, B2BOAuthProviderConfig } from '../config.ts';

/*
 * What each configured OAuth provider starts with, as the official B2B UI computes it: the
 * provider's own `customScopes`/`providerParams`, else the deprecated ones of `oauthOptions`;
 * Google and Microsoft are told the address already known (`login_hint`) unless the site set one.
 */

export interface OAuthStartSettings {
  type: B2BOAuthProvider;
  oneTap: boolean;
  cancelOnTapOutside: boolean | undefined;
  customScopes: string[] | undefined;
  providerParams: Record<string, string> | undefined;
}

/** A provider's start settings; `email` is the address the widget already knows, if any. */
export function startSettings(p: B2BOAuthProviderConfig, options: B2BConfig['oauthOptions'], email: string | undefined): OAuthStartSettings {
  const customScopes = p.customScopes?.length ? p.customScopes : options.customScopes;
  let providerParams = p.providerParams && Object.keys(p.providerParams).length > 0 ? p.providerParams : options.providerParams;
  if (email && (p.type === 'google' || p.type === 'microsoft') && !(providerParams && 'login_hint' in providerParams)) providerParams = { ...providerParams, login_hint: email };
  return {
    type: p.type,
    oneTap: p.type === 'google' && p.one_tap === true,
    cancelOnTapOutside: p.type === 'google' && p.one_tap ? p.cancel_on_tap_outside : undefined,
    customScopes,
    providerParams,
  };
}

/**
 * The providers Main shows, in the config's order: all of them, or where the organization
 * restricts its methods (or asked for another primary factor), those it allows (`<type>_oauth`).
 */
export function shownProviders(config: Pick<B2BConfig, 'oauthOptions'>, restricted: readonly string[] | undefined): B2BOAuthProviderConfig[] {
  const seen = new Set<string>();
  return config.oauthOptions.providers.filter((p) => {
    if (seen.has(p.type)) return false;
    seen.add(p.type);
    return !restricted || restricted.includes(`${p.type}_oauth`);
  });
}
