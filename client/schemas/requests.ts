import * as v from 'valibot';
import { bool, email, LONG_TEXT_MAX_BYTES, nonEmpty, num, otpExpiration, record, sessionDuration, str, strArray } from './fields.ts';

/* One schema per request body of SPEC §7. Optional fields stay optional: undefined is omitted on the wire. */

const opt = v.optional;

/** A method's options as its caller writes them: the request schema less what the client adds itself. */
export type CallerOptions<S extends v.GenericSchema, Own extends string = never> = Omit<v.InferInput<S>, Own | 'code_challenge' | 'captcha_token' | 'dfp_telemetry_id'>;

/*
 * Field groups several bodies share, spread in the order each body lists its fields (the
 * first bad field is the one an error names).
 */
/** The bot checks the client adds to a send or a start itself (captcha, device fingerprint). */
const botChecks = { captcha_token: opt(str(LONG_TEXT_MAX_BYTES)), dfp_telemetry_id: opt(str()) };
const loginOrSignupTemplates = { login_template_id: opt(str()), signup_template_id: opt(str()) };
/** A magic link's address, its two landing pages and lifetimes, its templates and PKCE challenge. */
const magicLinkSend = {
  email: email(),
  login_magic_link_url: opt(str()),
  signup_magic_link_url: opt(str()),
  login_expiration_minutes: opt(num()),
  signup_expiration_minutes: opt(num()),
  ...loginOrSignupTemplates,
  code_challenge: opt(str()),
  ...botChecks,
};
const wallet = { crypto_wallet_address: nonEmpty(), crypto_wallet_type: v.picklist(['ethereum', 'solana'], 'must be ethereum or solana') };
/** What kind of passkey or security key a registration asks for. */
const authenticatorKind = { domain: opt(str()), authenticator_type: opt(str()), is_passkey: opt(bool()) };
/** The names a registration gives the user instead of the account's, and the encoding of its options. */
const registrationOverrides = { override_id: opt(str()), override_name: opt(str()), override_display_name: opt(str()), use_base64_url_encoding: opt(bool()) };

export const UsersSearch = v.object({ email: email() });
export const UsersUpdate = v.object({ untrusted_metadata: opt(record()), name: opt(v.object({ first_name: opt(str()), middle_name: opt(str()), last_name: opt(str()) }, 'must be an object')) });
export const B2BMemberSearch = v.object({ email_address: email(), organization_id: nonEmpty() });

export const SessionsAuthenticate = v.object({ session_duration_minutes: opt(sessionDuration()) });
/** `session.attest`: a JWT another system signed, for one of the project's trusted auth token profiles; the session to add it to, if not the caller's. */
export const SessionsAttest = v.object({
  profile_id: nonEmpty(),
  token: nonEmpty(LONG_TEXT_MAX_BYTES),
  session_duration_minutes: opt(sessionDuration()),
  session_token: opt(nonEmpty()),
  session_jwt: opt(nonEmpty(LONG_TEXT_MAX_BYTES)),
});

/** `link_request` (ours, additive): also open a cross-device request, answered as `link_request` (provider/services/link-requests.ts). */
export const MagicLinkLoginOrCreate = v.object({ ...magicLinkSend, create_user_as_pending: opt(bool()), locale: opt(str()), link_request: opt(bool()) });
export const MagicLinkSend = v.object({ ...magicLinkSend, locale: opt(str()) });
export const MagicLinkAuthenticate = v.object({ token: nonEmpty(), code_verifier: opt(str()), session_duration_minutes: sessionDuration() });
/** Cross-device magic links (ours): the link's page looks up and confirms its token; the asking tab polls its request. */
export const LinkRequestLookup = v.object({ token: nonEmpty() });
export const LinkRequestConfirm = v.object({ token: nonEmpty(), code: nonEmpty(), sign_in_here: opt(bool()), session_duration_minutes: opt(sessionDuration()) });
export const LinkRequestPoll = v.object({ request_id: nonEmpty(), secret: nonEmpty(), session_duration_minutes: opt(sessionDuration()) });

