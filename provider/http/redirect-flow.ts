import type { Context } from 'hono';
import * as v from 'valibot';
import type { ProviderContext } from '../context.ts';
import { isProjectPublicToken } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { completeB2BFlow } from '../services/b2b/oauth.ts';
import { requirePkce, type PkceFlow } from '../services/email-tokens.ts';
import { secretToken } from '../services/ids.ts';
import { completeUserFlow } from '../services/oauth-flow.ts';
import { consumeState, flowOf, saveState, type OAuthProfile, type OAuthState } from '../services/oauth-state.ts';
import { DEFAULT_SCOPES, type Upstream } from '../services/oauth-upstream.ts';
import { withTx } from '../services/tx.ts';
import { ApiError } from './errors.ts';

/*
 * The browser's redirect flows (B2C OAuth, B2B OAuth, B2B SSO): the start reads a query, not
 * a JSON body, and answers with a redirect; the callback finishes what the start began. What
 * the three share is here once, so a rule of the start (the public token, PKCE) is one place.
 */

/** A PKCE challenge: the base64url SHA-256 of the verifier. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A scope token of RFC 6749 §3.3. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

type StartSchema = v.GenericSchema<unknown, { public_token: string }>;

/**
 * A start's query, in the order its refusals are answered: the schema (400 naming the
 * parameter), the public token (401), the code challenge's form (400, named as the flow's
 * client sends it) and the project's PKCE rule for `flow`.
 */
