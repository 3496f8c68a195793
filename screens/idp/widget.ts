import type {
  B2BOAuthAuthorizeStartResponse,
  OAuthAuthorizeStartOptions,
  OAuthAuthorizeSubmitOptions,
  OAuthAuthorizeSubmitResponse,
  OAuthLogoutStartOptions,
  OAuthLogoutStartResponse,
} from '../../client/api/idp.ts';
import { useWidgetOf, type WidgetOf } from '../context.ts';
import { idpMessages } from '../i18n/en/idp.ts';
import { useStrings } from '../i18n/useStrings.ts';
import type { IDPConsentManifestGenerator } from './manifest.ts';

/**
 * What the consent element needs of its client: the B2C client and the B2B one both have it
 * (`idp` on their line's paths; the session, user's or member's; the project's name).
 */
export interface IdpClient {
  idp: {
    oauthAuthorizeStart(o: OAuthAuthorizeStartOptions): Promise<B2BOAuthAuthorizeStartResponse>;
    oauthAuthorizeSubmit(o: OAuthAuthorizeSubmitOptions): Promise<OAuthAuthorizeSubmitResponse>;
    oauthLogoutStart(o: OAuthLogoutStartOptions): Promise<OAuthLogoutStartResponse>;
  };
  session: {
    getSync(): unknown;
    /** The session's tokens (cookies or memory), which a session not yet checked has before `getSync` does. */
    getTokens?(): unknown;
    onChange(listener: (session: unknown) => void): () => void;
    revoke(o?: { forceClear?: boolean }): Promise<unknown>;
    /** The official `session.attest` (both lines); a client without it cannot take `authTokenParams`. */
    attest?(o: { token: string; profile_id: string; organization_id?: string; session_duration_minutes: number }): Promise<unknown>;
  };
  bootstrap: { getSync(): { project_name?: string } };
}

/** The official `authTokenParams` / `trustedAuthTokenParams`: a trusted auth token to attest before the flow. */
export interface AuthTokenParams {
  trustedAuthToken: string;
  tokenProfileID: string;
}

/** The consent element's own props beside the shell's (the official names). */
export interface IdpOptions {
  getIDPConsentManifest?: IDPConsentManifestGenerator | undefined;
  authTokenParams?: AuthTokenParams | undefined;
  /** The consent the site's server already started for this page (a `PrefetchedConsent`; checked where it is read). */
  prefetchedConsent?: unknown;
}

/** The consent element's config: none is needed; the shell's options keep their defaults. */
export interface IdpConfig {
  rateLimitCountdown: boolean;
}

export type IdpWidget = WidgetOf<IdpConfig, IdpClient, object>;

/** The current consent element (the shell's one context). */
export const useIdp = (): IdpWidget => useWidgetOf<IdpWidget>('idp');

/** The consent element's words over the shared ones. */
export const useIdpStrings = () => useStrings(idpMessages);

/** The official events of the flow. */
export const IDP_EVENTS = {
  start: 'OAUTH_AUTHORIZE_FLOW_START',
  complete: 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
  denied: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED',
} as const;
