import type * as v from 'valibot';
import type * as M from '../schemas/b2b-mfa-sso-requests.ts';
import { B2B_OAUTH_PROVIDERS, type B2BOAuthProvider } from '../schemas/b2b-oauth-providers.ts';
import type { B2BOAuthDiscoveryStart, B2BOAuthStart, SsoStart } from '../schemas/b2b-start-options.ts';
import { authenticate, call, protection } from '../api/context.ts';
import type { PKCEStore } from '../core/pkce.ts';
import type { BaseResponse } from '../session/types.ts';
import { check, schemas } from '../schemas/checked-b2b-requests.ts';
import { type B2BContext, ist } from './context.ts';
import type { B2BAuthenticateResponse, B2BDiscoveryAuthenticateResponse } from './types.ts';

export { B2B_OAUTH_PROVIDERS, type B2BOAuthProvider } from '../schemas/b2b-oauth-providers.ts';

export type B2BOAuthStartOptions = v.InferInput<typeof B2BOAuthStart>;
export type B2BOAuthDiscoveryStartOptions = v.InferInput<typeof B2BOAuthDiscoveryStart>;
export type B2BSsoStartOptions = v.InferInput<typeof SsoStart>;

/**
 * Navigates to a `/v1/...` start URL: the public token, the query, `provider_<key>` parameters,
 * and a fresh proof key when bootstrap requires PKCE for the flow (otherwise any old pair is
 * dropped, as the official client does).
 */
async function navigateTo(ctx: B2BContext, path: string, store: PKCEStore, required: boolean, query: Record<string, string | undefined>, providerParams: Record<string, string> = {}): Promise<void> {
  const url = new URL(`${ctx.transport.baseUrl.replace(/\/+$/, '')}/v1${path}`);
  const q = url.searchParams;
  q.set('public_token', ctx.transport.publicToken);
  for (const [k, val] of Object.entries(providerParams)) q.set(`provider_${k}`, val);
  if (required) q.set('pkce_code_challenge', (await store.start()).code_challenge);
  else store.clear();
  for (const [k, val] of Object.entries(query)) if (val) q.set(k, val);
  ctx.env.navigate(url.toString());
}

/** An authenticate whose proof key (if this browser holds one) is sent and then forgotten. */
async function withVerifier<T extends object>(ctx: B2BContext, store: PKCEStore, path: string, body: object, warn?: string): Promise<T> {
  const pair = store.get();
  if (!pair && warn) ctx.env.console.warn(warn);
  const r = await authenticate<T>(ctx, path, { pkce_code_verifier: pair?.code_verifier, ...body, ...(await protection(ctx)) });
  store.clear();
  return r;
}

/** `sso`: start (navigates to the organization's IdP), authenticate, and the admins' connection management. */
export function b2bSso(ctx: B2BContext) {
  const store = ctx.pkce.sso;
  const conn = async (id: string) => encodeURIComponent(check('stytch.sso', schemas.SsoConnectionId, id));
  return {
    async start(o: B2BSsoStartOptions): Promise<void> {
      const { connection_id, login_redirect_url, signup_redirect_url, provider_params } = check('stytch.sso.start', schemas.SsoStart, o);
      const b = await ctx.bootstrap.ready();
      await navigateTo(ctx, '/public/sso/start', store, !!b.pkce_required_for_sso, { connection_id, login_redirect_url, signup_redirect_url }, provider_params);
    },
    async authenticate(o: { sso_token: string; session_duration_minutes: number; locale?: string }): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.sso.authenticate', schemas.SsoAuthenticate, o);
      return withVerifier(
        ctx,
        store,
        '/b2b/sso/authenticate',
        { ...body, intermediate_session_token: ist(ctx) },
        'No code verifier found in local storage for SSO flow.\nConsider using stytch.sso.start() to add PKCE to your SSO flows for added security.',
      );
    },
    /** The organization's SAML and OIDC connections (admins). */
    getConnections: async (): Promise<BaseResponse & { saml_connections: unknown[]; oidc_connections: unknown[]; external_connections: unknown[] }> => call(ctx, { method: 'GET', path: '/b2b/sso' }),
    /** The connections an address may sign in through. */
    discoverConnections: async (email: string): Promise<BaseResponse & { connections: unknown[] }> =>
      call(ctx, { method: 'GET', path: `/b2b/sso/discovery/connections?email_address=${encodeURIComponent(email)}` }),
    deleteConnection: async (connectionId: string): Promise<BaseResponse & { connection_id: string }> => call(ctx, { method: 'DELETE', path: `/b2b/sso/${await conn(connectionId)}` }),
    saml: {
      createConnection: async (o: { display_name?: string; identity_provider?: string }): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, { method: 'POST', path: '/b2b/sso/saml', body: check('stytch.sso.saml.createConnection', schemas.SsoCreateConnection, o) }),
      updateConnection: async (o: v.InferInput<typeof M.SamlUpdateConnection> & { connection_id: string }): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, { method: 'PUT', path: `/b2b/sso/saml/${await conn(o.connection_id)}`, body: check('stytch.sso.saml.updateConnection', schemas.SamlUpdateConnection, o) }),
      /** Reads the IdP's settings (entity id, sign-in URL, certificate) from its metadata document. */
      updateConnectionByURL: async (o: { connection_id: string; metadata_url: string }): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, { method: 'PUT', path: `/b2b/sso/saml/${await conn(o.connection_id)}/url`, body: { connection_id: o.connection_id, metadata_url: o.metadata_url } }),
      deleteVerificationCertificate: async (o: { connection_id: string; certificate_id: string }): Promise<BaseResponse & { certificate_id: string }> =>
        call(ctx, { method: 'DELETE', path: `/b2b/sso/saml/${await conn(o.connection_id)}/verification_certificates/${await conn(o.certificate_id)}` }),
    },
    oidc: {
      createConnection: async (o: { display_name?: string; identity_provider?: string }): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, { method: 'POST', path: '/b2b/sso/oidc', body: check('stytch.sso.oidc.createConnection', schemas.SsoCreateConnection, o) }),
      updateConnection: async (o: v.InferInput<typeof M.OidcUpdateConnection> & { connection_id: string }): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, { method: 'PUT', path: `/b2b/sso/oidc/${await conn(o.connection_id)}`, body: check('stytch.sso.oidc.updateConnection', schemas.OidcUpdateConnection, o) }),
    },
    /** Another organization's SAML or OIDC connection this organization's members sign in through. */
    external: {
      createConnection: async (o: v.InferInput<typeof M.ExternalCreateConnection>): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, { method: 'POST', path: '/b2b/sso/external', body: check('stytch.sso.external.createConnection', schemas.ExternalCreateConnection, o) }),
      updateConnection: async (o: v.InferInput<typeof M.ExternalUpdateConnection> & { connection_id: string }): Promise<BaseResponse & { connection: Record<string, unknown> }> =>
        call(ctx, {
          method: 'PUT',
          path: `/b2b/sso/external/${await conn(o.connection_id)}`,
          body: check('stytch.sso.external.updateConnection', schemas.ExternalUpdateConnection, o),
        }),
    },
  };
}

