import type { JSONWebKeySet, JWTPayload } from 'jose';
import * as oauth from 'oauth4webapi';
import type { ProjectConfig } from '../config.ts';
import type { DocumentCache, OutboundFetch } from '../context.ts';
import { ApiError } from '../errors.ts';
import { OutboundError } from './outbound.ts';
import type { OAuthProfile } from './oauth-state.ts';
import { remoteKeySet, verifyWithKeySet } from './remote-keys.ts';

/** One configured upstream client (project config `oauthClients[provider]`). */
export type UpstreamClient = ProjectConfig['oauthClients'][string];

/** The upstream refused, or answered something the protocol does not allow. */
export class UpstreamOAuthError extends ApiError {
  override name = 'UpstreamOAuthError';
  constructor(message: string) {
    super(502, 'oauth_upstream_error', message);
  }
}

/** The scopes every OIDC sign-in (OAuth, SSO, One Tap) asks for; custom scopes are added to them. */
export const DEFAULT_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** Resolves the authorization server: OIDC discovery when an issuer is set, else the listed endpoints. */
export class Upstream {
  readonly client: oauth.Client;
  private readonly insecure: boolean;

  /**
   * `fetch` is the provider's outbound fetch: every request to the upstream goes through it;
   * what it fetches to keep (discovery, keys) is kept in `cache`, never in the instance.
   */
  constructor(
    readonly config: UpstreamClient,
    private readonly fetch: OutboundFetch,
    private readonly cache: DocumentCache,
  ) {
    this.client = { client_id: config.clientId };
    // Plain http is refused, except to a loopback server (a local issuer in development and tests).
    const urls = [config.issuer, config.authorizationEndpoint, config.tokenEndpoint, config.userinfoEndpoint].filter((u): u is string => !!u);
    this.insecure = urls.every(isLoopback);
    if (!config.issuer && !(config.authorizationEndpoint && config.tokenEndpoint)) {
      throw new Error('An upstream OAuth client needs an issuer or both an authorization and a token endpoint.');
    }
  }

  /** Whether sign-in is OpenID Connect (an ID token proves the subject) or plain OAuth with a userinfo call. */
  get oidc(): boolean {
    return !!this.config.issuer;
  }

  private options() {
    const fetch = (url: string, init: { body?: unknown }) => this.fetch(url, init as RequestInit);
    return { [oauth.customFetch]: fetch, ...(this.insecure ? { [oauth.allowInsecureRequests]: true } : {}) };
  }

