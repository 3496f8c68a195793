import * as v from 'valibot';
import { B2B_AUTH_METHODS } from './b2b-oauth-providers.ts';
import { bool, email, LONG_TEXT_MAX_BYTES, nonEmpty, num, otpExpiration, record, sessionDuration, str, strArray } from './fields.ts';
import { SessionsAttest as B2CSessionsAttest } from './requests.ts';

/*
 * One schema per B2B request body (`/sdk/v1/b2b`), named after the official B2B headless
 * client's methods. Fields the official client adds itself (captcha, device fingerprint,
 * intermediate session token, PKCE) are optional here; unknown fields are ignored.
 */

const opt = v.optional;
const provisioning = () => v.picklist(['ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED'], 'must be ALL_ALLOWED, RESTRICTED or NOT_ALLOWED');
const authMethods = () => v.array(v.picklist(B2B_AUTH_METHODS, 'must be a B2B auth method'), 'must be an array of auth methods');
const common = { captcha_token: opt(str(LONG_TEXT_MAX_BYTES)), dfp_telemetry_id: opt(str()), locale: opt(str()) };
const allOrRestricted = () => v.picklist(['ALL_ALLOWED', 'RESTRICTED'], 'must be ALL_ALLOWED or RESTRICTED');
const mfaMethod = () => v.picklist(['sms_otp', 'totp'], 'must be sms_otp or totp');
const mfaMethods = () => v.array(mfaMethod(), 'must be an array of MFA methods');

/*
 * Field groups several bodies share, spread in the order each body lists its fields (the
 * first bad field is the one an error names).
 */
/** Sign-in to one organization by address. */
const orgSignIn = { organization_id: nonEmpty(), email_address: email() };
/** What an authenticate that may end in a session (or an intermediate one) also takes. */
const sessionOutcome = { session_duration_minutes: sessionDuration(), intermediate_session_token: opt(str()) };
const loginOrSignupTemplates = { login_template_id: opt(str()), signup_template_id: opt(str()) };
const loginOrSignupExpirations = <S extends v.GenericSchema<unknown, number>>(minutes: () => S) => ({ login_expiration_minutes: opt(minutes()), signup_expiration_minutes: opt(minutes()) });
/** An organization's name, slug and logo. */
const orgIdentity = { organization_name: opt(str()), organization_slug: opt(str()), organization_logo_url: opt(str()) };
/** An organization's email, auth-method and MFA policies. */
const orgPolicies = {
  email_allowed_domains: opt(strArray()),
  email_jit_provisioning: opt(provisioning()),
  email_invites: opt(provisioning()),
  auth_methods: opt(allOrRestricted()),
  allowed_auth_methods: opt(authMethods()),
  mfa_policy: opt(v.picklist(['OPTIONAL', 'REQUIRED_FOR_ALL'], 'must be OPTIONAL or REQUIRED_FOR_ALL')),
  mfa_methods: opt(allOrRestricted()),
  allowed_mfa_methods: opt(mfaMethods()),
  rbac_email_implicit_role_assignments: opt(v.array(v.object({ domain: nonEmpty(), role_id: nonEmpty() }), 'must be an array of { domain, role_id }')),
};
/** An organization's connected-apps policy: which of the project's apps its members may grant to (the server API's discovery create takes it too; the browser's does not). */
export const orgAppPolicy = {
  first_party_connected_apps_allowed_type: opt(provisioning()),
  allowed_first_party_connected_apps: opt(strArray()),
  third_party_connected_apps_allowed_type: opt(provisioning()),
  allowed_third_party_connected_apps: opt(strArray()),
};
/** A member's name and metadata. */
const memberProfile = { name: opt(str()), untrusted_metadata: opt(record()) };
/** What an admin sets about a member's security. */
const memberSecurity = { is_breakglass: opt(bool()), mfa_phone_number: opt(str()), mfa_enrolled: opt(bool()), roles: opt(strArray()) };

export const MagicLinksDiscoverySend = v.object({
  email_address: email(),
  discovery_redirect_url: opt(str()),
  login_template_id: opt(str()),
  discovery_expiration_minutes: opt(num()),
  pkce_code_challenge: opt(str()),
  ...common,
});
export const MagicLinksDiscoveryAuthenticate = v.object({ discovery_magic_links_token: nonEmpty(), pkce_code_verifier: opt(str()), ...common });

