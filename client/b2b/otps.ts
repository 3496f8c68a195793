import type * as R from '../schemas/b2b-requests.ts';
import { authenticate, call, protection } from '../api/context.ts';
import type { BaseResponse } from '../session/types.ts';
import type { CallerOptions } from '../schemas/requests.ts';
import { check, schemas } from '../schemas/checked-b2b-requests.ts';
import { type B2BContext, ist } from './context.ts';
import type { B2BAuthenticateResponse, B2BDiscoveryAuthenticateResponse } from './types.ts';

export type B2BOtpEmailLoginOrSignupOptions = CallerOptions<typeof R.OtpEmailLoginOrSignup>;
export type B2BOtpEmailDiscoverySendOptions = CallerOptions<typeof R.OtpEmailDiscoverySend>;
export interface B2BOtpEmailSendResponse extends BaseResponse {
  member_id?: string;
  member_created?: boolean;
  [extra: string]: unknown;
}

/** `otps.email`: organization codes and discovery codes (the SMS codes of MFA are in `mfa.ts`). */
export function b2bEmailOtps(ctx: B2BContext) {
  return {
    /** Sends a code for one organization, creating the member when the organization allows. */
    async loginOrSignup(o: B2BOtpEmailLoginOrSignupOptions): Promise<B2BOtpEmailSendResponse> {
      const body = check('stytch.otps.email.loginOrSignup', schemas.OtpEmailLoginOrSignup, o);
      return call(ctx, { method: 'POST', path: '/b2b/otps/email/login_or_signup', body: { ...body, ...(await protection(ctx)) } });
    },
    /** Checks a code for one organization. */
    async authenticate(o: { code: string; email_address: string; organization_id: string; session_duration_minutes: number; locale?: string }): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.otps.email.authenticate', schemas.OtpEmailAuthenticate, o);
      return authenticate(ctx, '/b2b/otps/email/authenticate', { ...body, intermediate_session_token: ist(ctx), ...(await protection(ctx)) });
    },
    discovery: {
      /** Sends a discovery code. */
      async send(o: B2BOtpEmailDiscoverySendOptions): Promise<BaseResponse> {
        const body = check('stytch.otps.email.discovery.send', schemas.OtpEmailDiscoverySend, o);
        return call(ctx, { method: 'POST', path: '/b2b/otps/email/discovery/send', body: { ...body, ...(await protection(ctx)) } });
      },
      /** Exchanges a discovery code for an intermediate session and the organizations it may enter. */
      async authenticate(o: { code: string; email_address: string }): Promise<B2BDiscoveryAuthenticateResponse> {
        const body = check('stytch.otps.email.discovery.authenticate', schemas.OtpEmailDiscoveryAuthenticate, o);
        return authenticate(ctx, '/b2b/otps/email/discovery/authenticate', { ...body, ...(await protection(ctx)) });
      },
    },
  };
}
