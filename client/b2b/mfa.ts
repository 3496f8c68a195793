import type * as M from '../schemas/b2b-mfa-sso-requests.ts';
import { authenticate, call, protection } from '../api/context.ts';
import type { BaseResponse } from '../session/types.ts';
import type { CallerOptions } from '../schemas/requests.ts';
import { check, schemas } from '../schemas/checked-b2b-requests.ts';
import { type B2BContext, ist } from './context.ts';
import type { B2BAuthenticateResponse, MemberResponse } from './types.ts';

type Own = 'intermediate_session_token';
export type B2BTotpCreateOptions = CallerOptions<typeof M.TotpCreate, Own>;
export type B2BTotpAuthenticateOptions = CallerOptions<typeof M.TotpAuthenticate, Own>;
export type B2BRecoveryCodesRecoverOptions = CallerOptions<typeof M.RecoveryCodesRecover, Own>;
export type B2BSmsSendOptions = CallerOptions<typeof M.SmsSend, Own>;
export type B2BSmsAuthenticateOptions = CallerOptions<typeof M.SmsAuthenticate, Own>;
export interface B2BTotpCreateResponse extends MemberResponse {
  totp_registration_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}
export interface B2BRecoveryCodesResponse extends BaseResponse {
  recovery_codes: string[];
  [extra: string]: unknown;
}

/**
 * The second factors: `totp`, `recoveryCodes` and `otps.sms`. Each sends the intermediate
 * session token this browser holds (MFA during sign-in) or, without one, acts on the member
 * session (adding a factor).
 */
export function b2bMfa(ctx: B2BContext) {
  const withIst = async (body: object) => ({ ...body, intermediate_session_token: ist(ctx), ...(await protection(ctx)) });
  return {
    totp: {
      /** Creates an authenticator-app registration for the member, with its recovery codes. */
      async create(o: B2BTotpCreateOptions): Promise<B2BTotpCreateResponse> {
        const since = ctx.session.since();
        const body = check('stytch.totp.create', schemas.TotpCreate, o);
        const r = await call<B2BTotpCreateResponse>(ctx, { method: 'POST', path: '/b2b/totp', body: await withIst(body) });
        if (r.member_id === ctx.session.get('member')?.member_id) ctx.session.patch({ member: r.member }, since);
        return r;
      },
      /** Checks an authenticator-app code; completes the member session during sign-in. */
      async authenticate(o: B2BTotpAuthenticateOptions): Promise<B2BAuthenticateResponse> {
        return authenticate(ctx, '/b2b/totp/authenticate', await withIst(check('stytch.totp.authenticate', schemas.TotpAuthenticate, o)));
      },
    },
    recoveryCodes: {
      /** Signs in with a recovery code in place of the authenticator code (each code once). */
      async recover(o: B2BRecoveryCodesRecoverOptions): Promise<B2BAuthenticateResponse & { recovery_codes_remaining: number }> {
        return authenticate(ctx, '/b2b/recovery_codes/recover', await withIst(check('stytch.recoveryCodes.recover', schemas.RecoveryCodesRecover, o)));
      },
      /** Replaces the signed-in member's recovery codes. */
      rotate: async (): Promise<B2BRecoveryCodesResponse> => call(ctx, { method: 'POST', path: '/b2b/recovery_codes/rotate', body: await protection(ctx) }),
      /** The signed-in member's recovery codes. */
      get: async (): Promise<B2BRecoveryCodesResponse> => call(ctx, { method: 'GET', path: '/b2b/recovery_codes' }),
    },
    sms: {
      /** Texts a passcode to the member's MFA phone (or enrols `mfa_phone_number`). */
      async send(o: B2BSmsSendOptions): Promise<BaseResponse> {
        return call(ctx, { method: 'POST', path: '/b2b/otps/sms/send', body: await withIst(check('stytch.otps.sms.send', schemas.SmsSend, o)) });
      },
      /** Checks a texted passcode; completes the member session during sign-in. */
      async authenticate(o: B2BSmsAuthenticateOptions): Promise<B2BAuthenticateResponse> {
        return authenticate(ctx, '/b2b/otps/sms/authenticate', await withIst(check('stytch.otps.sms.authenticate', schemas.SmsAuthenticate, o)));
      },
    },
  };
}
