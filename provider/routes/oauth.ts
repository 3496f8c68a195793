import { Hono, type Context } from 'hono';
import { OAUTH_PROVIDER_NAMES, OAuthProviders, requests, type OAuthProvider } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { customScopes, failuresReturnTo, finishOAuth, providerParams, redirectToProvider, startQuery } from '../http/redirect-flow.ts';
import { redirectUrl } from '../services/email-tokens.ts';
import { authenticateOAuth } from '../services/oauth-flow.ts';
import { Upstream } from '../services/oauth-upstream.ts';
import { requireProduct } from '../services/sends.ts';
import { removeOwnFactor } from '../services/user-admin.ts';
import { oneTapRoutes } from './one-tap.ts';
import { redirectFlowErrors } from './redirect-flow-errors.ts';

function isProvider(p: string): p is OAuthProvider {
  return (OAuthProviders as readonly string[]).includes(p);
}

/** OAuth: the browser start, the upstream callback, token redemption and unlinking (the consent simulator is routes/oauth-consent.ts). */
export function oauthRoutes(ctx: ProviderContext): { sdk: Hono; pub: Hono } {
  const pub = new Hono();
  // Upstream clients are built once per configured provider; what they fetch is kept in ctx.outsideCache.
  const upstreams = new Map(
    Object.entries(ctx.config.oauthClients)
      .filter(([type]) => isProvider(type))
      .map(([type, cfg]) => [type, new Upstream(cfg, ctx.outbound, ctx.outsideCache)]),
  );
  const callbackUrl = (c: Context, provider: string) => `${(ctx.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')}/v1/public/oauth/${provider}/callback`;
  pub.onError(redirectFlowErrors);

  pub.route('/', oneTapRoutes(ctx, upstreams.get('google')));

  pub.get('/v1/public/oauth/:provider/start', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider)) throw new ApiError(404, 'oauth_provider_not_found', `Unknown OAuth provider "${provider}".`);
    requireProduct(ctx, 'oauth');
    const { q, query, codeChallenge } = startQuery(ctx, c, requests.OAuthStartQuery, { flow: 'oauth', field: 'code_challenge' });
    const login = redirectUrl(ctx, q.login_redirect_url);
    const signup = redirectUrl(ctx, q.signup_redirect_url ?? q.login_redirect_url);
    // The app is known (and allowed): from here a refusal goes back to it.
    failuresReturnTo(ctx, c, login);
    const params = providerParams(query);
    const custom = customScopes(q.custom_scopes);
    const flow = { provider_type: provider, code_challenge: codeChallenge, login_redirect_url: login, signup_redirect_url: signup, provider_params: params };
    return redirectToProvider(ctx, c, flow, { custom, upstream: upstreams.get(provider), callbackUrl: callbackUrl(c, provider), providerName: OAUTH_PROVIDER_NAMES[provider] });
  });

  pub.get('/v1/public/oauth/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const upstream = isProvider(provider) ? upstreams.get(provider) : undefined;
    if (!isProvider(provider) || !upstream) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    return finishOAuth(ctx, c, { provider, upstream, callbackUrl: callbackUrl(c, provider), b2b: false, deniedText: `${OAUTH_PROVIDER_NAMES[provider]} did not complete the sign-in.` });
  });

  const sdk = new Hono();
  sdk.post(
    '/oauth/authenticate',
    endpoint(ctx, { product: 'oauth', session: 'optional', schema: requests.OAuthAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const result = await authenticateOAuth(ctx, req.token, req.code_verifier, minutes, caller);
      return ok(c, {
        ...result.issued,
        oauth_user_registration_id: result.r.accountId,
        provider_subject: result.r.providerSubject,
        provider_type: result.r.providerType,
        provider_values: { access_token: '', id_token: '', refresh_token: '', scopes: [], ...result.r.providerValues },
        reset_sessions: false,
      });
    }),
  );

  sdk.delete(
    '/users/oauth/:id',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      return ok(c, { user_id: caller.userId, user: await removeOwnFactor(ctx.db, caller.userId, 'oauth', c.req.param('id') ?? '') });
    }),
  );

  return { sdk, pub };
}
