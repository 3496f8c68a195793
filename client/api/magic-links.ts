import * as S from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import { readApiError } from '../errors.ts';
import { authenticate, call, primaryOrSecondary, protection, type ApiContext } from './context.ts';
import type { AuthenticateResponse, BaseResponse } from '../session/types.ts';

/** Options of magic-link login-or-create and send. */
export type MagicLinkOptions = S.CallerOptions<typeof S.MagicLinkSend, 'email'>;
export type MagicLinkLoginOrCreateOptions = S.CallerOptions<typeof S.MagicLinkLoginOrCreate, 'email'>;
export interface MagicLinkSendResponse extends BaseResponse {
  user_id?: string;
  email_id?: string;
  user_created?: boolean;
}
export interface MagicLinkAuthenticateResponse extends AuthenticateResponse {
  method_id: string;
  reset_sessions: boolean;
}

/** `magicLinks`: email send and authenticate, with PKCE when the project requires it. */
export function magicLinks(ctx: ApiContext) {
  const challenge = async () => {
    const b = await ctx.bootstrap.ready();
    return b.pkce_required_for_email_magic_links ? (await ctx.pkce.magicLinks.start()).code_challenge : undefined;
  };
  const tryAuth = (token: string, code_verifier: string | undefined, session_duration_minutes: number) =>
    authenticate<MagicLinkAuthenticateResponse>(ctx, '/magic_links/authenticate', { token, code_verifier, session_duration_minutes });

  return {
    email: {
      /** Sends a login or signup link. */
      async loginOrCreate(email: string, options: MagicLinkLoginOrCreateOptions = {}): Promise<MagicLinkSendResponse> {
        const body = check('stytch.magicLinks.email.loginOrCreate', S.MagicLinkLoginOrCreate, { email, ...options });
        return call(ctx, { method: 'POST', path: '/magic_links/email/login_or_create', body: { ...body, code_challenge: await challenge(), ...(await protection(ctx)) } });
      },
      /** Sends a login link to an existing user (a second factor when a session exists). */
      async send(email: string, options: MagicLinkOptions = {}): Promise<MagicLinkSendResponse> {
        const body = check('stytch.magicLinks.email.send', S.MagicLinkSend, { email, ...options });
        const path = `/magic_links/email/send/${primaryOrSecondary(ctx)}`;
        return call(ctx, { method: 'POST', path, body: { ...body, code_challenge: await challenge(), ...(await protection(ctx)) } });
      },
    },
    /** Authenticates a link token; a password-reset proof key is tried first, then the magic-link one. */
    async authenticate(token: string, options: { session_duration_minutes: number }): Promise<MagicLinkAuthenticateResponse> {
      check('stytch.magicLinks.authenticate', S.MagicLinkAuthenticate, { token, ...options });
      const reset = ctx.pkce.passwords.get();
      if (reset) {
        try {
          const r = await tryAuth(token, reset.code_verifier, options.session_duration_minutes);
          ctx.pkce.passwords.clear();
          return r;
        } catch (e) {
          // Only a proof-key mismatch means the link is a magic link's: try its own key next.
          if (readApiError(e)?.error_type !== 'pkce_mismatch') throw e;
        }
      }
      const r = await tryAuth(token, ctx.pkce.magicLinks.get()?.code_verifier, options.session_duration_minutes);
      ctx.pkce.magicLinks.clear();
      return r;
    },
  };
}
