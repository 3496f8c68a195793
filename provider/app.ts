import { Hono, type Context } from 'hono';
import type { ProviderContext } from './context.ts';
import { isDatabaseUnavailable } from './db/index.ts';
import { cors, openCors } from './http/cors.ts';
import { ApiError, errorResponse, projectEnv } from './http/errors.ts';
import { bodyGuards, loopbackOnly, securityHeaders } from './http/guards.ts';
import { isScimPath, scimErrorResponse } from './http/scim.ts';
import { isServerApiPath, serverApiAuth } from './http/server-auth.ts';
import { b2bOAuthRoutes } from './routes/b2b/oauth.ts';
import { b2bSsoRoutes } from './routes/b2b/sso.ts';
import { b2bRoutes } from './routes/b2b/index.ts';
import { bootstrapRoutes } from './routes/bootstrap.ts';
import { clientsideServicesRoutes } from './routes/clientside-services.ts';
import { cryptoWalletRoutes } from './routes/crypto-wallets.ts';
import { devRoutes } from './routes/dev.ts';
import { eventRoutes } from './routes/events.ts';
import { idpRoutes } from './routes/idp.ts';
import { magicLinkRoutes } from './routes/magic-links.ts';
import { oauthConsentRoutes } from './routes/oauth-consent.ts';
import { oauth2Routes } from './routes/oauth2.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { otpRoutes } from './routes/otps.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { scimRoutes } from './routes/scim.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { totpRoutes } from './routes/totps.ts';
import { userRoutes } from './routes/users.ts';
import { serverApiRoutes } from './routes/v1/index.ts';
import { webauthnRoutes } from './routes/webauthn.ts';
import { rbacConfigProblems } from './services/b2b/rbac.ts';
import { RepeatedLines } from './services/repeated-lines.ts';

/** What a 503 during a database outage tells callers to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** Builds the provider's HTTP application; the server and the tests both start from here. */
export function createApp(ctx: ProviderContext): Hono {
  const rbacProblems = rbacConfigProblems(ctx.config.b2b.rbac);
  if (rbacProblems.length > 0) throw new Error(`Invalid project config: b2b.rbac: ${rbacProblems.join('; ')}`);
  const app = new Hono();
  const authorized = new Set(ctx.config.authorizedOrigins);

  app.use('*', projectEnv(ctx.env));
  app.use('*', securityHeaders());
  const browserCors = cors((origin) => authorized.has(origin));
  // The server API answers no browser at all: no CORS headers, preflight refused (serverApiAuth).
  // The authorization server's documents and endpoints read no cookie: any origin may call them.
  const anyOrigin = openCors();
  const isAuthorizationServerPath = (path: string) => path.startsWith('/.well-known/') || path.startsWith('/v1/oauth2/') || /^\/v1\/public\/[^/]+\/oauth2\//.test(path);
  app.use('*', (c, next) => (isAuthorizationServerPath(c.req.path) ? anyOrigin(c, next) : isServerApiPath(c.req.path) ? next() : browserCors(c, next)));
  // Secret-key calls prove their secret before anything else is said about the request.
  const secretAuth = serverApiAuth(ctx);
  app.use('/v1/*', (c, next) => (isServerApiPath(c.req.path) ? secretAuth(c, next) : next()));
  // Every route, the One Tap and consent posts included; the consent page and SAML's POST
  // binding (the IdP's page posts to the SSO callback) are the HTML forms.
  app.use(
    '*',
    bodyGuards((path) => /^\/v1\/public\/(oauth\/[^/]+\/consent|sso\/callback\/[^/]+)$/.test(path), isAuthorizationServerPath, isScimPath),
  );

  app.get('/health', async (c) => {
    await ctx.db.query('SELECT 1');
    return c.json({ status: 'ok' });
  });

  const oauth = oauthRoutes(ctx);
  const sdk = new Hono();
  sdk.route('/', bootstrapRoutes(ctx));
  sdk.route('/', userRoutes(ctx));
  sdk.route('/', sessionRoutes(ctx));
  sdk.route('/', otpRoutes(ctx));
  sdk.route('/', magicLinkRoutes(ctx));
  sdk.route('/', passwordRoutes(ctx));
  sdk.route('/', totpRoutes(ctx));
  sdk.route('/', eventRoutes(ctx));
  sdk.route('/', webauthnRoutes(ctx));
  sdk.route('/', cryptoWalletRoutes(ctx));
  sdk.route('/', oauth.sdk);
  sdk.route('/', idpRoutes(ctx));
  const sso = b2bSsoRoutes(ctx);
  sdk.route('/', b2bRoutes(ctx));
  sdk.route('/', sso.sdk);
  const b2bOAuth = b2bOAuthRoutes(ctx);
  sdk.route('/', b2bOAuth.sdk);
  app.route('/sdk/v1', sdk);
  app.route('/v1', serverApiRoutes(ctx));
  app.get('/.well-known/jwks.json', async (c) => c.json(await ctx.keys.jwks()));
  app.route('/', oauth2Routes(ctx));
  app.route('/', scimRoutes(ctx));
  app.route('/', clientsideServicesRoutes(ctx));
  app.route('/', oauth.pub);
  app.route('/', sso.pub);
  app.route('/', b2bOAuth.pub);
  if (ctx.devPages) {
    // Every development page's path is guarded here, before the pages themselves are mounted.
    const local = loopbackOnly();
    app.use('/dev/*', local);
    app.use('/v1/public/oauth/:provider/consent', local);
    app.route('/', devRoutes(ctx));
    app.route('/', oauthConsentRoutes(ctx));
  }

  const repeated = new RepeatedLines(ctx.logRepeatMs ?? 10_000);
  // The SCIM service's failures, those of the shared guards and an unknown route's included, are in SCIM's shape.
  const answer = (c: Context, err: ApiError) => (isScimPath(c.req.path) ? scimErrorResponse(err) : errorResponse(c, err));
  app.notFound((c) => answer(c, new ApiError(404, 'route_not_found', 'No such endpoint.')));
  app.onError((err, c) => {
    if (err instanceof ApiError) return answer(c, err);
    if (isDatabaseUnavailable(err)) {
      repeated.log('database unavailable', `provider: database unavailable: ${err.message}`);
      return answer(c, new ApiError(503, 'server_unavailable', 'The service is temporarily unavailable. Please try again shortly.', { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
    }
    // PostgreSQL data exceptions (class 22: NUL bytes, out-of-range numbers) come from the caller's input.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) {
      return answer(c, new ApiError(400, 'invalid_request', 'The request contains a value that cannot be stored.'));
    }
    // Unknown failures are logged here and never leak a stack trace to the caller.
    console.error('provider: unhandled error', err);
    return answer(c, new ApiError(500, 'internal_server_error', 'An internal error occurred.'));
  });
  return app;
}
