import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { B2B_OAUTH_PROVIDER_NAMES, isB2BOAuthProvider, type B2BOAuthProvider } from '../../client/schemas/b2b-oauth-providers.ts';
import { EMAIL_PATTERN, OAUTH_PROVIDER_NAMES, isOAuthProvider, type OAuthProvider } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { completePageFlow, failuresReturnTo, refusalUrl } from '../http/redirect-flow.ts';
import { consumeState, flowOf, peekState, type OAuthState } from '../services/oauth-state.ts';
import { sha256 } from '../services/ids.ts';
import { consentPage } from './oauth-pages.ts';
import { redirectFlowErrors } from './redirect-flow-errors.ts';

/*
 * The development consent simulator: where no OAuth client is configured for a provider, the
 * start route sends the browser here instead of to the provider, and a typed email signs in as
 * that provider's account. app.ts mounts it only with the development pages.
 */

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

/** The consent page stands in for B2C providers and the B2B ones (HubSpot is only B2B). */
type ConsentProvider = OAuthProvider | B2BOAuthProvider;
const isProvider = (p: string): p is ConsentProvider => isOAuthProvider(p) || isB2BOAuthProvider(p);
const nameOf = (p: ConsentProvider) => (isOAuthProvider(p) ? OAUTH_PROVIDER_NAMES[p] : B2B_OAUTH_PROVIDER_NAMES[p]);

function originOf(url: string): string {
  return new URL(url).origin;
}

/** The simulated provider's consent page and its form. */
export function oauthConsentRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.onError(redirectFlowErrors);

  /** A sign-in's refusals go back to its app (the widget shows them), spent or expired state alike. */
  const appReturn = async (c: Context, provider: string, raw: string) => failuresReturnTo(ctx, c, (await flowOf(ctx.db, provider, raw))?.login_redirect_url);

  const render = (c: Context, provider: ConsentProvider, raw: string, s: OAuthState, status: 200 | 422, error?: string, typed?: { email: string; name: string }) => {
    const nonce = randomBytes(16).toString('base64');
    // The form posts here, then redirects to the host's page: form-action must allow both.
    const targets = [...new Set([originOf(s.login_redirect_url), originOf(s.signup_redirect_url)])].join(' ');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self' ${targets}`);
    c.header('Cache-Control', 'no-store');
    return c.html(
      consentPage({ nonce, providerName: nameOf(provider), state: raw, action: `/v1/public/oauth/${provider}/consent`, scopes: s.scopes, accounts: rememberedAccounts(c, provider), error, ...typed }),
      status,
    );
  };

  app.get('/v1/public/oauth/:provider/consent', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider)) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    const raw = c.req.query('state') ?? '';
    await appReturn(c, provider, raw);
    const s = await peekState(ctx, ctx.db, provider, raw);
    if (!s) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
    return render(c, provider, raw, s, 200);
  });

  app.post('/v1/public/oauth/:provider/consent', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider)) throw new ApiError(404, 'route_not_found', 'No such endpoint.');
    // The state in the form is the secret that binds it to one flow; a cross-site post is refused too.
    const origin = c.req.header('origin');
    if (origin && origin !== 'null' && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'forbidden_origin', 'The consent form must be submitted from its own page.');
    const form = await c.req.parseBody();
    const raw = typeof form.state === 'string' ? form.state : '';
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    const name = typeof form.name === 'string' ? form.name.trim().slice(0, 100) : '';
    await appReturn(c, provider, raw);
    const s = await peekState(ctx, ctx.db, provider, raw);
    if (!s) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in has expired or was already completed; start again.');
    if (form.decision === 'deny') {
      if (!(await consumeState(ctx, ctx.db, provider, raw))) throw new ApiError(400, 'oauth_state_not_found', 'This sign-in was already completed.');
      return c.redirect(refusalUrl(s.login_redirect_url, 'access_denied', 'The user cancelled the sign-in.'), 303);
    }
    if (!EMAIL_PATTERN.test(email)) return render(c, provider, raw, s, 422, 'Enter a valid email address.', { email, name });
    // A simulated account's subject is stable per (provider, email), so the same typed email is the same account.
    const subject = `simulated-${sha256(`${provider}:${email.toLowerCase()}`).slice(0, 24)}`;
    const target = await completePageFlow(ctx, provider, raw, 'This sign-in was already completed.', (state) => ({
      state,
      profile: { subject, email, emailVerified: true, name },
      values: { scopes: state.scopes.split(' ') },
    }));
    remember(c, provider, { email, name });
    return c.redirect(target, 303);
  });

  return app;
}
