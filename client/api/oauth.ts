import * as S from '../schemas/requests.ts';
import { OAuthProviders, type OAuthProvider } from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import { authenticate, type ApiContext } from './context.ts';
import type { AuthenticateResponse } from '../session/types.ts';

export interface OAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  /** Sent as `provider_<key>` query parameters. */
  provider_params?: Record<string, string>;
}
export interface OAuthAuthenticateResponse extends AuthenticateResponse {
  provider_subject: string;
  provider_type: string;
  provider_values: { access_token?: string; id_token?: string; refresh_token?: string; scopes: string[]; expires_at?: string };
}

/** The OAuth start URL of PROTOCOL.md (`/v1/public`, not `/sdk/v1`). */
export function oauthStartUrl(base: string, provider: OAuthProvider, publicToken: string, codeChallenge: string | undefined, o: OAuthStartOptions): string {
  const q = new URLSearchParams({ public_token: publicToken });
  if (codeChallenge) q.set('code_challenge', codeChallenge);
  if (o.custom_scopes?.length) q.set('custom_scopes', o.custom_scopes.join(' '));
  for (const [k, val] of Object.entries(o.provider_params ?? {})) q.set(`provider_${k}`, val);
  if (o.login_redirect_url) q.set('login_redirect_url', o.login_redirect_url);
  if (o.signup_redirect_url) q.set('signup_redirect_url', o.signup_redirect_url);
  return `${base.replace(/\/+$/, '')}/v1/public/oauth/${provider}/start?${q}`;
}

type Starters = { [P in OAuthProvider]: { start(options?: OAuthStartOptions): Promise<void> } };

/** `oauth.<provider>.start` for the 19 providers, and `oauth.authenticate`. */
export function oauth(ctx: ApiContext): Starters & { authenticate(token: string, options: { session_duration_minutes: number }): Promise<OAuthAuthenticateResponse> } {
  const starters = Object.fromEntries(
    OAuthProviders.map((p) => [
      p,
      {
        async start(options: OAuthStartOptions = {}) {
          const o = check(`stytch.oauth.${p}.start`, S.OAuthStartOptions, options);
          await ctx.bootstrap.ready();
          const { code_challenge } = await ctx.pkce.oauth.start();
          ctx.env.navigate(oauthStartUrl(ctx.transport.baseUrl, p, ctx.transport.publicToken, code_challenge, o));
        },
      },
    ]),
  ) as Starters;
  return {
    ...starters,
    /** Exchanges the callback token; warns when this browser holds no verifier. */
    async authenticate(token, options) {
      check('stytch.oauth.authenticate', S.OAuthAuthenticate, { token, ...options });
      const pair = ctx.pkce.oauth.get();
      if (!pair) {
        ctx.env.console.warn('No code verifier found in local storage for OAuth flow.\nConsider using oauth.$provider.start() to add PKCE to your OAuth flows for added security.');
      }
      const r = await authenticate<OAuthAuthenticateResponse>(ctx, '/oauth/authenticate', { token, code_verifier: pair?.code_verifier, ...options });
      ctx.pkce.oauth.clear();
      return r;
    },
  };
}
