import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import * as b2b from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import { nonEmpty, str } from '../../../client/schemas/fields.ts';
import { B2B_OAUTH_PROVIDER_NAMES, isB2BOAuthProvider, type B2BOAuthProvider } from '../../../client/schemas/b2b-oauth-providers.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { completeFlowNow, customScopes, failuresReturnTo, finishOAuth, providerParams, redirectToProvider, startQuery } from '../../http/redirect-flow.ts';
import { authenticateB2BOAuth, authenticateDiscoveryOAuth } from '../../services/b2b/oauth.ts';
import { organizationBySlug, requireOrganization } from '../../services/b2b/organizations.ts';
import { redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { requireProduct } from '../../services/sends.ts';
import type { B2BFlow } from '../../services/oauth-state.ts';
import { DEFAULT_SCOPES, Upstream } from '../../services/oauth-upstream.ts';
import { redirectFlowErrors } from '../redirect-flow-errors.ts';

const StartQuery = v.object({
  public_token: nonEmpty(),
  organization_id: v.optional(str()),
  slug: v.optional(str()),
  pkce_code_challenge: v.optional(str()),
  login_redirect_url: v.optional(str()),
  signup_redirect_url: v.optional(str()),
  discovery_redirect_url: v.optional(str()),
  custom_scopes: v.optional(str()),
});

/**
 * B2B OAuth for the five providers of SPEC §9: the browser starts (for an organization, or
 * for discovery), the provider or, offline, the B2C consent page vouches for an address, and
 * the app redeems the token. Flows share the B2C flow store and consent page.
 */
export function b2bOAuthRoutes(ctx: ProviderContext): { sdk: Hono; pub: Hono } {
  const upstreams = new Map<B2BOAuthProvider, Upstream>();
  for (const [type, cfg] of Object.entries(ctx.config.oauthClients)) if (isB2BOAuthProvider(type)) upstreams.set(type, new Upstream(cfg, ctx.outbound, ctx.outsideCache));
  const callbackUrl = (c: Context, provider: string) => `${(ctx.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')}/v1/b2b/public/oauth/${provider}/callback`;

  const pub = new Hono();
  pub.onError(redirectFlowErrors);

  const start = (discovery: boolean) => async (c: Context) => {
    const provider = c.req.param('provider') ?? '';
    if (!isB2BOAuthProvider(provider)) throw new ApiError(404, 'oauth_provider_not_found', `Unknown B2B OAuth provider "${provider}".`);
    requireProduct(ctx, 'oauth');
    const { q, query, codeChallenge } = startQuery(ctx, c, StartQuery, { flow: 'oauth', field: 'pkce_code_challenge' });
    const login = redirectUrl(ctx, discovery ? q.discovery_redirect_url : q.login_redirect_url);
    const signup = discovery ? login : redirectUrl(ctx, q.signup_redirect_url ?? q.login_redirect_url);
    // The app is known (and allowed): from here a refusal goes back to it.
    failuresReturnTo(ctx, c, login);
    let flow: B2BFlow;
    if (discovery) flow = { kind: 'discovery' };
    else {
      const org = q.organization_id ? await requireOrganization(ctx.db, q.organization_id) : q.slug ? await organizationBySlug(ctx.db, q.slug) : null;
      if (!org) throw new ApiError(404, 'organization_not_found', 'Organization could not be found: send organization_id or slug.');
      flow = { kind: 'organization', organization_id: org.organization_id };
    }
    const params = providerParams(query);
    const custom = customScopes(q.custom_scopes);
    const started = { provider_type: provider, code_challenge: codeChallenge, login_redirect_url: login, signup_redirect_url: signup, provider_params: params, b2b: flow };
    return redirectToProvider(ctx, c, started, { custom, upstream: upstreams.get(provider), callbackUrl: callbackUrl(c, provider), providerName: B2B_OAUTH_PROVIDER_NAMES[provider] });
  };
  pub.get('/v1/b2b/public/oauth/:provider/start', start(false));
  pub.get('/v1/b2b/public/oauth/:provider/discovery/start', start(true));

  pub.get('/v1/b2b/public/oauth/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const upstream = isB2BOAuthProvider(provider) ? upstreams.get(provider) : undefined;
    if (!upstream) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    return finishOAuth(ctx, c, { provider, upstream, callbackUrl: callbackUrl(c, provider), b2b: true, deniedText: 'The provider did not complete the sign-in.' });
  });

  const sdk = new Hono();

  sdk.post(
    '/b2b/oauth/authenticate',
    endpoint(ctx, { as: 'member', product: 'oauth', session: 'optional', schema: b2b.OAuthAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const answer = await authenticateB2BOAuth(ctx, req.oauth_token, req.pkce_code_verifier, {
        minutes,
        client: caller.client,
        current: { memberId: caller.member?.member_id ?? null, sessionId: caller.memberSessionId },
      });
      return ok(c, answer);
    }),
  );

  sdk.post(
    '/b2b/oauth/discovery/authenticate',
    endpoint(ctx, { as: 'member', product: 'oauth', session: 'optional', schema: b2b.OAuthDiscoveryAuthenticate }, async ({ c, req }) => {
      const answer = await authenticateDiscoveryOAuth(ctx, req.discovery_oauth_token, req.pkce_code_verifier);
      return ok(c, answer);
    }),
  );

  // Google One Tap (the official B2B UI's): the page gets the project's Google client id, Google
  // hands it a credential, and the credential (verified here: signature, issuer, audience,
  // expiry) ends like any Google sign-in, as the redirect URL carrying an oauth token.
  const google = () => {
    const g = upstreams.get('google');
    if (!g) throw new ApiError(400, 'oauth_config_not_found', 'No Google OAuth client is configured for this project.');
    return g;
  };
  sdk.get(
    '/b2b/oauth/google/onetap/start',
    endpoint(ctx, { as: 'member', product: 'oauth', session: 'optional' }, async ({ c }) => ok(c, { google_client_id: google().client.client_id })),
  );
  const oneTap = async (idToken: string, challenge: string | undefined, flow: B2BFlow, login: string, signup: string) => {
    const g = google();
    requirePkce(ctx, 'oauth', challenge);
    const profile = await g.verifyIdToken(idToken);
    const state = {
      provider_type: 'google' as const,
      code_challenge: challenge ?? null,
      login_redirect_url: login,
      signup_redirect_url: signup,
      scopes: DEFAULT_SCOPES.join(' '),
      provider_params: {},
      upstream_verifier: null,
      upstream_nonce: null,
      b2b: flow,
    };
    return completeFlowNow(ctx, state, profile, { id_token: idToken, scopes: [...DEFAULT_SCOPES] });
  };
  sdk.post(
    '/b2b/oauth/google/onetap/submit',
    endpoint(ctx, { as: 'member', product: 'oauth', session: 'optional', schema: b2b.OneTapSubmit }, async ({ c, req }) => {
      const org = await requireOrganization(ctx.db, req.organization_id);
      const login = redirectUrl(ctx, req.login_redirect_url);
      const signup = redirectUrl(ctx, req.signup_redirect_url ?? req.login_redirect_url);
      return ok(c, { redirect_url: await oneTap(req.id_token, req.pkce_code_challenge, { kind: 'organization', organization_id: org.organization_id }, login, signup) });
    }),
  );
  sdk.post(
    '/b2b/oauth/google/onetap/discovery/submit',
    endpoint(ctx, { as: 'member', product: 'oauth', session: 'optional', schema: b2b.OneTapDiscoverySubmit }, async ({ c, req }) => {
      const back = redirectUrl(ctx, req.discovery_redirect_url);
      return ok(c, { redirect_url: await oneTap(req.id_token, req.pkce_code_challenge, { kind: 'discovery' }, back, back) });
    }),
  );

  return { sdk, pub };
}
