/** Session and user shapes of PROTOCOL.md. */

export interface AuthenticationFactor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  [extra: string]: unknown;
}

export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown>;
  roles: string[];
}

export interface User {
  user_id: string;
  created_at: string;
  status: string;
  name: { first_name: string; middle_name: string; last_name: string };
  emails: { email_id: string; email: string; verified: boolean }[];
  phone_numbers: { phone_id: string; phone_number: string; verified: boolean }[];
  providers: { provider_type: string; provider_subject: string; oauth_user_registration_id: string; [k: string]: unknown }[];
  crypto_wallets: { crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string; verified: boolean }[];
  totps: { totp_id: string; verified: boolean }[];
  webauthn_registrations: { webauthn_registration_id: string; domain: string; user_agent: string; verified: boolean; authenticator_type: string; name: string }[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  password: { password_id: string; requires_reset: boolean } | null;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  roles: string[];
}

/** Fields every answer carries. */
export interface BaseResponse {
  request_id: string;
  status_code: number;
}

/** The answer of every authenticate call. */
export interface AuthenticateResponse extends BaseResponse {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Session;
  user: User;
  [extra: string]: unknown;
}

/** Session tokens as kept in cookies. */
export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

/** The local state shared across tabs. */
export interface SessionState {
  session: Session | null;
  user: User | null;
}
