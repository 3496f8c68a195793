import * as S from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import type { BaseResponse, User } from '../session/types.ts';
import { call, type ApiContext } from './context.ts';

/** A connected app as the consent screen shows it (the official `ConnectedAppPublic`). */
export interface ConnectedAppPublic {
  client_id: string;
  client_type: string;
  client_name: string;
  client_description: string;
  client_logo_url?: string;
}
/** One requested scope: whether the signed-in user (or member) may grant it, and its words. */
export interface ScopeResult {
  scope: string;
  is_grantable: boolean;
  description: string;
}
/** The authorization request as the consent element reads it from its page (the official names). */
export interface OAuthAuthorizeStartOptions {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scopes: string[];
  prompt?: string;
}
export interface OAuthAuthorizeSubmitOptions extends OAuthAuthorizeStartOptions {
  consent_granted: boolean;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  /** RFC 8707 resources: the element's name; `resource` is the headless types'. */
  resources?: string[];
  resource?: string | string[];
}
export interface OAuthLogoutStartOptions {
  client_id: string;
  post_logout_redirect_uri: string;
  state?: string;
  id_token_hint?: string;
}
export interface B2BOAuthAuthorizeStartResponse extends BaseResponse {
  client: ConnectedAppPublic;
  consent_required: boolean;
  scope_results: ScopeResult[];
}
export interface OAuthAuthorizeStartResponse extends B2BOAuthAuthorizeStartResponse {
  user_id: string;
  user: User;
}
export interface OAuthAuthorizeSubmitResponse extends BaseResponse {
  redirect_uri: string;
  authorization_code?: string;
}
export interface OAuthLogoutStartResponse extends BaseResponse {
  redirect_uri: string;
  consent_required: boolean;
}
/** One app the signed-in user (or member) has allowed (the official `getConnectedApps` item). */
export interface ConnectedApp {
  connected_app_id: string;
  name: string;
  description: string;
  client_type: string;
  logo_url?: string;
  scopes_granted: string;
}
export interface GetConnectedAppsResponse extends BaseResponse {
  connected_apps: ConnectedApp[];
}

/** Where a product line's consent calls go: B2C `/idp/oauth/…`, B2B `/idp/b2b/oauth/…`. */
export interface IdpPaths {
  authorize: string;
  logout: string;
}
export const B2C_IDP_PATHS: IdpPaths = { authorize: '/idp/oauth/authorize', logout: '/oauth/logout/start' };
export const B2B_IDP_PATHS: IdpPaths = { authorize: '/idp/b2b/oauth/authorize', logout: '/b2b/oauth/logout/start' };

/**
 * `idp`: the consent element's calls (the official `oauthAuthorizeStart`, `oauthAuthorizeSubmit`
 * and `oauthLogoutStart`), for the line whose paths are given. The checks drop fields the call
 * does not take, so a caller may pass the whole authorization request to the start.
 */
export function idpCalls<Start extends B2BOAuthAuthorizeStartResponse>(ctx: Pick<ApiContext, 'bootstrap' | 'transport'>, paths: IdpPaths) {
  return {
    async oauthAuthorizeStart(o: OAuthAuthorizeStartOptions): Promise<Start> {
      const body = check('stytch.idp.oauthAuthorizeStart', S.IdpAuthorizeStart, o);
      return call<Start>(ctx, { method: 'POST', path: `${paths.authorize}/start`, body });
    },
    async oauthAuthorizeSubmit(o: OAuthAuthorizeSubmitOptions): Promise<OAuthAuthorizeSubmitResponse> {
      const body = check('stytch.idp.oauthAuthorizeSubmit', S.IdpAuthorizeSubmit, o);
      return call<OAuthAuthorizeSubmitResponse>(ctx, { method: 'POST', path: `${paths.authorize}/submit`, body });
    },
    async oauthLogoutStart(o: OAuthLogoutStartOptions): Promise<OAuthLogoutStartResponse> {
      const body = check('stytch.idp.oauthLogoutStart', S.OAuthLogoutStart, o);
      return call<OAuthLogoutStartResponse>(ctx, { method: 'POST', path: paths.logout, body });
    },
  };
}

/** The B2C client's `idp`. */
export const idp = (ctx: ApiContext) => idpCalls<OAuthAuthorizeStartResponse>(ctx, B2C_IDP_PATHS);
