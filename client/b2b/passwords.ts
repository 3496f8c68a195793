import type * as P from '../schemas/b2b-password-requests.ts';
import { authenticate, call, protection } from '../api/context.ts';
import type { BaseResponse } from '../session/types.ts';
import type { CallerOptions } from '../schemas/requests.ts';
import type { B2BStrengthCheckResult } from '../schemas/responses.ts';
import { check, schemas } from '../schemas/checked-b2b-requests.ts';
import { type B2BContext, challengeFor, ist } from './context.ts';
import type { B2BAuthenticateResponse, B2BDiscoveryAuthenticateResponse } from './types.ts';

type Own = 'code_verifier' | 'intermediate_session_token';
export type B2BPasswordAuthenticateOptions = CallerOptions<typeof P.PasswordsAuthenticate, Own>;
export type B2BPasswordResetByEmailStartOptions = CallerOptions<typeof P.PasswordsResetByEmailStart>;
export type B2BPasswordDiscoveryResetByEmailStartOptions = CallerOptions<typeof P.PasswordsDiscoveryResetByEmailStart, 'pkce_code_challenge'>;
export type B2BPasswordResetByEmailOptions = CallerOptions<typeof P.PasswordsResetByEmail, Own>;
export type B2BPasswordResetByExistingOptions = CallerOptions<typeof P.PasswordsResetByExisting>;
export type B2BPasswordResetBySessionOptions = CallerOptions<typeof P.PasswordsResetBySession>;
/** The strength check's answer: the B2B wire shape plus request_id and status_code. */
export interface B2BStrengthCheckResponse extends BaseResponse, B2BStrengthCheckResult {}

/** `passwords`: organization sign-in, strength check and the three resets. */
export function b2bPasswords(ctx: B2BContext) {
  const store = ctx.pkce.passwords;
  return {
    /** Signs in to one organization with email and password. */
    async authenticate(o: B2BPasswordAuthenticateOptions): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.passwords.authenticate', schemas.PasswordsAuthenticate, o);
      return authenticate(ctx, '/b2b/passwords/authenticate', { ...body, code_verifier: store.get()?.code_verifier, intermediate_session_token: ist(ctx), ...(await protection(ctx)) });
    },
    discovery: {
      /** Emails a discovery reset link (any address: it may join or create an organization after). */
      async resetByEmailStart(o: B2BPasswordDiscoveryResetByEmailStartOptions): Promise<BaseResponse> {
        const body = check('stytch.passwords.discovery.resetByEmailStart', schemas.PasswordsDiscoveryResetByEmailStart, o);
        const pkce_code_challenge = await challengeFor(store, (await ctx.bootstrap.ready()).pkce_required_for_password_resets);
        return call(ctx, { method: 'POST', path: '/b2b/passwords/discovery/reset/start', body: { ...body, pkce_code_challenge, ...(await protection(ctx)) } });
      },
      /** Sets the address's password from a discovery reset link: an intermediate session and the organizations it may enter. */
      async resetByEmail(o: { password_reset_token: string; password: string }): Promise<B2BDiscoveryAuthenticateResponse> {
        const body = check('stytch.passwords.discovery.resetByEmail', schemas.PasswordsDiscoveryResetByEmail, o);
        const r = await authenticate<B2BDiscoveryAuthenticateResponse>(ctx, '/b2b/passwords/discovery/reset', {
          ...body,
          pkce_code_verifier: store.get()?.code_verifier,
          intermediate_session_token: ist(ctx),
          ...(await protection(ctx)),
        });
        store.clear();
        return r;
      },
      /** Email and password without an organization: an intermediate session and the organizations the address may enter. */
      async authenticate(o: { email_address: string; password: string }): Promise<B2BDiscoveryAuthenticateResponse> {
        const body = check('stytch.passwords.discovery.authenticate', schemas.PasswordsDiscoveryAuthenticate, o);
        return authenticate(ctx, '/b2b/passwords/discovery/authenticate', { ...body, code_verifier: store.get()?.code_verifier, ...(await protection(ctx)) });
      },
    },
    /** Scores a candidate password (zxcvbn or LUDS, as the project is set up). */
    async strengthCheck(o: { email_address?: string; password: string }): Promise<B2BStrengthCheckResponse> {
      const body = check('stytch.passwords.strengthCheck', schemas.PasswordsStrengthCheck, o);
      return call(ctx, { method: 'POST', path: '/b2b/passwords/strength_check', body });
    },
    /** Emails a reset link, with a proof key in its own store when the project requires it. */
    async resetByEmailStart(o: B2BPasswordResetByEmailStartOptions): Promise<BaseResponse & { member_id: string; member_email_id?: string }> {
      const body = check('stytch.passwords.resetByEmailStart', schemas.PasswordsResetByEmailStart, o);
      const code_challenge = await challengeFor(store, (await ctx.bootstrap.ready()).pkce_required_for_password_resets);
      return call(ctx, { method: 'POST', path: '/b2b/passwords/email/reset/start', body: { ...body, code_challenge, ...(await protection(ctx)) } });
    },
    /** Sets a new password from an emailed reset token. */
    async resetByEmail(o: B2BPasswordResetByEmailOptions): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.passwords.resetByEmail', schemas.PasswordsResetByEmail, o);
      const r = await authenticate<B2BAuthenticateResponse>(ctx, '/b2b/passwords/email/reset', {
        ...body,
        code_verifier: store.get()?.code_verifier,
        intermediate_session_token: ist(ctx),
        ...(await protection(ctx)),
      });
      store.clear();
      return r;
    },
    /** Replaces a known password. */
    async resetByExistingPassword(o: B2BPasswordResetByExistingOptions): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.passwords.resetByExistingPassword', schemas.PasswordsResetByExisting, o);
      return authenticate(ctx, '/b2b/passwords/existing_password/reset', { ...body, ...(await protection(ctx)) });
    },
    /** Sets a password for the signed-in member. */
    async resetBySession(o: B2BPasswordResetBySessionOptions): Promise<B2BAuthenticateResponse> {
      const body = check('stytch.passwords.resetBySession', schemas.PasswordsResetBySession, o);
      return authenticate(ctx, '/b2b/passwords/session/reset', { ...body, ...(await protection(ctx)) });
    },
  };
}
