/**
 * English of the B2B element (format: ../catalog.ts). The ids and texts are the official B2B
 * catalog's (`@stytch/vanilla-js/messages/b2b/en.po`), so a site's `strings` for the official
 * B2B UI apply here unchanged.
 */
export const b2bMessages = {
  'login.title': 'Sign up or log in',
  'formField.email.label': 'Email',
  'formField.email.placeholder': 'example@email.com',
  'button.continue': 'Continue',
  'button.emailLink': 'Email me a link',
  'button.emailCode': 'Email me a code',
  'button.goBack': 'Go back',
  'button.createAnOrganization': 'Create an organization',
  'button.tryDifferentEmailAddress': 'Try a different email address',
  'button.resendEmail': 'Resend email',
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.content': 'An email was sent to <bold>{email}</bold>.',
  'passcode.title': 'Enter passcode',
  'passcode.sentConfirmation': 'A 6-digit passcode was sent to you at <bold>{destination}</bold>.',
  'passcode.resendCode': 'Resend code',
  'formField.otp.ariaLabel': 'One-time passcode',
  'formField.passcode.status.verifying': 'Verifying passcode...',
  'organizationDiscovery.title': 'Select an organization to continue',
  'organizationDiscovery.join': 'Join',
  'organizationDiscovery.acceptInvite': 'Accept Invite',
  'organizationDiscovery.noOrgs.title': '{email} does not belong to any organizations.',
  'organizationDiscovery.noOrgs.content': 'Make sure your email address is correct. Otherwise, you might need to be invited by your admin.',
  'organizationDiscovery.noOrgs.create.title': 'Create an organization to get started',
  'organizationDiscovery.noOrgs.create.content': '{email} does not have an account. Think this is a mistake? Try a different email address, or contact your admin.',
  'login.loading': 'Logging in...',
  'success.title': 'Success!',
  'login.success.content': 'You have successfully logged in.',
  'error.invalidEmail': 'Email format is invalid.',
  'error.default': 'Something went wrong. Try again later or contact your admin for help.',
  'error.title': 'Looks like there was an error!',
  'error.unableToAuthMagicLink': 'The magic link could not be authenticated because it was either already used or expired. Please try again.',
  'error.passcodeInvalid': 'Invalid passcode, please try again.',
} as const;
