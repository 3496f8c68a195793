/**
 * English text of the errors only the B2B provider answers (organizations, members, MFA,
 * single sign-on), keyed `error.` + the type in camelCase as `errors.ts` keys the shared ones
 * (format: ../catalog.ts). Like `errors.ts`, it never loads for English readers (the widget
 * shows the provider's own `error_message`): it is the source every B2B locale follows and the
 * list of these ids a site may override. Each B2B locale has them (`locales-b2b/<tag>.ts`), so
 * the login element's locale chunks do not carry them; the catalogs test fails when a type the
 * provider can answer has no text for the element that meets it.
 */
export const b2bErrorMessages = {
  'error.intermediateSessionTokenRequired': 'Please log in to continue.',
  'error.sessionRequired': 'Please log in to continue.',
  'error.intermediateSessionNotFound': 'This sign-in has expired or was already used. Please log in again.',
  'error.intermediateSessionNotForMember': 'This sign-in belongs to another member or organization. Please log in again.',
  'error.intermediateSessionOrganizationMismatch': 'This sign-in belongs to another organization. Please log in again.',
  'error.primaryFactorRequired': 'Please log in first, then complete the verification.',
  'error.sessionHasNoPrimaryFactor': 'Please log in again to switch organizations.',
  'error.organizationNotFound': 'Organization not found. If this seems wrong, please contact your admin.',
  'error.organizationSlugAlreadyUsed': 'This organization URL is already taken.',
  'error.invalidOrganizationSlug': 'This organization URL is not valid. Use 2 to 128 lowercase letters, digits or - . _ ~',
  'error.invalidOrganizationName': 'Please enter an organization name.',
  'error.organizationCreationNotAllowed': 'New organizations cannot be created here.',
  'error.memberNotFound': 'Member not found.',
  'error.memberAlreadyActive': 'This email address is already an active member of the organization.',
  'error.memberDeleted': 'This member was deactivated. Please ask an admin to reactivate it.',
  'error.memberReactivationNotAllowed': 'This member cannot be reactivated.',
  'error.duplicateMemberEmail': 'A member with this email already exists in this organization.',
  'error.lastAdmin': 'The organization must keep at least one admin.',
  'error.invalidRole': 'This role does not exist.',
  'error.invalidEmailDomain': 'This email domain is not valid.',
  'error.emailInvitesNotAllowed': 'This organization does not allow invitations to this email address.',
  'error.emailJitProvisioningNotAllowed': 'This email address cannot join this organization. Please ask an admin for an invitation.',
  'error.unauthorizedAuthMethod': 'Your organization does not allow this sign-in method.',
  'error.invalidFactor': 'This sign-in method cannot be used here.',
  'error.mfaMethodNotAllowed': 'Your organization does not allow this verification method.',
  'error.invalidDefaultMfaMethod': 'This verification method is not supported.',
  'error.mfaAlreadyEnrolled': 'You already have a verification method. Please verify with it before adding another.',
  'error.mfaPhoneNumberAlreadySet': 'A phone number for verification is already set.',
  'error.mfaPhoneNumberRequired': 'Please enter a phone number for verification.',
  'error.oauthEmailNotVerified': 'The sign-in provider did not confirm your email address. Please verify it there or use another method.',
  'error.connectionNotFound': 'This single sign-on connection was not found.',
  'error.certificateNotFound': 'This certificate was not found on the connection.',
  'error.invalidX509Certificate': 'This certificate is not valid. Please paste a PEM-encoded X.509 certificate.',
  'error.invalidUrl': 'This web address is not valid.',
  'error.invalidQuery': 'The search could not be read. Please try again.',
  'error.ssoConnectionNotActive': 'This single sign-on is not fully set up yet. Please contact your admin.',
  'error.ssoEmailMissing': 'Your identity provider did not share your email address. Please contact your admin.',
  'error.ssoJitProvisioningNotAllowed': 'Your account cannot join this organization through single sign-on. Please ask an admin for an invitation.',
  'error.ssoStateNotFound': 'This single sign-on has expired or was already completed. Please try again.',
  'error.ssoTokenNotFound': 'This single sign-on is incorrect, expired or already used. Please try again.',
  'error.samlAssertionReplayed': 'This single sign-on response was already used. Please try again.',
  'error.samlInResponseToMismatch': 'This single sign-on response belongs to another sign-in. Please try again.',
  'error.samlInvalidResponse': 'The single sign-on response could not be read. Please try again.',
} as const;
