import * as S from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import { authenticate, call, protection, type ApiContext } from './context.ts';
import type { AuthenticateResponse, BaseResponse } from '../session/types.ts';
import type { StrengthCheckResult } from '../schemas/responses.ts';

export type PasswordCredentials = S.CallerOptions<typeof S.PasswordCreate>;
export type PasswordResetByEmailStartOptions = S.CallerOptions<typeof S.PasswordResetByEmailStart>;
/** The strength check's answer: the shared wire shape plus request_id and status_code. */
export interface StrengthCheckResponse extends BaseResponse, StrengthCheckResult {}
export interface PasswordAuthenticateResponse extends AuthenticateResponse {
  email_id?: string;
}

/** `passwords`: create, authenticate, strength check and the four resets. */
export function passwords(ctx: ApiContext) {
  return {
    /** Creates a user with a password. */
    async create(o: PasswordCredentials): Promise<PasswordAuthenticateResponse> {
      const body = check('stytch.passwords.create', S.PasswordCreate, o);
      return authenticate(ctx, '/passwords', { ...body, ...(await protection(ctx)) });
    },
    /** Logs in with email and password. */
    async authenticate(o: PasswordCredentials): Promise<PasswordAuthenticateResponse> {
      const body = check('stytch.passwords.authenticate', S.PasswordAuthenticate, o);
      return authenticate(ctx, '/passwords/authenticate', { ...body, ...(await protection(ctx)) });
    },
    /** Scores a candidate password (zxcvbn or LUDS, as the project is set up). */
    async strengthCheck(o: { email?: string; password: string }): Promise<StrengthCheckResponse> {
      const body = check('stytch.passwords.strengthCheck', S.PasswordStrengthCheck, o);
      return call(ctx, { method: 'POST', path: '/passwords/strength_check', body });
    },
    /** Emails a reset link, with a proof key in its own store when the project requires it. */
    async resetByEmailStart(o: PasswordResetByEmailStartOptions): Promise<BaseResponse> {
      const body = check('stytch.passwords.resetByEmailStart', S.PasswordResetByEmailStart, o);
      const b = await ctx.bootstrap.ready();
      const code_challenge = b.pkce_required_for_password_resets ? (await ctx.pkce.passwords.start()).code_challenge : undefined;
      return call(ctx, { method: 'POST', path: '/passwords/email/reset/start', body: { ...body, code_challenge, ...(await protection(ctx)) } });
    },
    /** Sets a new password from an emailed reset token. */
    async resetByEmail(o: { token: string; password: string; session_duration_minutes: number }): Promise<PasswordAuthenticateResponse> {
      const body = check('stytch.passwords.resetByEmail', S.PasswordResetByEmail, o);
      const r = await authenticate<PasswordAuthenticateResponse>(ctx, '/passwords/email/reset', { ...body, code_verifier: ctx.pkce.passwords.get()?.code_verifier });
      ctx.pkce.passwords.clear();
      return r;
    },
    /** Replaces a known password. */
    async resetByExistingPassword(o: { email: string; existing_password: string; new_password: string; session_duration_minutes: number }): Promise<PasswordAuthenticateResponse> {
      const body = check('stytch.passwords.resetByExistingPassword', S.PasswordResetByExisting, o);
      return authenticate(ctx, '/passwords/existing_password/reset', body);
    },
    /** Sets a password for the signed-in user. */
    async resetBySession(o: { password: string; session_duration_minutes: number }): Promise<PasswordAuthenticateResponse> {
      const body = check('stytch.passwords.resetBySession', S.PasswordResetBySession, o);
      return authenticate(ctx, '/passwords/session/reset', body);
    },
  };
}
