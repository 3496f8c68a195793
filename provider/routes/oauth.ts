import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { EMAIL_PATTERN, OAUTH_PROVIDER_NAMES, OAuthProviders, requests, type OAuthProvider } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { authenticateCaller } from '../http/auth.ts';
import { ApiError, errorResponse, ok, requestId } from '../http/errors.ts';
import { body } from '../http/validate.ts';
import { redirectUrl, requirePkce } from '../services/email-tokens.ts';
import { completeFlow, consumeState, peekState, redeemOAuthToken, saveState, type OAuthState } from '../services/oauth-flow.ts';
import { Upstream } from '../services/oauth-upstream.ts';
import { secretToken, sha256 } from '../services/ids.ts';
import { requireProduct } from '../services/sends.ts';
import { durationMinutes, startOrExtend } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';
import { loadUser } from '../services/users.ts';
import { consentPage, errorPage } from './oauth-pages.ts';
import { oneTapRoutes } from './one-tap.ts';

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function isProvider(p: string): p is OAuthProvider {
  return (OAuthProviders as readonly string[]).includes(p);
}

/** A person following a link gets an HTML page; a program gets the JSON error. */
function fail(c: Context, err: ApiError): Response | Promise<Response> {
  if (!(c.req.header('accept') ?? '').includes('text/html')) return errorResponse(c, err);
  const nonce = randomBytes(16).toString('base64');
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`);
  return c.html(
    errorPage({ nonce, status: err.status, errorType: err.errorType, message: err.message, requestId: requestId(c), url: `https://stytch.com/docs/api/errors/${err.status}#${err.errorType}` }),
    err.status,
  );
}

// Like a real identity provider, the simulation offers the accounts used in this browser
// (a cookie of its own), never other people's.
const ACCOUNTS_COOKIE = (provider: string) => `simulated_${provider}_accounts`;
const AccountList = v.array(v.object({ email: v.pipe(v.string(), v.regex(EMAIL_PATTERN)), name: v.pipe(v.string(), v.maxLength(100)) }));

function rememberedAccounts(c: Context, provider: string): Array<{ email: string; name: string }> {
  const raw = getCookie(c, ACCOUNTS_COOKIE(provider));
  if (!raw) return [];
  try {
    const parsed = v.safeParse(AccountList, JSON.parse(raw));
    return parsed.success ? parsed.output.slice(0, 5) : [];
  } catch {
    return [];
  }
}

function remember(c: Context, provider: string, account: { email: string; name: string }): void {
  const list = [account, ...rememberedAccounts(c, provider).filter((a) => a.email.toLowerCase() !== account.email.toLowerCase())].slice(0, 5);
  setCookie(c, ACCOUNTS_COOKIE(provider), JSON.stringify(list), { path: '/v1/public/oauth/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/** OAuth: the browser start, the simulated provider's consent page, token redemption and unlinking. */
export function oauthRoutes(ctx: ProviderContext): { sdk: Hono; pub: Hono } {
  const pub = new Hono();
  // Upstream clients are built once per configured provider; discovery is cached inside.
  const upstreams = new Map(Object.entries(ctx.config.oauthClients).filter(([type]) => isProvider(type)).map(([type, cfg]) => [type, new Upstream(cfg)]));
  const callbackUrl = (c: Context, provider: string) => `${(ctx.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')}/v1/public/oauth/${provider}/callback`;
  pub.onError((err, c) => {
    if (err instanceof ApiError) return fail(c, err);
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
    const tokens = [ctx.config.publicTokens.test, ctx.config.publicTokens.live].filter(Boolean);
    if (!tokens.includes(q.public_token)) throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
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

  const render = (c: Context, provider: OAuthProvider, raw: string, s: OAuthState, status: 200 | 422, error?: string, typed?: { email: string; name: string }) => {
    const nonce = randomBytes(16).toString('base64');
    // The form posts here, then redirects to the host's page: form-action must allow both.
    const targets = [...new Set([originOf(s.login_redirect_url), originOf(s.signup_redirect_url)])].join(' ');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self' ${targets}`);
    c.header('Cache-Control', 'no-store');
    return c.html(
      consentPage({ nonce, providerName: OAUTH_PROVIDER_NAMES[provider], state: raw, action: `/v1/public/oauth/${provider}/consent`, scopes: s.scopes, accounts: rememberedAccounts(c, provider), error, ...typed }),
      status,
    );
  };

  pub.get('/v1/public/oauth/:provider/consent', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider) || !ctx.devPages) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    const raw = c.req.query('state') ?? '';
    const s = await peekState(ctx, ctx.db, provider, raw);
    if (!s) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
    return render(c, provider, raw, s, 200);
  });

  pub.post('/v1/public/oauth/:provider/consent', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider) || !ctx.devPages) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    // The state in the form is the secret that binds it to one flow; a cross-site post is refused too.
    const origin = c.req.header('origin');
    if (origin && origin !== 'null' && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'forbidden_origin', 'The consent form must be submitted from its own page.');
    const form = await c.req.parseBody();
    const raw = typeof form.state === 'string' ? form.state : '';
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    const name = typeof form.name === 'string' ? form.name.trim().slice(0, 100) : '';
    const s = await peekState(ctx, ctx.db, provider, raw);
    if (!s) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
    if (form.decision === 'deny') {
      if (!(await consumeState(ctx, ctx.db, provider, raw))) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in was already completed.');
      const back = new URL(s.login_redirect_url);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user cancelled the sign-in.');
      return c.redirect(back.toString(), 303);
    }
    if (!EMAIL_PATTERN.test(email)) return render(c, provider, raw, s, 422, 'Enter a valid email address.', { email, name });
    const target = await withTx(ctx.db, async (tx) => {
      const state = await consumeState(ctx, tx, provider, raw);
      if (!state) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in was already completed.');
      // A simulated account's subject is stable per (provider, email), so the same typed email is the same account.
      const subject = `simulated-${sha256(`${provider}:${email.toLowerCase()}`).slice(0, 24)}`;
      return completeFlow(ctx, tx, state, { subject, email, emailVerified: true, name }, { scopes: state.scopes.split(' ') });
    });
    remember(c, provider, { email, name });
    return c.redirect(target, 303);
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
  sdk.post('/oauth/authenticate', async (c) => {
    requireProduct(ctx, 'oauth');
    const caller = await authenticateCaller(ctx, c, false);
    const req = await body(c, requests.OAuthAuthenticate);
    const minutes = durationMinutes(ctx, req.session_duration_minutes);
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
  });

  sdk.delete('/users/oauth/:id', async (c) => {
    const caller = await authenticateCaller(ctx, c, true);
    const id = c.req.param('id');
    const user = await withTx(ctx.db, async (tx) => {
      const { rows } = await tx.query('DELETE FROM oauth_accounts WHERE oauth_user_registration_id = $1 AND user_id = $2 RETURNING provider_type', [id, caller.userId]);
      if (!rows[0]) throw new ApiError(404, 'oauth_user_registration_not_found', 'No such OAuth account on this user.');
      return loadUser(tx, caller.userId!);
    });
    return ok(c, { user_id: caller.userId, user });
  });

  return { sdk, pub };
}
