import { type ApiContext, authenticate, call } from './context.ts';
import { checkRequest } from './checks.ts';
import type { AuthenticateResponse, BaseResponse, Session, SessionTokens, User } from '../session/types.ts';
import type { CallerOptions, SessionsAttest } from '../schemas/requests.ts';
import type { GetConnectedAppsResponse } from './idp.ts';

type UserResponse = BaseResponse & User;
type DeleteResponse = BaseResponse & { user_id: string; user: User };
/** The official `SessionAttestOptions`: the trusted auth token profile, the token, the session's length. */
export type SessionAttestOptions = CallerOptions<typeof SessionsAttest>;

/** `user`: the signed-in user, its updates and the removal of each factor kind. */
export function user(ctx: ApiContext) {
  const remove =
    (kind: string, method: string) =>
    async (id: string): Promise<DeleteResponse> => {
      const since = ctx.session.since();
      await checkRequest(`stytch.user.${method}`, 'IdParam', id);
      const r = await call<DeleteResponse>(ctx, { method: 'DELETE', path: `/users/${kind}/${encodeURIComponent(id)}` });
      if (r.user) ctx.session.patch({ user: r.user }, since);
      return r;
    };
  return {
    /** Fetches the signed-in user and refreshes the local copy. */
    async get(): Promise<UserResponse> {
      const since = ctx.session.since();
      const r = await call<UserResponse>(ctx, { method: 'GET', path: '/users/me' });
      const { request_id: _r, status_code: _s, ...u } = r;
      ctx.session.patch({ user: u as User }, since);
      return r;
    },
    /** The locally known user, without a call. */
    getSync: (): User | null => ctx.session.get('user'),
    /** The user, and whether it is still the stored copy (no answer from the provider yet). */
    getInfo: () => ctx.session.info('user'),
    /** Updates the name or untrusted metadata. */
    async update(o: {
      name?: { first_name?: string; middle_name?: string; last_name?: string };
      untrusted_metadata?: Record<string, unknown>;
    }): Promise<BaseResponse & { user_id: string; user: User }> {
      const since = ctx.session.since();
      const body = await checkRequest('stytch.user.update', 'UsersUpdate', o);
      const r = await call<BaseResponse & { user_id: string; user: User }>(ctx, { method: 'PUT', path: '/users/me', body });
      if (r.user) ctx.session.patch({ user: r.user }, since);
      return r;
    },
    /** Called with the user whenever it changes (here or in another tab). */
    onChange: (l: (u: User | null) => void): (() => void) => ctx.session.on('user', l),
    /** The apps the user has allowed (connected apps), most recent first. */
    getConnectedApps: (): Promise<GetConnectedAppsResponse> => call<GetConnectedAppsResponse>(ctx, { method: 'GET', path: '/users/connected_apps' }),
    /** Revokes an app's access and every token it holds for the user (the official name, its typo kept). */
    async revokedConnectedApp(connectedAppId: string): Promise<BaseResponse> {
      await checkRequest('stytch.user.revokedConnectedApp', 'IdParam', connectedAppId);
      return call<BaseResponse>(ctx, { method: 'POST', path: `/users/connected_apps/${encodeURIComponent(connectedAppId)}/revoke` });
    },
    deleteEmail: remove('emails', 'deleteEmail'),
    deletePhoneNumber: remove('phone_numbers', 'deletePhoneNumber'),
    deleteTOTP: remove('totps', 'deleteTOTP'),
    deleteCryptoWallet: remove('crypto_wallets', 'deleteCryptoWallet'),
    deleteOAuthRegistration: remove('oauth', 'deleteOAuthRegistration'),
    deleteWebauthnRegistration: remove('webauthn_registrations', 'deleteWebauthnRegistration'),
    deleteBiometricRegistration: remove('biometric_registrations', 'deleteBiometricRegistration'),
  };
}

/** `session`: authenticate, attest, revoke and the local session. */
export function session(ctx: ApiContext) {
  return {
    /** Re-checks the session with the provider; non-recoverable errors sign out locally. */
    async authenticate(o: { session_duration_minutes?: number } = {}) {
      await checkRequest('stytch.session.authenticate', 'SessionsAuthenticate', o);
      await ctx.bootstrap.ready();
      return ctx.session.authenticate(o.session_duration_minutes);
    },
    /** Exchanges a JWT another system signed, for one of the project's trusted auth token profiles, for a session (it becomes the local one). */
    async attest(o: SessionAttestOptions): Promise<AuthenticateResponse> {
      return authenticate(ctx, '/sessions/attest', await checkRequest('stytch.session.attest', 'SessionsAttest', o));
    },
    /** Ends the session; `forceClear` clears local state even when the call fails. */
    async revoke(o: { forceClear?: boolean } = {}): Promise<unknown> {
      await ctx.bootstrap.ready();
      return ctx.session.revoke(!!o.forceClear);
    },
    getSync: (): Session | null => ctx.session.get('session'),
    /** The session, and whether it is still the stored copy (no answer from the provider yet). */
    getInfo: () => ctx.session.info('session'),
    getTokens: (): SessionTokens | null => ctx.session.getTokens(),
    /** Called with the session whenever it changes (here or in another tab). */
    onChange: (l: (s: Session | null) => void): (() => void) => ctx.session.on('session', l),
  };
}
