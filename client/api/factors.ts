import * as S from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import { authenticate, call, primaryOrSecondary, protection, type ApiContext } from './context.ts';
import type { AuthenticateResponse, BaseResponse } from '../session/types.ts';

type WalletType = 'ethereum' | 'solana';
/** Sign-In With Ethereum options; uri defaults to the page's origin. */
export type SiweParams = { uri?: string; chain_id?: string; issued_at?: string; statement?: string; not_before?: string; message_request_id?: string; resources?: string[] };
export interface CryptoWalletAuthenticateStartResponse extends BaseResponse {
  challenge: string;
  user_created: boolean;
}
export interface TotpCreateResponse extends BaseResponse {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
  user_id: string;
  user: unknown;
}
export interface TotpRecoveryCodesResponse extends BaseResponse {
  user_id: string;
  totps: { totp_id: string; verified: boolean; recovery_codes: string[] }[];
}
export interface TotpAuthenticateResponse extends AuthenticateResponse {
  totp_id: string;
}

/** `cryptoWallets`: challenge start and signature authenticate. */
export function cryptoWallets(ctx: ApiContext) {
  return {
    /**
     * Asks for a challenge message for the wallet to sign. When the project requires
     * Sign-In With Ethereum, Ethereum wallets send siwe_params with the page's origin as
     * the default URI (the provider binds the message to it); otherwise none is sent.
     */
    async authenticateStart(o: { crypto_wallet_address: string; crypto_wallet_type: WalletType; siwe_params?: SiweParams }): Promise<CryptoWalletAuthenticateStartResponse> {
      const req = check('stytch.cryptoWallets.authenticateStart', S.CryptoAuthenticateStart, o);
      const b = await ctx.bootstrap.ready();
      const siwe = b.siwe_required_for_crypto_wallets && req.crypto_wallet_type === 'ethereum' ? { ...req.siwe_params, uri: req.siwe_params?.uri || ctx.env.location.origin } : undefined;
      const body = { crypto_wallet_address: req.crypto_wallet_address, crypto_wallet_type: req.crypto_wallet_type, siwe_params: siwe };
      return call(ctx, { method: 'POST', path: `/crypto_wallets/authenticate/start/${primaryOrSecondary(ctx)}`, body: { ...body, ...(await protection(ctx)) } });
    },
    /** Verifies the signed challenge. */
    async authenticate(o: { crypto_wallet_address: string; crypto_wallet_type: WalletType; signature: string; session_duration_minutes: number }): Promise<AuthenticateResponse> {
      const body = check('stytch.cryptoWallets.authenticate', S.CryptoAuthenticate, o);
      return authenticate(ctx, '/crypto_wallets/authenticate', { ...body, ...(await protection(ctx)) });
    },
  };
}

/** `totps`: create, authenticate, recovery codes, recover. */
export function totps(ctx: ApiContext) {
  return {
    /** Creates an authenticator-app secret for the signed-in user. */
    async create(o: { expiration_minutes: number }): Promise<TotpCreateResponse> {
      const body = check('stytch.totps.create', S.TotpCreate, o);
      return call(ctx, { method: 'POST', path: '/totps', body });
    },
    /** Checks an authenticator-app code. */
    async authenticate(o: { totp_code: string; session_duration_minutes: number }): Promise<TotpAuthenticateResponse> {
      return authenticate(ctx, '/totps/authenticate', check('stytch.totps.authenticate', S.TotpAuthenticate, o));
    },
    /** Lists the signed-in user's recovery codes. */
    async recoveryCodes(): Promise<TotpRecoveryCodesResponse> {
      return call(ctx, { method: 'POST', path: '/totps/recovery_codes', body: {} });
    },
    /** Signs in with a recovery code. */
    async recover(o: { recovery_code: string; session_duration_minutes: number }): Promise<TotpAuthenticateResponse> {
      return authenticate(ctx, '/totps/recover', check('stytch.totps.recover', S.TotpRecover, o));
    },
  };
}

/** The user lookups the widget needs before choosing a flow. */
export function search(ctx: ApiContext) {
  return {
    /** Whether an email belongs to a new, password or passwordless user. */
    async searchUser(email: string): Promise<BaseResponse & { userType: 'new' | 'password' | 'passwordless' }> {
      const body = check('stytch.user.search', S.UsersSearch, { email });
      return call(ctx, { method: 'POST', path: '/users/search', body: { ...body, ...(await protection(ctx)) } });
    },
    /** Looks up a B2B organization member by email. */
    async searchMember(email_address: string, organization_id: string): Promise<BaseResponse & { member: unknown; organization: unknown }> {
      const body = check('stytch.organizations.members.search', S.B2BMemberSearch, { email_address, organization_id });
      return call(ctx, { method: 'POST', path: '/b2b/organizations/members/search', body });
    },
  };
}
