/**
 * English: the consent element's words (`<stytch-identity-provider>` and its B2B twin; format:
 * ../catalog.ts). The official ids (`idpConsent.*`, `idpLogout.*`) first; ours, in the same
 * style, for what the official element writes in English only (the standard scopes' lines, a
 * missing parameter) or does not show (the redirect's host, the wait); last, the provider's
 * errors the consent element meets that no other catalog it reads has (`error.` + the type, as
 * useReportError looks them up): a member's organization refusing the app.
 */
export const idpMessages = {
  'idpConsent.allowClientTo': 'Allow {clientName} to:',
  'idpConsent.button.allow': 'Allow',
  'idpConsent.button.deny': 'Deny',
  'idpConsent.customScopes.title': '{clientName} wants to access your {projectName} account',
  'idpConsent.defaultClientName': 'The App',
  'idpConsent.denied': 'Access to the application was denied.',
  'idpConsent.noActiveSession': 'No active session detected. Please log in to continue.',
  'idpConsent.noPermissionsToGrant': 'You do not have permissions to grant {clientName} access to some of the requested scopes.',
  'idpConsent.signIn.title': 'Sign in to {clientName} with {projectName}',
  'idpLogout.confirmMessage': 'Are you sure you want to log out of your {projectName} account?',
  'idpLogout.no': 'No',
  'idpLogout.notLoggedOut': 'You have not been logged out. You may close this page.',
  'idpLogout.title': 'Log out?',
  'idpLogout.yes': 'Yes',
  'idpConsent.requesting': '{clientName} is requesting to:',
  'idpConsent.scope.openid': 'Verify your identity',
  'idpConsent.scope.openid.detail': 'View information stored within your account',
  'idpConsent.scope.profile': 'View your personal profile information',
  'idpConsent.scope.profile.name': 'Your name, profile picture, and language preferences',
  'idpConsent.scope.email': 'Your email address',
  'idpConsent.scope.phone': 'Your phone number',
  'idpConsent.scope.offlineAccess': 'Maintain access to your data even when you’re not actively using the app',
  'idpConsent.scope.offlineAccess.offline': 'Access your data even when you are offline.',
  'idpConsent.scope.offlineAccess.background': 'Synchronize data and process background tasks on your behalf.',
  'idpConsent.scope.fullAccess': 'Act on your behalf',
  'idpConsent.scope.custom': 'Use the {scope} scope',
  'idpConsent.redirectHost': 'After you choose, you will be sent to <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Required parameter is missing: {field}. Please reach out to the application developer.',
  'idpConsent.loading': 'Loading…',
  'idpConsent.redirecting': 'Redirecting…',
  'error.connectedAppNotAllowedForOrg': 'Your organization does not allow this app. An admin of your organization can allow it.',
} as const;
