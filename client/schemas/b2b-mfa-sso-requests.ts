import * as v from 'valibot';
import { bool, LONG_TEXT_MAX_BYTES, nonEmpty, num, sessionDuration, str } from './fields.ts';

/*
 * B2B request bodies for MFA (TOTP, recovery codes, SMS passcodes), SSO and OAuth, named after
 * the official B2B headless client's methods. Fields the official client adds itself
 * (captcha, device fingerprint, intermediate session token, PKCE) are optional.
 */

const opt = v.optional;
const common = { captcha_token: opt(str(LONG_TEXT_MAX_BYTES)), dfp_telemetry_id: opt(str()), locale: opt(str()), intermediate_session_token: opt(str()) };
const mfaEnrollment = () => v.picklist(['enroll', 'unenroll'], 'must be enroll or unenroll');
const member = { organization_id: nonEmpty(), member_id: nonEmpty() };

export const TotpCreate = v.object({ ...member, expiration_minutes: opt(num()), ...common });
export const TotpAuthenticate = v.object({
  ...member,
  code: nonEmpty(),
  session_duration_minutes: sessionDuration(),
  set_mfa_enrollment: opt(mfaEnrollment()),
  set_default_mfa: opt(bool()),
  ...common,
});
export const RecoveryCodesRecover = v.object({ ...member, recovery_code: nonEmpty(), session_duration_minutes: sessionDuration(), ...common });
export const SmsSend = v.object({
  ...member,
  mfa_phone_number: opt(str()),
  enable_autofill: opt(bool()),
  autofill_session_duration_minutes: opt(num()),
  ...common,
});
export const SmsAuthenticate = v.object({
  ...member,
  code: nonEmpty(),
  session_duration_minutes: sessionDuration(),
  set_mfa_enrollment: opt(mfaEnrollment()),
  ...common,
});

/** An SSO connection's role rules: roles for everyone who signs in through it, and by the groups the IdP names. */
const roleAssignments = () => v.array(v.object({ role_id: nonEmpty() }), 'must be an array of role assignments');
const groupRoleAssignments = () => v.array(v.object({ role_id: nonEmpty(), group: nonEmpty() }), 'must be an array of group role assignments');

export const SsoAuthenticate = v.object({ sso_token: nonEmpty(), session_duration_minutes: sessionDuration(), pkce_code_verifier: opt(str()), ...common });
export const SsoCreateConnection = v.object({ display_name: opt(str()), identity_provider: opt(str()) });
export const SamlUpdateConnection = v.object({
  connection_id: opt(str()),
  idp_entity_id: opt(str()),
  display_name: opt(str()),
  attribute_mapping: opt(v.record(str(), str(), 'must be an object of strings')),
  idp_sso_url: opt(str()),
  x509_certificate: opt(str(LONG_TEXT_MAX_BYTES)),
  identity_provider: opt(str()),
  // Roles every member signing in through the connection holds, and those a SAML group grants.
  saml_connection_implicit_role_assignments: opt(roleAssignments()),
  saml_group_implicit_role_assignments: opt(groupRoleAssignments()),
});
/**
 * An external connection (`sso.external.createConnection`): another organization's SAML or OIDC
 * connection this organization signs in through. The role rules are the server API's (the
 * official browser client sends only the first three fields).
 */
export const ExternalCreateConnection = v.object({
  external_organization_id: nonEmpty(),
  external_connection_id: nonEmpty(),
  display_name: opt(str()),
  connection_implicit_role_assignments: opt(roleAssignments()),
  group_implicit_role_assignments: opt(groupRoleAssignments()),
});
export const ExternalUpdateConnection = v.object({
  connection_id: opt(str()),
  display_name: opt(str()),
  external_connection_implicit_role_assignments: opt(roleAssignments()),
  external_group_implicit_role_assignments: opt(groupRoleAssignments()),
});
/** A SAML connection's IdP settings read from the IdP's metadata URL (`sso.saml.updateConnectionByURL`, the Node SDK's `updateByURL`). */
export const SamlUpdateByUrl = v.object({ connection_id: opt(str()), metadata_url: nonEmpty() });
export const OidcUpdateConnection = v.object({
  connection_id: opt(str()),
  display_name: opt(str()),
  issuer: opt(str()),
  client_id: opt(str()),
  client_secret: opt(str()),
  authorization_url: opt(str()),
  token_url: opt(str()),
  userinfo_url: opt(str()),
  jwks_url: opt(str()),
  identity_provider: opt(str()),
  custom_scopes: opt(str()),
  attribute_mapping: opt(v.record(str(), str(), 'must be an object of strings')),
});

export const OAuthAuthenticate = v.object({ oauth_token: nonEmpty(), session_duration_minutes: sessionDuration(), pkce_code_verifier: opt(str()), ...common });
export const OAuthDiscoveryAuthenticate = v.object({ discovery_oauth_token: nonEmpty(), pkce_code_verifier: opt(str()), session_duration_minutes: opt(sessionDuration()), ...common });

/** Google One Tap's credential for an organization's sign-in, or for discovery (the official B2B client's bodies). */
const pkceChallenge = opt(v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url SHA-256 of the code verifier (43 characters)')));
export const OneTapSubmit = v.object({
  id_token: nonEmpty(LONG_TEXT_MAX_BYTES),
  organization_id: nonEmpty(),
  login_redirect_url: opt(str()),
  signup_redirect_url: opt(str()),
  pkce_code_challenge: pkceChallenge,
});
export const OneTapDiscoverySubmit = v.object({ id_token: nonEmpty(LONG_TEXT_MAX_BYTES), discovery_redirect_url: opt(str()), pkce_code_challenge: pkceChallenge });

/** The query of the browser's SSO start (`/v1/public/sso/start`). */
export const SsoStartQuery = v.object({
  public_token: nonEmpty(),
  connection_id: nonEmpty(),
  pkce_code_challenge: opt(str()),
  login_redirect_url: opt(str()),
  signup_redirect_url: opt(str()),
});