export function startQuery<S extends StartSchema>(
  ctx: ProviderContext,
  c: Context,
  schema: S,
  pkce: { flow: PkceFlow; field: 'code_challenge' | 'pkce_code_challenge' },
): { q: v.InferOutput<S>; query: Record<string, string>; codeChallenge: string | null } {
  const query = c.req.query();
  const parsed = v.safeParse(schema, query);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new ApiError(
      400,
      'invalid_request',
      `Query parameter ${v.getDotPath(issue) ?? ''} ${issue.message}.`,
      {},
      { query: parsed.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`, message: i.message })) },
    );
  }
  const q = parsed.output;
  if (!isProjectPublicToken(ctx.config, q.public_token)) throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
  const challenge = (q as Record<string, unknown>)[pkce.field] as string | undefined;
  if (challenge !== undefined && !CODE_CHALLENGE.test(challenge)) {
    throw new ApiError(400, 'invalid_code_challenge', `${pkce.field} must be the base64url SHA-256 of the code verifier (43 characters).`);
  }
  requirePkce(ctx, pkce.flow, challenge);
  return { q, query, codeChallenge: challenge ?? null };
}

/** The `provider_*` query parameters, passed on to the identity provider without the prefix. */
export function providerParams(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([k]) => k.startsWith('provider_'))
      .map(([k, val]) => [k.slice('provider_'.length), val]),
  );
}

/** `custom_scopes` split into scope tokens (spaces or commas); anything else is a 400. */
export function customScopes(raw: string | undefined): string[] {
  const custom = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  if (custom.some((s) => !SCOPE_TOKEN.test(s))) throw new ApiError(400, 'invalid_scopes', 'custom_scopes must be scope tokens separated by spaces.');
  return custom;
}

/** An OAuth start's flow, before its scopes and the upstream's PKCE pair are known. */
export type StartedFlow = Omit<OAuthState, 'scopes' | 'upstream_verifier' | 'upstream_nonce'>;

/**
 * Stores an OAuth flow and sends the browser on: to the configured provider (a real
 * authorization-code flow, with our own PKCE pair and nonce towards it; the caller's
 * code_challenge stays for our token), or, without credentials for it, to the local consent
 * page, a development aid that a production provider refuses instead.
 */
export async function redirectToProvider(
  ctx: ProviderContext,
  c: Context,
  flow: StartedFlow,
  opts: { custom: string[]; upstream: Upstream | undefined; callbackUrl: string; providerName: string },
): Promise<Response> {
  const provider = flow.provider_type;
  const params = flow.provider_params;
  const state: OAuthState = { ...flow, scopes: [...new Set([...DEFAULT_SCOPES, ...opts.custom])].join(' '), upstream_verifier: null, upstream_nonce: null };
  const upstream = opts.upstream;
  if (upstream) {
    const verifier = secretToken(32);
    const nonce = upstream.oidc ? secretToken(16) : null;
    const scopes = [...new Set([...(upstream.config.scopes ?? (upstream.oidc ? DEFAULT_SCOPES : [])), ...opts.custom])];
    const raw = await saveState(ctx, ctx.db, { ...state, scopes: scopes.join(' '), upstream_verifier: verifier, upstream_nonce: nonce });
    return c.redirect(await upstream.authorizationUrl({ redirectUri: opts.callbackUrl, state: raw, verifier, nonce, scopes, params }), 302);
  }
  if (!ctx.devPages) throw new ApiError(400, 'oauth_config_not_found', `No ${opts.providerName} OAuth client is configured for this project.`);
  const raw = await saveState(ctx, ctx.db, state);
  return c.redirect(`/v1/public/oauth/${provider}/consent?state=${encodeURIComponent(raw)}`, 302);
}

/**
 * The app's page with a refusal on it: `error` (a code) and `error_description` (words for the
 * host, which the widget reports; the person reads the widget's own). Every way a redirect flow
 * fails once its app is known ends here, so the browser lands back on the app.
 */
export function refusalUrl(appUrl: string, error: string, description: string): string {
  const back = new URL(appUrl);
  back.searchParams.set('error', error);
  back.searchParams.set('error_description', description);
  return back.toString();
}

/**
 * When the identity provider answered with an error (the person declined, say): the app's
 * login URL with the error and its description, or `fallback` when it gave none.
 */
export function deniedRedirect(c: Context, loginRedirectUrl: string, fallback: string): Response | null {
  const denied = c.req.query('error');
  if (!denied) return null;
  return c.redirect(refusalUrl(loginRedirectUrl, denied, c.req.query('error_description') ?? fallback), 303);
}

const failureReturns = new WeakMap<Request, string>();

/**
 * From here on, a refusal of this request goes back to the app that started the sign-in
 * (`appUrl`, an allow-listed URL the flow stored), rather than stopping on a provider page; a
 * state nobody issued names no app, so the project's default login URL stands in, as it does for a
 * start that names none. The routes' error handler (routes/redirect-flow-errors.ts) reads it.
 */
export function failuresReturnTo(ctx: ProviderContext, c: Context, appUrl: string | null | undefined): void {
  const to = appUrl ?? ctx.config.redirectUrls[0];
  if (to) failureReturns.set(c.req.raw, to);
}

/** Where this request's refusals go back to, if it got that far. */
export function failureReturn(c: Context): string | undefined {
  return failureReturns.get(c.req.raw);
}

/**
 * The end of any OAuth flow (a provider's callback, the consent page, One Tap): a B2B flow
 * proves an address to an organization or to discovery, not a B2C user. The one place the two
 * product lines' flows part, so that neither line's services import the other's.
 */
export function completeFlow(ctx: ProviderContext, tx: Queryable, state: OAuthState, profile: OAuthProfile, providerValues: Record<string, unknown>): Promise<string> {
  return state.b2b ? completeB2BFlow(ctx, tx, state, state.b2b, profile, providerValues) : completeUserFlow(ctx, tx, state, profile, providerValues);
}

/** `completeFlow` in a transaction of its own: a flow whose state is already spent. */
export function completeFlowNow(ctx: ProviderContext, state: OAuthState, profile: OAuthProfile, providerValues: Record<string, unknown>): Promise<string> {
  return withTx(ctx.db, (tx) => completeFlow(ctx, tx, state, profile, providerValues));
}

/** Who a flow ended on one of our own pages proved to be, and with what the app's token carries. */
export interface PageFlowEnd {
  state: OAuthState;
  profile: OAuthProfile;
  values: Record<string, unknown>;
}

/**
 * A flow ended on a page of ours (One Tap, the consent simulator) rather than at a provider's
 * callback: the state spent and the flow completed in one transaction, so that a refusal leaves
 * the state as it was. `gone` is the page's words for a state spent or expired.
 */
export function completePageFlow(ctx: ProviderContext, provider: string, rawState: string, gone: string, end: (state: OAuthState) => PageFlowEnd): Promise<string> {
  return withTx(ctx.db, async (tx) => {
    const state = await consumeState(ctx, tx, provider, rawState);
    if (!state) throw new ApiError(400, 'oauth_state_not_found', gone);
    const e = end(state);
    return completeFlow(ctx, tx, e.state, e.profile, e.values);
  });
}

/**
 * An OAuth callback from a configured provider: the flow's state is spent (once), a refusal
 * goes back to the app, and the provider's code becomes the profile `completeFlow` turns into
 * the app's token. `b2b` says which product line's flows this callback finishes.
 */
export async function finishOAuth(ctx: ProviderContext, c: Context, opts: { provider: string; upstream: Upstream; callbackUrl: string; b2b: boolean; deniedText: string }): Promise<Response> {
  const raw = c.req.query('state') ?? '';
  // A sign-in's refusals go back to its app, even when the state was spent or has expired.
  failuresReturnTo(ctx, c, (await flowOf(ctx.db, opts.provider, raw))?.login_redirect_url);
  const state = await consumeState(ctx, ctx.db, opts.provider, raw);
  if (!state || !state.upstream_verifier || (opts.b2b && !state.b2b)) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
  const denied = deniedRedirect(c, state.login_redirect_url, opts.deniedText);
  if (denied) return denied;
  const { profile, values } = await opts.upstream.finish({ callback: new URL(c.req.url), state: raw, redirectUri: opts.callbackUrl, verifier: state.upstream_verifier, nonce: state.upstream_nonce });
  return c.redirect(await completeFlowNow(ctx, state, profile, values), 303);
}
