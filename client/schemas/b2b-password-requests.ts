import * as v from 'valibot';
import { email, LONG_TEXT_MAX_BYTES, nonEmpty, num, sessionDuration, str } from './fields.ts';

/*
 * B2B password request bodies (`/sdk/v1/b2b/passwords`), named after the official B2B headless
 * client's methods. Fields the official client adds itself (captcha, device fingerprint,
 * intermediate session token, PKCE) are optional.
 */

const opt = v.optional;
const common = { captcha_token: opt(str(LONG_TEXT_MAX_BYTES)), dfp_telemetry_id: opt(str()), locale: opt(str()) };

export const PasswordsAuthenticate = v.object({
  organization_id: nonEmpty(),
  email_address: email(),
  password: nonEmpty(),
  session_duration_minutes: sessionDuration(),
  code_verifier: opt(str()),
  intermediate_session_token: opt(str()),
  ...common,
});
/** Discovery sign-in: no organization; `code_verifier` as the official client sends it. */
export const PasswordsDiscoveryAuthenticate = v.object({ email_address: email(), password: nonEmpty(), code_verifier: opt(str()), ...common });
/** A discovery reset link; the official client names its PKCE fields `pkce_code_challenge` and `pkce_code_verifier` here. */
export const PasswordsDiscoveryResetByEmailStart = v.object({
  email_address: email(),
  discovery_redirect_url: opt(str()),
  reset_password_redirect_url: opt(str()),
  reset_password_expiration_minutes: opt(num()),
  reset_password_template_id: opt(str()),
  verify_email_template_id: opt(str()),
  pkce_code_challenge: opt(str()),
  ...common,
});
export const PasswordsDiscoveryResetByEmail = v.object({
  password_reset_token: nonEmpty(),
  password: nonEmpty(),
  pkce_code_verifier: opt(str()),
  intermediate_session_token: opt(str()),
  ...common,
});
export const PasswordsStrengthCheck = v.object({ email_address: opt(str()), password: str() });
export const PasswordsResetByEmailStart = v.object({
  organization_id: nonEmpty(),
  email_address: email(),
  login_redirect_url: opt(str()),
  reset_password_redirect_url: opt(str()),
  reset_password_expiration_minutes: opt(num()),
  reset_password_template_id: opt(str()),
  verify_email_template_id: opt(str()),
  code_challenge: opt(str()),
  ...common,
});
export const PasswordsResetByEmail = v.object({
  password_reset_token: nonEmpty(),
  password: nonEmpty(),
  session_duration_minutes: sessionDuration(),
  code_verifier: opt(str()),
  intermediate_session_token: opt(str()),
  ...common,
});
export const PasswordsResetByExisting = v.object({
  organization_id: nonEmpty(),
  email_address: email(),
  existing_password: nonEmpty(),
  new_password: nonEmpty(),
  session_duration_minutes: sessionDuration(),
  ...common,
});
/** The official client sends no session duration here: the member session keeps its own. */
export const PasswordsResetBySession = v.object({ password: nonEmpty(), session_duration_minutes: opt(sessionDuration()), ...common });
