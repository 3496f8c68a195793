import { Hono, type Context } from 'hono';
import type { ProviderContext } from '../context.ts';
import { parseBasic } from '../http/auth.ts';
import { endpoint, type RouteLimit } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { issuerOf } from '../http/issuer.ts';
import { serverOk } from '../http/server-auth.ts';
import { supportedScopes } from '../services/idp-authorize.ts';
import { registerClient } from '../services/idp-register.ts';
import { authenticateClient, exchangeCode, introspect, oauthError, refreshTokens, revokeToken, userInfo } from '../services/idp-tokens.ts';
import { OAuthRegister, OAuthTokenOnly, OAuthTokenRequest } from './v1/schemas.ts';

/**
 * The provider as an OAuth 2.1 / OpenID Connect authorization server: discovery (RFC 8414,
 * OpenID Connect Discovery), the token endpoint, introspection (RFC 7662), revocation
 * (RFC 7009) and userinfo. The authorization endpoint is the site's page with the consent
 * element (`connectedApps.authorizationUrl`), which calls `routes/idp.ts`.
 */
export function oauth2Routes(ctx: ProviderContext): Hono {
  const app = new Hono();
  // One per-IP budget for every route here (429 with Retry-After). It throttles volume only:
  // client secrets, codes and tokens are 256-bit random, beyond guessing within any budget, so
  // its count need not reach the disk before the answer (a client's backend calling from one
  // address would otherwise queue on one counter row, a flush per request).
  const limit = (): RouteLimit => ({
    name: 'oauth2',
    max: ctx.config.connectedApps.tokenLimit.perIp,
    windowSeconds: ctx.config.connectedApps.tokenLimit.windowSeconds,
    durable: false,
  });
  const credentials = (c: Context, req: { client_id?: string; client_secret?: string }) => ({
    basic: parseBasic(c.req.header('authorization')),
    client_id: req.client_id,
    client_secret: req.client_secret,
  });
  const missing = (name: string) => oauthError(400, 'invalid_request', `${name} is required.`);

  app.post(
    '/v1/oauth2/token',
    endpoint(ctx, { session: 'none', schema: OAuthTokenRequest, form: true, limit }, async ({ c, req }) => {
      const client = await authenticateClient(ctx.db, credentials(c, req));
      const issuer = issuerOf(ctx, c);
      if (req.grant_type === 'authorization_code') {
        if (req.code === undefined) throw missing('code');
        const resources = req.resource === undefined ? [] : Array.isArray(req.resource) ? req.resource : [req.resource];
        return serverOk(c, { ...(await exchangeCode(ctx, client, { code: req.code, redirect_uri: req.redirect_uri, code_verifier: req.code_verifier, resources }, issuer)) });
      }
      if (req.grant_type === 'refresh_token') {
        if (req.refresh_token === undefined) throw missing('refresh_token');
        return serverOk(c, { ...(await refreshTokens(ctx, client, { refresh_token: req.refresh_token, scope: req.scope }, issuer)) });
      }
      if (req.grant_type === undefined) throw missing('grant_type');
      throw oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    }),
  );

  const introspection = endpoint(ctx, { session: 'none', schema: OAuthTokenOnly, form: true, limit }, async ({ c, req }) => {
    if (c.req.param('projectId') !== undefined && c.req.param('projectId') !== ctx.config.projectId) throw new ApiError(404, 'project_not_found', 'No such project.');
    const client = await authenticateClient(ctx.db, credentials(c, req));
    if (req.token === undefined) throw missing('token');
    return serverOk(c, await introspect(ctx, client, req.token, issuerOf(ctx, c)));
  });
  app.post('/v1/oauth2/introspect', introspection);
  // Where the official Node SDK's `idp.introspectTokenNetwork` posts.
  app.post('/v1/public/:projectId/oauth2/introspect', introspection);

  app.post(
    '/v1/oauth2/revoke',
    endpoint(ctx, { session: 'none', schema: OAuthTokenOnly, form: true, limit }, async ({ c, req }) => {
      const client = await authenticateClient(ctx.db, credentials(c, req));
      if (req.token === undefined) throw missing('token');
      await revokeToken(ctx, client, req.token);
      return serverOk(c, {});
    }),
  );

  app.post(
    '/v1/oauth2/register',
    endpoint(
      ctx,
      {
        session: 'none',
        schema: OAuthRegister,
        limit: () => ({ name: 'oauth2_register', max: ctx.config.connectedApps.registrationLimit.perIp, windowSeconds: ctx.config.connectedApps.registrationLimit.windowSeconds }),
      },
      async ({ c, req }) => c.json(await registerClient(ctx, req), 201),
    ),
  );

  const userinfo = endpoint(ctx, { session: 'none', limit }, async ({ c }) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer ([^\s]+)$/i.exec(header)?.[1];
    if (!token) throw oauthError(401, 'invalid_token', 'Send the access token as a Bearer Authorization header.', { 'WWW-Authenticate': 'Bearer' });
    return c.json(await userInfo(ctx, token));
  });
  app.get('/v1/oauth2/userinfo', userinfo);
  app.post('/v1/oauth2/userinfo', userinfo);

  const metadata = (c: Context) => {
    const issuer = issuerOf(ctx, c);
    const { authorizationUrl } = ctx.config.connectedApps;
    const authMethods = ['client_secret_basic', 'client_secret_post', 'none'];
    return c.json(
      {
        issuer,
        // The site's page with the consent element; without one set, this provider's own address
        // for it, which then explains the setting (`GET /v1/oauth2/authorize`).
        authorization_endpoint: authorizationUrl ?? `${issuer}/v1/oauth2/authorize`,
        token_endpoint: `${issuer}/v1/oauth2/token`,
        userinfo_endpoint: `${issuer}/v1/oauth2/userinfo`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        revocation_endpoint: `${issuer}/v1/oauth2/revoke`,
        introspection_endpoint: `${issuer}/v1/oauth2/introspect`,
        ...(ctx.config.connectedApps.dynamicRegistration ? { registration_endpoint: `${issuer}/v1/oauth2/register` } : {}),
        ...(authorizationUrl ? { end_session_endpoint: authorizationUrl } : {}),
        scopes_supported: supportedScopes(ctx),
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        token_endpoint_auth_methods_supported: authMethods,
        revocation_endpoint_auth_methods_supported: authMethods,
        introspection_endpoint_auth_methods_supported: authMethods,
        code_challenge_methods_supported: ['S256'],
        claims_supported: [
          'iss',
          'sub',
          'aud',
          'exp',
          'iat',
          'auth_time',
          'nonce',
          'name',
          'given_name',
          'middle_name',
          'family_name',
          'email',
          'email_verified',
          'phone_number',
          'phone_number_verified',
        ],
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: ctx.config.connectedApps.clientIdMetadataDocuments,
        request_parameter_supported: false,
        request_uri_parameter_supported: false,
      },
      200,
      { 'Cache-Control': 'public, max-age=300' },
    );
  };
  app.get('/.well-known/openid-configuration', metadata);
  app.get('/.well-known/oauth-authorization-server', metadata);

  // This provider's own address for the authorization endpoint: it sends the browser on to the
  // site's consent page with the request as it came (a page the project named, never one a
  // client chose); until the project names one, it says what is missing.
  app.get('/v1/oauth2/authorize', (c) => {
    const page = ctx.config.connectedApps.authorizationUrl;
    if (page === undefined) {
      throw new ApiError(
        404,
        'authorization_url_not_configured',
        'This project has not named the page that hosts its consent element: set connectedApps.authorizationUrl (CONNECTED_APPS_AUTHORIZATION_URL).',
      );
    }
    const target = new URL(page);
    for (const [k, val] of new URL(c.req.url).searchParams) target.searchParams.append(k, val);
    return c.redirect(target.toString(), 302);
  });

  return app;
}
