import type * as R from '../schemas/b2b-requests.ts';
import { authenticate, call, protection } from '../api/context.ts';
import { readApiError } from '../errors.ts';
import type { BaseResponse } from '../session/types.ts';
import type { CallerOptions } from '../schemas/requests.ts';
import { check, schemas } from '../schemas/checked-b2b-requests.ts';
import { type B2BContext, challengeFor, ist } from './context.ts';
import type { B2BAuthenticateResponse, B2BDiscoveryAuthenticateResponse, MemberResponse } from './types.ts';

type Own = 'pkce_code_challenge' | 'pkce_code_verifier' | 'intermediate_session_token';
export type B2BMagicLinkLoginOrSignupOptions = CallerOptions<typeof R.MagicLinksLoginOrSignup, Own>;
export type B2BMagicLinkDiscoverySendOptions = CallerOptions<typeof R.MagicLinksDiscoverySend, Own>;
export type B2BMagicLinkInviteOptions = CallerOptions<typeof R.MagicLinksInvite, Own>;
export interface B2BMagicLinkSendResponse extends BaseResponse {
  member_id?: string;
  member_created?: boolean;
  [extra: string]: unknown;
}

/** `magicLinks`: organization login-or-signup, invites, discovery sends, and their authenticates (PKCE when bootstrap requires it). */
export function b2bMagicLinks(ctx: B2BContext) {
  const challenge = async () => challengeFor(ctx.pkce.magicLinks, (await ctx.bootstrap.ready()).pkce_required_for_email_magic_links);
  const tryAuth = (o: object, verifier: string | undefined) =>
    authenticate<B2BAuthenticateResponse>(ctx, '/b2b/magic_links/authenticate', { pkce_code_verifier: verifier, intermediate_session_token: ist(ctx), ...o });
  return {
    email: {
      /** Sends a login (or, when the organization allows, signup) link for one organization. */
      async loginOrSignup(o: B2BMagicLinkLoginOrSignupOptions): Promise<B2BMagicLinkSendResponse> {
        const body = check('stytch.magicLinks.email.loginOrSignup', schemas.MagicLinksLoginOrSignup, o);
        return call(ctx, { method: 'POST', path: '/b2b/magic_links/email/login_or_signup', body: { ...body, pkce_code_challenge: await challenge() } });
      },
      /** Invites an address to the signed-in member's organization. */
      async invite(o: B2BMagicLinkInviteOptions): Promise<MemberResponse> {
        const body = check('stytch.magicLinks.email.invite', schemas.MagicLinksInvite, o);
        return call(ctx, { method: 'POST', path: '/b2b/magic_links/email/invite', body });
      },
      discovery: {
        /** Sends a discovery link: it proves the address, then lists the organizations it may enter. */
        async send(o: B2BMagicLinkDiscoverySendOptions): Promise<BaseResponse> {
          const body = check('stytch.magicLinks.email.discovery.send', schemas.MagicLinksDiscoverySend, o);
          return call(ctx, { method: 'POST', path: '/b2b/magic_links/email/discovery/send', body: { ...body, pkce_code_challenge: await challenge(), ...(await protection(ctx)) } });
        },
      },
    },
    /** Authenticates an organization link; a password-reset proof key is tried first, then the magic-link one. */
    async authenticate(o: { magic_links_token: string; session_duration_minutes: number; locale?: string }): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.magicLinks.authenticate', schemas.MagicLinksAuthenticate, o);
      const reset = ctx.pkce.passwords.get();
      if (reset) {
        try {
          const r = await tryAuth(body, reset.code_verifier);
          ctx.pkce.passwords.clear();
          return r;
        } catch (e) {
          // Only a proof-key mismatch means the link is a magic link's: try its own key next.
          if (!readApiError(e)?.error_type.includes('pkce')) throw e;
        }
      }
      const r = await tryAuth(body, ctx.pkce.magicLinks.get()?.code_verifier);
      ctx.pkce.magicLinks.clear();
      return r;
    },
    discovery: {
      /** Exchanges a discovery link for an intermediate session and the organizations it may enter. */
      async authenticate(o: { discovery_magic_links_token: string }): Promise<B2BDiscoveryAuthenticateResponse> {
        const body = check('stytch.magicLinks.discovery.authenticate', schemas.MagicLinksDiscoveryAuthenticate, o);
        const r = await authenticate<B2BDiscoveryAuthenticateResponse>(ctx, '/b2b/magic_links/discovery/authenticate', {
          pkce_code_verifier: ctx.pkce.magicLinks.get()?.code_verifier,
          ...body,
          ...(await protection(ctx)),
        });
        ctx.pkce.magicLinks.clear();
        return r;
      },
    },
  };
}
