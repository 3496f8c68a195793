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
  /** Only when the send asked for `link_request`: what the asking tab keeps to wait on the link. */
  link_request?: LinkRequest;
}
/** A cross-device request: the asking tab polls with its id and secret and shows its code. */
export interface LinkRequest {
  request_id: string;
  secret: string;
  code: string;
  expires_at: string;
}
/** What the link's page learns before spending anything: whether a tab waits on the link. */
export interface LinkLookupResponse extends BaseResponse {
  link_request: { expires_at: string; link_device_sign_in: boolean } | null;
}
/** A poll's answer: `approved` comes with the session (then stored), once. */
export type LinkPollResponse = (BaseResponse & { status: 'pending' | 'redeemed' | 'expired' | 'locked' | 'spent_elsewhere' }) | (MagicLinkAuthenticateResponse & { status: 'approved' });
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
    /**
     * Cross-device links (ours, not the official client's): the link's page looks its token up
     * and confirms it with the asking tab's code (all by POST: opening a link spends nothing);
     * the asking tab polls until the confirmation, and its session is stored then.
     */
    linkRequests: {
      async lookup(token: string): Promise<LinkLookupResponse> {
        const body = check('stytch.magicLinks.linkRequests.lookup', S.LinkRequestLookup, { token });
        return call(ctx, { method: 'POST', path: '/magic_links/link_requests/lookup', body });
      },
      /** `sign_in_here` also signs in this device (when the project allows): its session is stored. */
      async confirm(token: string, code: string, options: { sign_in_here?: boolean; session_duration_minutes?: number } = {}): Promise<BaseResponse & { status: 'approved' }> {
        const body = check('stytch.magicLinks.linkRequests.confirm', S.LinkRequestConfirm, { token, code, ...options });
        if (!options.sign_in_here) return call(ctx, { method: 'POST', path: '/magic_links/link_requests/confirm', body });
        return authenticate<MagicLinkAuthenticateResponse & { status: 'approved' }>(ctx, '/magic_links/link_requests/confirm', body);
      },
      async poll(request: Pick<LinkRequest, 'request_id' | 'secret'>, options: { session_duration_minutes?: number } = {}): Promise<LinkPollResponse> {
        const body = check('stytch.magicLinks.linkRequests.poll', S.LinkRequestPoll, { request_id: request.request_id, secret: request.secret, ...options });
        const r = await call<LinkPollResponse>(ctx, { method: 'POST', path: '/magic_links/link_requests/poll', body });
        if (r.status === 'approved') {
          ctx.session.update(r);
          ctx.pkce.magicLinks.clear();
        }
        return r;
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
