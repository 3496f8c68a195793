import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { OAUTH_PROVIDER_NAMES, OAuthProviders, requests, type OAuthProvider } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { redirectUrl, requirePkce } from '../services/email-tokens.ts';
import { completeFlow, consumeState, redeemOAuthToken, saveState, type OAuthState } from '../services/oauth-flow.ts';
import { Upstream } from '../services/oauth-upstream.ts';
import { secretToken } from '../services/ids.ts';
import { requireProduct } from '../services/sends.ts';
import { startOrExtend } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';
import { removeOwnFactor } from '../services/user-admin.ts';
import { loadUser } from '../services/users.ts';
import { failPage } from './oauth-pages.ts';
import { oneTapRoutes } from './one-tap.ts';
import { isProjectPublicToken } from '../config.ts';

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function isProvider(p: string): p is OAuthProvider {
  return (OAuthProviders as readonly string[]).includes(p);
}

/** OAuth: the browser start, the upstream callback, token redemption and unlinking (the consent simulator is routes/oauth-consent.ts). */
export function oauthRoutes(ctx: ProviderContext): { sdk: Hono; pub: Hono } {
  const pub = new Hono();
  // Upstream clients are built once per configured provider; discovery is cached inside.
  const upstreams = new Map(Object.entries(ctx.config.oauthClients).filter(([type]) => isProvider(type)).map(([type, cfg]) => [type, new Upstream(cfg, ctx.outbound)]));
  const callbackUrl = (c: Context, provider: string) => `${(ctx.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')}/v1/public/oauth/${provider}/callback`;
  pub.onError((err, c) => {
    if (err instanceof ApiError) return failPage(c, err);
    throw err;
  });

  pub.route('/', oneTapRoutes(ctx, upstreams.get('google')));

  pub.get('/v1/public/oauth/:provider/start', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider)) throw new ApiError(404, 'oauth_provider_not_found', `Unknown OAuth provider "${provider}".`);
    requireProduct(ctx, 'oauth');
    const query = c.req.query();
    const parsed = v.safeParse(requests.OAuthStartQuery, query);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      throw new ApiError(400, 'invalid_request', `Query parameter ${v.getDotPath(issue) ?? ''} ${issue.message}.`, {}, { query: parsed.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`, message: i.message })) });
    }
    const q = parsed.output;
    if (!isProjectPublicToken(ctx.config, q.public_token)) throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
    if (q.code_challenge !== undefined && !CODE_CHALLENGE.test(q.code_challenge)) {
      throw new ApiError(400, 'invalid_code_challenge', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
    }
    requirePkce(ctx, 'oauth', q.code_challenge);
    const login = redirectUrl(ctx, q.login_redirect_url);
    const signup = redirectUrl(ctx, q.signup_redirect_url ?? q.login_redirect_url);
    const params = Object.fromEntries(Object.entries(query).filter(([k]) => k.startsWith('provider_')).map(([k, val]) => [k.slice('provider_'.length), val]));
    const custom = (q.custom_scopes ?? '').split(/[\s,]+/).filter(Boolean);
    if (custom.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) throw new ApiError(400, 'invalid_scopes', 'custom_scopes must be scope tokens separated by spaces.');
    const state: OAuthState = {
      provider_type: provider,
      code_challenge: q.code_challenge ?? null,
      login_redirect_url: login,
      signup_redirect_url: signup,
      scopes: [...new Set([...DEFAULT_SCOPES, ...custom])].join(' '),
      provider_params: params,
      upstream_verifier: null,
      upstream_nonce: null,
    };
    const upstream = upstreams.get(provider);
    if (upstream) {
      // A real authorization-code flow: our own PKCE pair and nonce towards the upstream,
      // kept with the flow; the caller's code_challenge stays for our token.
      const verifier = secretToken(32);
      const nonce = upstream.oidc ? secretToken(16) : null;
      const scopes = [...new Set([...(upstream.config.scopes ?? (upstream.oidc ? DEFAULT_SCOPES : [])), ...custom])];
      const raw = await saveState(ctx, ctx.db, { ...state, scopes: scopes.join(' '), upstream_verifier: verifier, upstream_nonce: nonce });
      return c.redirect(await upstream.authorizationUrl({ redirectUri: callbackUrl(c, provider), state: raw, verifier, nonce, scopes, params }), 302);
    }
    // Without credentials for this provider the local consent page stands in for it; that
    // simulation is a development aid, so a production provider refuses instead.
    if (!ctx.devPages) throw new ApiError(400, 'oauth_config_not_found', `No ${OAUTH_PROVIDER_NAMES[provider]} OAuth client is configured for this project.`);
    const raw = await saveState(ctx, ctx.db, state);
    return c.redirect(`/v1/public/oauth/${provider}/consent?state=${encodeURIComponent(raw)}`, 302);
  });

  pub.get('/v1/public/oauth/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const upstream = isProvider(provider) ? upstreams.get(provider) : undefined;
    if (!isProvider(provider) || !upstream) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    const raw = c.req.query('state') ?? '';
    const state = await consumeState(ctx, ctx.db, provider, raw);
    if (!state || !state.upstream_verifier) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
    const denied = c.req.query('error');
    if (denied) {
      const back = new URL(state.login_redirect_url);
      back.searchParams.set('error', denied);
      back.searchParams.set('error_description', c.req.query('error_description') ?? `${OAUTH_PROVIDER_NAMES[provider]} did not complete the sign-in.`);
      return c.redirect(back.toString(), 303);
    }
    const { profile, values } = await upstream.finish({ callback: new URL(c.req.url), state: raw, redirectUri: callbackUrl(c, provider), verifier: state.upstream_verifier, nonce: state.upstream_nonce });
    const target = await withTx(ctx.db, (tx) => completeFlow(ctx, tx, state, profile, values));
    return c.redirect(target, 303);
  });

  const sdk = new Hono();
  sdk.post('/oauth/authenticate', endpoint(ctx, { product: 'oauth', session: 'optional', schema: requests.OAuthAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
    const result = await withTx(ctx.db, async (tx) => {
      const r = await redeemOAuthToken(ctx, tx, req.token, req.code_verifier);
      const factor = {
        type: 'oauth',
        delivery_method: `oauth_${r.providerType}`,
        last_authenticated_at: ctx.clock.now().toISOString(),
        [`${r.providerType}_oauth_factor`]: { id: r.accountId, provider_subject: r.providerSubject, ...(r.emailId ? { email_id: r.emailId } : {}) },
      };
      const issued = await startOrExtend(ctx, tx, r.userId, factor, minutes, caller.client, caller.userId === r.userId ? caller.sessionId : null);
      return { issued, r };
    });
    return ok(c, {
      ...result.issued,
      oauth_user_registration_id: result.r.accountId,
      provider_subject: result.r.providerSubject,
      provider_type: result.r.providerType,
      provider_values: { access_token: '', id_token: '', refresh_token: '', scopes: [], ...result.r.providerValues },
      reset_sessions: false,
    });
  }));

  sdk.delete('/users/oauth/:id', endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
    const user = await withTx(ctx.db, async (tx) => {
      if (!(await removeOwnFactor(tx, caller.userId, 'oauth', c.req.param('id') ?? ''))) {
        throw new ApiError(404, 'oauth_user_registration_not_found', 'No such OAuth account on this user.');
      }
      return loadUser(tx, caller.userId);
    });
    return ok(c, { user_id: caller.userId, user });
  }));

  return { sdk, pub };
}
