import * as S from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import { authenticate, call, primaryOrSecondary, protection, type ApiContext } from './context.ts';
import type { AuthenticateResponse, BaseResponse } from '../session/types.ts';

export type OtpPhoneOptions = S.CallerOptions<typeof S.OtpPhoneLoginOrCreate, 'phone_number'>;
export type OtpEmailOptions = S.CallerOptions<typeof S.OtpEmailLoginOrCreate, 'email'>;
export interface OtpSendResponse extends BaseResponse {
  user_id: string;
  method_id: string;
  user_created?: boolean;
  phone_id?: string;
  email_id?: string;
}
export interface OtpAuthenticateResponse extends AuthenticateResponse {
  method_id: string;
  reset_sessions: boolean;
}

/** `otps`: sms, whatsapp and email codes, and their authenticate. */
export function otps(ctx: ApiContext) {
  const phone = (channel: 'sms' | 'whatsapp') => {
    const send = async (kind: 'loginOrCreate' | 'send', phone_number: string, options: OtpPhoneOptions) => {
      const body = check(`stytch.otps.${channel}.${kind}`, S.OtpPhoneLoginOrCreate, { phone_number, ...options });
      const path = kind === 'send' ? `/otps/${channel}/send/${primaryOrSecondary(ctx)}` : `/otps/${channel}/login_or_create`;
      return call<OtpSendResponse>(ctx, { method: 'POST', path, body: { ...body, ...(await protection(ctx)) } });
    };
    return {
      /** Sends a code, creating the user when new. */
      loginOrCreate: (phone_number: string, options: OtpPhoneOptions = {}) => send('loginOrCreate', phone_number, options),
      /** Sends a code to an existing user. */
      send: (phone_number: string, options: OtpPhoneOptions = {}) => send('send', phone_number, options),
    };
  };
  const emailSend = async (kind: 'loginOrCreate' | 'send', email: string, options: OtpEmailOptions) => {
    const body = check(`stytch.otps.email.${kind}`, S.OtpEmailLoginOrCreate, { email, ...options });
    const path = kind === 'send' ? `/otps/email/send/${primaryOrSecondary(ctx)}` : '/otps/email/login_or_create';
    return call<OtpSendResponse>(ctx, { method: 'POST', path, body: { ...body, ...(await protection(ctx)) } });
  };
  return {
    sms: phone('sms'),
    whatsapp: phone('whatsapp'),
    email: {
      /** Sends a code, creating the user when new. */
      loginOrCreate: (email: string, options: OtpEmailOptions = {}) => emailSend('loginOrCreate', email, options),
      /** Sends a code to an existing user. */
      send: (email: string, options: OtpEmailOptions = {}) => emailSend('send', email, options),
    },
    /** Checks a code against the method id the send answered. */
    async authenticate(code: string, method_id: string, options: { session_duration_minutes: number }): Promise<OtpAuthenticateResponse> {
      const body = check('stytch.otps.authenticate', S.OtpAuthenticate, { token: code, method_id, ...options });
      return authenticate(ctx, '/otps/authenticate', body);
    },
  };
}