  /** The authorization server metadata: the issuer's discovery document (kept in the cache by issuer), with the configured endpoints over it. */
  async metadata(): Promise<oauth.AuthorizationServer> {
    const c = this.config;
    if (!c.issuer) {
      return { issuer: new URL(c.authorizationEndpoint!).origin, authorization_endpoint: c.authorizationEndpoint, token_endpoint: c.tokenEndpoint, userinfo_endpoint: c.userinfoEndpoint };
    }
    const issuer = new URL(c.issuer);
    const as = await this.cache
      .get(`oidc-discovery ${issuer.href}`, async () => oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...this.options() })))
      .catch((e: unknown) => {
        // One answer whatever went wrong (refused address, closed port, timeout, a page that is
        // not a configuration), so the issuer field is no probe of what answers where; the
        // operator reads the reason in the log.
        console.error(`provider: OAuth discovery from ${c.issuer} failed: ${e instanceof OutboundError ? e.detail : e instanceof Error ? e.message : String(e)}`);
        throw new UpstreamOAuthError(`OAuth discovery failed: no OpenID configuration could be read from ${c.issuer}.`);
      });
    return { ...as, ...(c.authorizationEndpoint ? { authorization_endpoint: c.authorizationEndpoint } : {}), ...(c.tokenEndpoint ? { token_endpoint: c.tokenEndpoint } : {}) };
  }

  /** The issuer's published keys, kept in the cache by URL; `maxAgeMs` asks for a fresher copy. */
  private keys(uri: string, maxAgeMs?: number): Promise<JSONWebKeySet> {
    return remoteKeySet(this.fetch, this.cache, uri, (status) => new UpstreamOAuthError(`The issuer's keys answered ${status}.`), maxAgeMs);
  }

  /** The authorization URL with S256 PKCE, state and (OIDC) nonce; provider params pass through. */
  async authorizationUrl(o: { redirectUri: string; state: string; verifier: string; nonce: string | null; scopes: string[]; params: Record<string, string> }): Promise<string> {
    const as = await this.metadata();
    if (!as.authorization_endpoint) throw new UpstreamOAuthError('The authorization server has no authorization endpoint.');
    const url = new URL(as.authorization_endpoint);
    // Caller-supplied params first, so they can never replace the protocol's own.
    for (const [k, val] of Object.entries(o.params)) url.searchParams.set(k, val);
    url.searchParams.set('client_id', this.client.client_id);
    url.searchParams.set('redirect_uri', o.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', o.scopes.join(' '));
    url.searchParams.set('state', o.state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(o.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (o.nonce) url.searchParams.set('nonce', o.nonce);
    return url.toString();
  }

  /** Validates the callback, redeems the code with the PKCE verifier and reads who signed in. */
  async finish(o: { callback: URL; state: string; redirectUri: string; verifier: string; nonce: string | null }): Promise<{ profile: OAuthProfile; values: Record<string, unknown> }> {
    const as = await this.metadata();
    const auth = this.config.tokenAuth === 'client_secret_post' ? oauth.ClientSecretPost(this.config.clientSecret) : oauth.ClientSecretBasic(this.config.clientSecret);
    try {
      const params = oauth.validateAuthResponse(as, this.client, o.callback, o.state);
      const res = await oauth.authorizationCodeGrantRequest(as, this.client, auth, params, o.redirectUri, o.verifier, this.options());
      const tokens = await oauth.processAuthorizationCodeResponse(as, this.client, res, this.oidc ? { expectedNonce: o.nonce ?? oauth.expectNoNonce, requireIdToken: true } : {});
      const claims = this.oidc ? oauth.getValidatedIdTokenClaims(tokens) : undefined;
      const info = claims ?? (await this.userinfo(as, tokens.access_token));
      const subject = info.sub ?? info.id;
      if (typeof subject !== 'string' && typeof subject !== 'number') throw new UpstreamOAuthError('The upstream named no subject for the account.');
      const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
      return {
        profile: {
          subject: String(subject),
          email: str(info.email) ?? '',
          emailVerified: info.email_verified === true,
          name: str(info.name) ?? [str(info.given_name), str(info.family_name)].filter(Boolean).join(' '),
          pictureUrl: str(info.picture) ?? str(info.avatar_url),
          locale: str(info.locale),
        },
        values: {
          access_token: tokens.access_token,
          id_token: tokens.id_token ?? '',
          refresh_token: tokens.refresh_token ?? '',
          scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
          ...(tokens.expires_in ? { expires_at: new Date(Date.now() + tokens.expires_in * 1000).toISOString() } : {}),
        },
      };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new UpstreamOAuthError(`The upstream sign-in failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * Verifies an ID token handed over by the browser (Google One Tap): the signature against
   * the issuer's published keys, the issuer, this client as audience, and the expiry.
   */
  async verifyIdToken(idToken: string): Promise<OAuthProfile> {
    const as = await this.metadata();
    const uri = as.jwks_uri;
    if (!uri) throw new UpstreamOAuthError('The issuer publishes no keys (jwks_uri).');
    // Google signs One Tap credentials with its issuer written with or without the scheme.
    const issuers = [as.issuer, ...(as.issuer === 'https://accounts.google.com' ? ['accounts.google.com'] : [])];
    let claims: JWTPayload;
    try {
      // A key the kept set does not have: the issuer may have rotated; remote-keys.ts fetches a fresher copy.
      claims = await verifyWithKeySet(idToken, (maxAgeMs) => this.keys(uri, maxAgeMs), { issuer: issuers, audience: this.client.client_id });
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new ApiError(401, 'invalid_id_token', `The Google credential could not be verified: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!claims.sub) throw new ApiError(401, 'invalid_id_token', 'The Google credential names no subject.');
    const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
    return {
      subject: claims.sub,
      email: str(claims.email) ?? '',
      emailVerified: claims.email_verified === true,
      name: str(claims.name) ?? '',
      pictureUrl: str(claims.picture),
      locale: str(claims.locale),
    };
  }

  /** Plain OAuth providers (no ID token) describe the account at their userinfo endpoint. */
  private async userinfo(as: oauth.AuthorizationServer, accessToken: string): Promise<Record<string, unknown>> {
    if (!as.userinfo_endpoint) throw new UpstreamOAuthError('The upstream has no userinfo endpoint and sent no ID token.');
    const res = await oauth.protectedResourceRequest(accessToken, 'GET', new URL(as.userinfo_endpoint), new Headers({ Accept: 'application/json' }), null, this.options());
    if (!res.ok) throw new UpstreamOAuthError(`The userinfo endpoint answered ${res.status}.`);
    return (await res.json()) as Record<string, unknown>;
  }
}
