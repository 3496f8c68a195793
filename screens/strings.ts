/** Every user-facing string, exactly as SPEC words it. A translation is a new catalog. */
export const strings = {
  mainHeader: 'Sign up or log in',
  resetPasswordTitle: 'Reset your password',
  passkeyRegistrationTitle: 'Set up a new Passkey',
} as const;
