import * as v from 'valibot';
import { SsoStartQuery } from './b2b-mfa-sso-requests.ts';
import { str } from './fields.ts';
import { OAuthStartOptions } from './requests.ts';

// The B2B client's option objects that are not wire bodies: checked before a navigation.
const opt = v.optional;
export const B2BOAuthStart = v.object({ ...OAuthStartOptions.entries, organization_id: opt(str()), organization_slug: opt(str()) });
export const B2BOAuthDiscoveryStart = v.object({
  custom_scopes: OAuthStartOptions.entries.custom_scopes,
  provider_params: OAuthStartOptions.entries.provider_params,
  discovery_redirect_url: opt(str()),
});
export const SsoConnectionId = SsoStartQuery.entries.connection_id;
export const SsoStart = v.object({
  connection_id: SsoConnectionId,
  login_redirect_url: opt(str()),
  signup_redirect_url: opt(str()),
  provider_params: OAuthStartOptions.entries.provider_params,
});