export const MagicLinksLoginOrSignup = v.object({
  ...orgSignIn,
  login_redirect_url: opt(str()),
  signup_redirect_url: opt(str()),
  ...loginOrSignupTemplates,
  ...loginOrSignupExpirations(num),
  pkce_code_challenge: opt(str()),
  ...common,
});
export const MagicLinksInvite = v.object({
  email_address: email(),
  invite_redirect_url: opt(str()),
  invite_template_id: opt(str()),
  name: opt(str()),
  roles: opt(strArray()),
  invite_expiration_minutes: opt(num()),
  untrusted_metadata: opt(record()),
  ...common,
});
export const MagicLinksAuthenticate = v.object({
  magic_links_token: nonEmpty(),
  pkce_code_verifier: opt(str()),
  ...sessionOutcome,
  ...common,
});

export const OtpEmailDiscoverySend = v.object({ email_address: email(), login_template_id: opt(str()), discovery_expiration_minutes: opt(otpExpiration()), ...common });
export const OtpEmailDiscoveryAuthenticate = v.object({ email_address: email(), code: nonEmpty(), ...common });
export const OtpEmailLoginOrSignup = v.object({ ...orgSignIn, ...loginOrSignupTemplates, ...loginOrSignupExpirations(otpExpiration), ...common });
export const OtpEmailAuthenticate = v.object({ ...orgSignIn, code: nonEmpty(), ...sessionOutcome, ...common });

export const DiscoveryOrganizations = v.object({ intermediate_session_token: opt(str()) });
export const DiscoveryOrganizationsCreate = v.object({
  intermediate_session_token: opt(str()),
  session_duration_minutes: sessionDuration(),
  ...orgIdentity,
  sso_jit_provisioning: opt(provisioning()),
  ...orgPolicies,
});
export const DiscoveryIntermediateSessionsExchange = v.object({
  intermediate_session_token: opt(str()),
  organization_id: nonEmpty(),
  session_duration_minutes: sessionDuration(),
  locale: opt(str()),
});

export const SessionsAuthenticate = v.object({ session_duration_minutes: opt(sessionDuration()) });
/** `session.attest` (B2B): the B2C fields, and the organization when the token names none. */
export const SessionsAttest = v.object({ ...B2CSessionsAttest.entries, organization_id: opt(nonEmpty()) });
export const SessionsExchange = v.object({ organization_id: nonEmpty(), session_duration_minutes: sessionDuration(), locale: opt(str()) });

export const OrganizationsUpdate = v.object({
  ...orgIdentity,
  sso_default_connection_id: opt(str()),
  sso_jit_provisioning: opt(provisioning()),
  sso_jit_provisioning_allowed_connections: opt(strArray()),
  ...orgPolicies,
  ...orgAppPolicy,
});
export const OrganizationsGetBySlug = v.object({ organization_slug: nonEmpty() });

export const MembersCreate = v.object({ email_address: email(), ...memberProfile, create_member_as_pending: opt(bool()), ...memberSecurity });
export const MembersUpdate = v.object({
  ...memberProfile,
  ...memberSecurity,
  preserve_existing_sessions: opt(bool()),
  default_mfa_method: opt(mfaMethod()),
  email_address: opt(email()),
  unlink_email: opt(bool()),
});
/** `unlinkRetiredEmail` (self and a member): the retired address by id, by address, or both. */
export const MembersUnlinkRetiredEmail = v.object({ email_id: opt(str()), email_address: opt(email()) });
/** `startEmailUpdate` (self and a member): the new address and how its proof is sent. */
export const MembersStartEmailUpdate = v.object({
  email_address: email(),
  login_redirect_url: opt(str()),
  login_template_id: opt(str()),
  locale: opt(str()),
  delivery_method: opt(v.picklist(['EMAIL_MAGIC_LINK', 'EMAIL_OTP'], 'must be EMAIL_MAGIC_LINK or EMAIL_OTP')),
});
/** The signed-in member's own update (`self.update`): no roles, no break-glass. */
export const SelfUpdate = v.object({ ...memberProfile, mfa_enrolled: opt(bool()), mfa_phone_number: opt(str()), default_mfa_method: opt(mfaMethod()) });
export const MembersSearch = v.object({
  cursor: opt(str()),
  limit: opt(v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1000, 'must be at most 1000'))),
  query: opt(
    v.object(
      {
        operator: str(),
        operands: v.array(v.looseObject({ filter_name: str(), filter_value: v.unknown() }), 'must be an array of operands'),
      },
      'must be an object',
    ),
  ),
});