export const OtpPhoneLoginOrCreate = v.object({ phone_number: nonEmpty(), expiration_minutes: opt(otpExpiration()), locale: opt(str()), ...botChecks });
export const OtpEmailLoginOrCreate = v.object({ email: email(), expiration_minutes: opt(otpExpiration()), ...loginOrSignupTemplates, locale: opt(str()), ...botChecks });
export const OtpAuthenticate = v.object({ token: nonEmpty(), method_id: nonEmpty(), session_duration_minutes: sessionDuration() });

export const OAuthAuthenticate = v.object({ token: nonEmpty(), code_verifier: opt(str()), session_duration_minutes: sessionDuration() });

/** Sign-In With Ethereum options (EIP-4361 fields the caller may choose). */
export const SiweParams = v.object({
  uri: opt(str()),
  chain_id: opt(str()),
  issued_at: opt(str()),
  statement: opt(str()),
  not_before: opt(str()),
  message_request_id: opt(str()),
  resources: opt(strArray()),
});
export const CryptoAuthenticateStart = v.object({ ...wallet, siwe_params: opt(SiweParams), ...botChecks });
export const CryptoAuthenticate = v.object({ ...wallet, signature: nonEmpty(), session_duration_minutes: sessionDuration(), ...botChecks });

export const TotpCreate = v.object({ expiration_minutes: num() });
export const TotpAuthenticate = v.object({ totp_code: nonEmpty(), session_duration_minutes: sessionDuration() });
export const TotpRecover = v.object({ recovery_code: nonEmpty(), session_duration_minutes: sessionDuration() });

export const WebAuthnRegisterStart = v.object({
  ...authenticatorKind,
  user_agent: opt(str()),
  return_passkey_credential_options: opt(bool()),
  ...registrationOverrides,
  // Ours (the hosted provider has none): the ceremony is a conditional create, the passkey upgrade after a sign-in.
  conditional_mediation: opt(bool()),
});
export const WebAuthnRegister = v.object({ public_key_credential: nonEmpty(LONG_TEXT_MAX_BYTES), session_duration_minutes: opt(sessionDuration()) });
export const WebAuthnAuthenticateStart = v.object({ domain: opt(str()), is_passkey: opt(bool()), return_passkey_credential_options: opt(bool()) });
export const WebAuthnAuthenticate = v.object({ public_key_credential: nonEmpty(LONG_TEXT_MAX_BYTES), session_duration_minutes: sessionDuration() });
export const WebAuthnUpdate = v.object({ name: nonEmpty() });

export const PasswordCreate = v.object({ email: email(), password: nonEmpty(), session_duration_minutes: sessionDuration() });
export const PasswordAuthenticate = PasswordCreate;
export const PasswordStrengthCheck = v.object({ email: opt(str()), password: str() });
export const PasswordResetByEmailStart = v.object({
  email: email(),
  login_redirect_url: opt(str()),
  reset_password_redirect_url: opt(str()),
  reset_password_expiration_minutes: opt(num()),
  reset_password_template_id: opt(str()),
  code_challenge: opt(str()),
  locale: opt(str()),
  ...botChecks,
});
export const PasswordResetByEmail = v.object({ token: nonEmpty(), password: nonEmpty(), code_verifier: opt(str()), session_duration_minutes: sessionDuration() });
export const PasswordResetByExisting = v.object({ email: email(), existing_password: nonEmpty(), new_password: nonEmpty(), session_duration_minutes: sessionDuration() });
export const PasswordResetBySession = v.object({ password: nonEmpty(), session_duration_minutes: sessionDuration() });

export { OAuthProviders, type OAuthProvider } from './oauth-providers.ts';
export const OAuthStartQuery = v.object({
  public_token: nonEmpty(),
  code_challenge: opt(str()),
  custom_scopes: opt(str()),
  login_redirect_url: opt(str()),
  signup_redirect_url: opt(str()),
});