type Starters = { [P in B2BOAuthProvider]: { start(o?: B2BOAuthStartOptions): Promise<void>; discovery: { start(o?: B2BOAuthDiscoveryStartOptions): Promise<void> } } };

/** `oauth.<provider>.start` / `.discovery.start` for the five B2B providers, and the two authenticates. */
export function b2bOAuth(ctx: B2BContext) {
  const store = ctx.pkce.oauth;
  const required = async () => !!(await ctx.bootstrap.ready()).pkce_required_for_oauth;
  const scopes = (s: string[] | undefined) => (s?.length ? s.join(' ') : undefined);
  const starters = Object.fromEntries(
    B2B_OAUTH_PROVIDERS.map((p) => [
      p,
      {
        async start(options: B2BOAuthStartOptions = {}) {
          const o = check(`stytch.oauth.${p}.start`, schemas.B2BOAuthStart, options);
          await navigateTo(
            ctx,
            `/b2b/public/oauth/${p}/start`,
            store,
            await required(),
            {
              organization_id: o.organization_id,
              slug: o.organization_slug,
              custom_scopes: scopes(o.custom_scopes),
              login_redirect_url: o.login_redirect_url,
              signup_redirect_url: o.signup_redirect_url,
            },
            o.provider_params,
          );
        },
        discovery: {
          async start(options: B2BOAuthDiscoveryStartOptions = {}) {
            const o = check(`stytch.oauth.${p}.discovery.start`, schemas.B2BOAuthDiscoveryStart, options);
            await navigateTo(
              ctx,
              `/b2b/public/oauth/${p}/discovery/start`,
              store,
              await required(),
              { custom_scopes: scopes(o.custom_scopes), discovery_redirect_url: o.discovery_redirect_url },
              o.provider_params,
            );
          },
        },
      },
    ]),
  ) as Starters;
  /** A fresh proof key's challenge when bootstrap requires PKCE for OAuth (else any old pair is dropped). */
  const challenge = async () => {
    if (await required()) return (await store.start()).code_challenge;
    store.clear();
    return undefined;
  };
  /**
   * Google One Tap's wire (the official B2B UI's): the project's Google client id, then the
   * credential Google handed the page, for an organization or for discovery; each answers the
   * redirect URL that carries the oauth token (the page then goes there).
   */
  const googleOneTap = {
    start: async (): Promise<BaseResponse & { google_client_id: string }> => call(ctx, { method: 'GET', path: '/b2b/oauth/google/onetap/start' }),
    submit: async (o: { id_token: string; organization_id: string; login_redirect_url?: string; signup_redirect_url?: string }): Promise<BaseResponse & { redirect_url: string }> =>
      call(ctx, {
        method: 'POST',
        path: '/b2b/oauth/google/onetap/submit',
        body: check('stytch.oauth.googleOneTap.submit', schemas.OneTapSubmit, { ...o, pkce_code_challenge: await challenge() }),
      }),
    discovery: {
      submit: async (o: { id_token: string; discovery_redirect_url?: string }): Promise<BaseResponse & { redirect_url: string }> =>
        call(ctx, {
          method: 'POST',
          path: '/b2b/oauth/google/onetap/discovery/submit',
          body: check('stytch.oauth.googleOneTap.discovery.submit', schemas.OneTapDiscoverySubmit, { ...o, pkce_code_challenge: await challenge() }),
        }),
    },
  };
  return {
    ...starters,
    googleOneTap,
    async authenticate(o: { oauth_token: string; session_duration_minutes: number; locale?: string }): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.oauth.authenticate', schemas.OAuthAuthenticate, o);
      return withVerifier(
        ctx,
        store,
        '/b2b/oauth/authenticate',
        { intermediate_session_token: ist(ctx), ...body },
        'No code verifier found in local storage for OAuth flow.\nConsider using stytch.oauth.$provider.start() to add PKCE to your OAuth flows for added security.',
      );
    },
    discovery: {
      async authenticate(o: { discovery_oauth_token: string }): Promise<B2BDiscoveryAuthenticateResponse> {
        return withVerifier(ctx, store, '/b2b/oauth/discovery/authenticate', check('stytch.oauth.discovery.authenticate', schemas.OAuthDiscoveryAuthenticate, o));
      },
    },
  };
}
