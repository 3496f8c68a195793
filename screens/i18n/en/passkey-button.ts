/**
 * English: Main's passkey button and its sign-in errors (format: ../catalog.ts), apart from the
 * passkey screens' words so that Main's first load does not carry those (passkey.ts spreads these).
 */
export const passkeyButtonMessages = {
  'button.loginWithPasskey': 'Login with a Passkey',
  'error.passkeyUnknown': 'Unknown error occurred during passkey authentication. Please try again.',
  'error.passkeyRegistrationNotFound': 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
} as const;
