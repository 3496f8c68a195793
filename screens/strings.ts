/** Every user-facing string, exactly as SPEC words it. A translation is a new catalog. */
export const strings = {
  mainHeader: 'Sign up or log in',
  resetPasswordTitle: 'Reset your password',
  passkeyRegistrationTitle: 'Set up a new Passkey',
  passkeysAloneError: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  emlWithEmailOtpError: 'Error: Cannot use both EML and Email OTP',
  invalidConfigError: (detail: string) => `Error: Invalid config: ${detail}`,
} as const;

/** The shape a translated catalog must have. */
export type Strings = typeof strings;