export const TelemetryEvent = v.object({
  telemetry: record(),
  event: v.object({
    public_token: str(),
    event_name: str(),
    details: opt(v.unknown()),
    error_code: opt(v.unknown()),
    error_description: opt(v.unknown()),
    http_status_code: opt(v.unknown()),
  }),
});
/** The client sends at most 15 events a batch (SPEC §9); the provider takes no more. */
export const TELEMETRY_MAX_BATCH = 15;
export const TelemetryBatch = v.pipe(v.array(TelemetryEvent, 'must be an array'), v.maxLength(TELEMETRY_MAX_BATCH, `must have at most ${TELEMETRY_MAX_BATCH} events`));

/* Client-side option objects (not wire bodies) checked before a call. */
export const OAuthStartOptions = v.object({
  login_redirect_url: opt(str()),
  signup_redirect_url: opt(str()),
  custom_scopes: opt(strArray()),
  provider_params: opt(v.record(str(), str(), 'must be an object')),
});
export const WebAuthnRegisterOptions = v.object({ ...authenticatorKind, session_duration_minutes: opt(sessionDuration()), ...registrationOverrides, conditional_mediation: opt(bool()) });
export const WebAuthnAuthenticateOptions = v.object({
  domain: opt(str()),
  session_duration_minutes: sessionDuration(),
  is_passkey: opt(bool()),
  conditional_mediation: opt(bool()),
});
export const WebAuthnUpdateOptions = v.object({ webauthn_registration_id: nonEmpty(), name: nonEmpty() });
export const IdParam = nonEmpty();

/*
 * Connected apps (the provider as an OAuth authorization server): what the consent element
 * reads from its page's query and posts. Unknown fields are dropped (the element sends the
 * whole request, `state` and `nonce` with a start); `resources` is the element's name for the
 * repeated `resource` parameter, `resource` the headless types'.
 */
const scopeList = () => v.pipe(v.array(v.pipe(str(), v.maxLength(200, 'must be at most 200 characters')), 'must be an array of strings'), v.maxLength(50, 'must have at most 50 scopes'));
const resourceList = () => v.pipe(v.array(v.pipe(str(), v.maxLength(2000, 'must be at most 2000 characters')), 'must be an array of strings'), v.maxLength(10, 'must have at most 10 resources'));
const authorizeFields = {
  client_id: v.pipe(nonEmpty(), v.maxLength(2000, 'must be at most 2000 characters')),
  redirect_uri: v.pipe(nonEmpty(), v.maxLength(2000, 'must be at most 2000 characters')),
  response_type: opt(str(), 'code'),
  scopes: opt(scopeList(), ['openid', 'email', 'profile']),
  prompt: opt(v.pipe(str(), v.maxLength(100, 'must be at most 100 characters'))),
};
export const IdpAuthorizeStart = v.object(authorizeFields);
export const IdpAuthorizeSubmit = v.object({
  ...authorizeFields,
  consent_granted: bool(),
  state: opt(v.pipe(str(), v.maxLength(2000, 'must be at most 2000 characters'))),
  nonce: opt(v.pipe(str(), v.maxLength(500, 'must be at most 500 characters'))),
  code_challenge: opt(str()),
  code_challenge_method: opt(str()),
  resources: opt(resourceList()),
  resource: opt(v.union([resourceList(), str()], 'must be a string or an array of strings')),
});
export const OAuthLogoutStart = v.object({
  client_id: v.pipe(nonEmpty(), v.maxLength(2000, 'must be at most 2000 characters')),
  post_logout_redirect_uri: v.pipe(nonEmpty(), v.maxLength(2000, 'must be at most 2000 characters')),
  state: opt(v.pipe(str(), v.maxLength(2000, 'must be at most 2000 characters'))),
  id_token_hint: opt(v.pipe(str(), v.maxLength(10_000, 'must be at most 10000 characters'))),
});
