/** B2B shapes of the official B2B client's types, as far as this client reads or returns them. */
import type { AuthenticationFactor, BaseResponse } from '../session/types.ts';

export interface MemberSession {
  member_session_id: string;
  member_id: string;
  organization_id: string;
  organization_slug: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown>;
  roles: string[];
}

export interface Member {
  organization_id: string;
  member_id: string;
  email_address: string;
  email_address_verified: boolean;
  status: string;
  name: string;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  is_breakglass: boolean;
  is_admin: boolean;
  member_password_id: string;
  mfa_enrolled: boolean;
  mfa_phone_number: string;
  mfa_phone_number_verified: boolean;
  default_mfa_method: string;
  totp_registration_id: string;
  roles: { role_id: string; sources: { type: string; details: Record<string, unknown> }[] }[];
  /** Addresses the member had: no other member of the organization takes one until it is unlinked. */
  retired_email_addresses: { email_id: string; email_address: string }[];
  [extra: string]: unknown;
}

export interface Organization {
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  organization_logo_url: string;
  email_allowed_domains: string[];
  email_jit_provisioning: string;
  email_invites: string;
  auth_methods: string;
  allowed_auth_methods: string[];
  mfa_methods: string;
  allowed_mfa_methods: string[];
  mfa_policy: 'OPTIONAL' | 'REQUIRED_FOR_ALL';
  /** The organization's own roles, beside the project's for its members (the official `custom_roles`). */
  custom_roles?: Array<{ role_id: string; description: string; permissions: { resource_id: string; actions: string[] }[] }>;
  [extra: string]: unknown;
}

/** What the manager keeps beside the member session (one key per `onChange`). */
export interface B2BState {
  session: MemberSession | null;
  member: Member | null;
  organization: Organization | null;
}

/** The MFA options of an intermediate answer: null until the member has a phone or an authenticator. */
export interface MfaRequired {
  member_options: { mfa_phone_number: string; totp_registration_id: string } | null;
  secondary_auth_initiated: 'sms_otp' | null;
}

/**
 * Every organization-scoped authenticate answer: a member session (member_authenticated), or
 * an intermediate session token with the MFA the member still owes.
 */
export interface B2BAuthenticateResponse extends BaseResponse {
  member_id: string;
  organization_id: string;
  member_session: MemberSession | null;
  session_token: string;
  session_jwt: string;
  member: Member;
  organization: Organization;
  member_authenticated: boolean;
  intermediate_session_token: string;
  mfa_required: MfaRequired | null;
  primary_required: { allowed_auth_methods: string[] } | null;
  [extra: string]: unknown;
}

/** One organization a discovery sign-in may enter. */
export interface DiscoveredOrganization {
  organization: Organization;
  membership: { type: string; details: unknown; member: Member | null };
  member_authenticated: boolean;
  primary_required: { allowed_auth_methods: string[] } | null;
  mfa_required: MfaRequired | null;
}

/** A discovery authenticate answer: an intermediate session and the organizations it may enter. */
export interface B2BDiscoveryAuthenticateResponse extends BaseResponse {
  intermediate_session_token: string;
  email_address: string;
  discovered_organizations: DiscoveredOrganization[];
  [extra: string]: unknown;
}

/** Answers that carry the (maybe updated) member. */
export interface MemberResponse extends BaseResponse {
  member_id: string;
  member: Member;
  organization: Organization;
  [extra: string]: unknown;
}
