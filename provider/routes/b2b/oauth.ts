import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import * as b2b from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { b2bEndpoint } from '../../http/b2b-endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { enterOrganization, memberEmailId, startDiscovery } from '../../services/b2b/discovery.ts';
import { B2B_OAUTH_NAMES, b2bOAuthFactor, isB2BOAuthProvider, redeemB2BOAuthToken, type B2BFlow, type B2BOAuthProvider } from '../../services/b2b/oauth.ts';
import { organizationBySlug, requireOrganization } from '../../services/b2b/organizations.ts';
import { completePrimaryAuth } from '../../services/b2b/primary-auth.ts';
import { redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { secretToken } from '../../services/ids.ts';
import { requireProduct } from '../../services/sends.ts';
import { completeFlow, consumeState, saveState, type OAuthState } from '../../services/oauth-flow.ts';
import { Upstream } from '../../services/oauth-upstream.ts';
import type { Factor } from '../../services/sessions.ts';
import { withTx } from '../../services/tx.ts';
import { failPage } from '../oauth-pages.ts';
import { isProjectPublicToken } from '../../config.ts';

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const StartQuery = v.object({
  public_token: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  organization_id: v.optional(v.string()),
  slug: v.optional(v.string()),
  pkce_code_challenge: v.optional(v.string()),
  login_redirect_url: v.optional(v.string()),
  signup_redirect_url: v.optional(v.string()),
  discovery_redirect_url: v.optional(v.string()),
  custom_scopes: v.optional(v.string()),
});

/**
 * B2B OAuth for the five providers of SPEC §9: the browser starts (for an organization, or
 * for discovery), the provider or, offline, the B2C consent page vouches for an address, and
 * the app redeems the token. Flows share the B2C flow store and consent page.
 */
export function b2bOAuthRoutes(ctx: ProviderContext): { sdk: Hono; pub: Hono } {
  const upstreams = new Map<B2BOAuthProvider, Upstream>();
  for (const [type, cfg] of Object.entries(ctx.config.oauthClients)) if (isB2BOAuthProvider(type)) upstreams.set(type, new Upstream(cfg, ctx.outbound));
  const callbackUrl = (c: Context, provider: string) => `${(ctx.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')}/v1/b2b/public/oauth/${provider}/callback`;

  const pub = new Hono();
  pub.onError((err, c) => {
    if (err instanceof ApiError) return failPage(c, err);
    throw err;
  });

  const start = (discovery: boolean) => async (c: Context) => {
    const provider = c.req.param('provider') ?? '';
    if (!isB2BOAuthProvider(provider)) throw new ApiError(404, 'oauth_provider_not_found', `Unknown B2B OAuth provider "${provider}".`);
    requireProduct(ctx, 'oauth');
    const query = c.req.query();
    const parsed = v.safeParse(StartQuery, query);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      throw new ApiError(400, 'invalid_request', `Query parameter ${v.getDotPath(issue) ?? ''} ${issue.message}.`, {}, { query: parsed.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`, message: i.message })) });
    }
    const q = parsed.output;
    if (!isProjectPublicToken(ctx.config, q.public_token)) throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
    if (q.pkce_code_challenge !== undefined && !CODE_CHALLENGE.test(q.pkce_code_challenge)) {
      throw new ApiError(400, 'invalid_code_challenge', 'pkce_code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
    }
    requirePkce(ctx, 'oauth', q.pkce_code_challenge);
    let flow: B2BFlow;
    let login: string;
    let signup: string;
    if (discovery) {
      flow = { kind: 'discovery' };
      login = signup = redirectUrl(ctx, q.discovery_redirect_url);
    } else {
      const org = q.organization_id ? await requireOrganization(ctx.db, q.organization_id) : q.slug ? await organizationBySlug(ctx.db, q.slug) : null;
      if (!org) throw new ApiError(404, 'organization_not_found', 'Organization could not be found: send organization_id or slug.');
      flow = { kind: 'organization', organization_id: org.organization_id };
      login = redirectUrl(ctx, q.login_redirect_url);
      signup = redirectUrl(ctx, q.signup_redirect_url ?? q.login_redirect_url);
    }
    const params = Object.fromEntries(Object.entries(query).filter(([k]) => k.startsWith('provider_')).map(([k, val]) => [k.slice('provider_'.length), val]));
    const custom = (q.custom_scopes ?? '').split(/[\s,]+/).filter(Boolean);
    if (custom.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) throw new ApiError(400, 'invalid_scopes', 'custom_scopes must be scope tokens separated by spaces.');
    const state: OAuthState = {
      provider_type: provider, code_challenge: q.pkce_code_challenge ?? null, login_redirect_url: login, signup_redirect_url: signup,
      scopes: [...new Set([...DEFAULT_SCOPES, ...custom])].join(' '), provider_params: params, upstream_verifier: null, upstream_nonce: null, b2b: flow,
    };
    const upstream = upstreams.get(provider);
    if (upstream) {
      // The real authorization-code flow, with our own PKCE pair and nonce towards the provider.
      const verifier = secretToken(32);
      const nonce = upstream.oidc ? secretToken(16) : null;
      const scopes = [...new Set([...(upstream.config.scopes ?? (upstream.oidc ? DEFAULT_SCOPES : [])), ...custom])];
      const raw = await saveState(ctx, ctx.db, { ...state, scopes: scopes.join(' '), upstream_verifier: verifier, upstream_nonce: nonce });
      return c.redirect(await upstream.authorizationUrl({ redirectUri: callbackUrl(c, provider), state: raw, verifier, nonce, scopes, params }), 302);
    }
    // Offline, the development consent page stands in for the provider (as for B2C).
    if (!ctx.devPages) throw new ApiError(400, 'oauth_config_not_found', `No ${B2B_OAUTH_NAMES[provider]} OAuth client is configured for this project.`);
    const raw = await saveState(ctx, ctx.db, state);
    return c.redirect(`/v1/public/oauth/${provider}/consent?state=${encodeURIComponent(raw)}`, 302);
  };
  pub.get('/v1/b2b/public/oauth/:provider/start', start(false));
  pub.get('/v1/b2b/public/oauth/:provider/discovery/start', start(true));

  pub.get('/v1/b2b/public/oauth/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const upstream = isB2BOAuthProvider(provider) ? upstreams.get(provider) : undefined;
    if (!upstream) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    const raw = c.req.query('state') ?? '';
    const state = await consumeState(ctx, ctx.db, provider, raw);
    if (!state || !state.upstream_verifier || !state.b2b) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
    const denied = c.req.query('error');
    if (denied) {
      const back = new URL(state.login_redirect_url);
      back.searchParams.set('error', denied);
      back.searchParams.set('error_description', c.req.query('error_description') ?? 'The provider did not complete the sign-in.');
      return c.redirect(back.toString(), 303);
    }
    const { profile, values } = await upstream.finish({ callback: new URL(c.req.url), state: raw, redirectUri: callbackUrl(c, provider), verifier: state.upstream_verifier, nonce: state.upstream_nonce });
    return c.redirect(await withTx(ctx.db, (tx) => completeFlow(ctx, tx, state, profile, values)), 303);
  });

  const sdk = new Hono();
  const providerExtras = (r: { providerType: string; providerSubject: string; providerValues: Record<string, unknown> }) => ({
    provider_type: r.providerType,
    provider_subject: r.providerSubject,
    provider_tenant_id: '',
    provider_values: { access_token: '', id_token: '', refresh_token: '', scopes: [], ...r.providerValues },
  });

  sdk.post('/b2b/oauth/authenticate', b2bEndpoint(ctx, { product: 'oauth', session: 'optional', schema: b2b.OAuthAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
    const answer = await withTx(ctx.db, async (tx) => {
      const r = await redeemB2BOAuthToken(ctx, tx, 'organization', req.oauth_token, req.pkce_code_verifier);
      const org = await requireOrganization(tx, r.organizationId!);
      // A member by address, or one the organization's email domains admit just in time.
      const member = await enterOrganization(tx, ctx.env, ctx.clock.now(), org, r.email);
      const factor = b2bOAuthFactor(ctx.clock.now(), r, memberEmailId(member)) as Factor;
      const done = await completePrimaryAuth(ctx, tx, {
        org, member, factor, method: `${r.providerType}_oauth`, minutes, client: caller.client,
        currentSessionId: caller.member?.member_id === member.member_id ? caller.memberSessionId : null,
      });
      return { ...done, ...providerExtras(r) };
    });
    return ok(c, answer);
  }));

  sdk.post('/b2b/oauth/discovery/authenticate', b2bEndpoint(ctx, { product: 'oauth', session: 'optional', schema: b2b.OAuthDiscoveryAuthenticate }, async ({ c, req }) => {
    const answer = await withTx(ctx.db, async (tx) => {
      const r = await redeemB2BOAuthToken(ctx, tx, 'discovery', req.discovery_oauth_token, req.pkce_code_verifier);
      const factor = b2bOAuthFactor(ctx.clock.now(), r, '') as Factor;
      return { ...(await startDiscovery(ctx, tx, r.email, factor)), ...providerExtras(r) };
    });
    return ok(c, answer);
  }));

  return { sdk, pub };
}
