/** Every user-facing string, exactly as SPEC words it. A translation is a new catalog. */
export const strings = {
  mainHeader: 'Sign up or log in',
  passkeysAloneError: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  emlWithEmailOtpError: 'Error: Cannot use both EML and Email OTP',
  invalidConfigError: (detail: string) => `Error: Invalid config: ${detail}`,
  // Main
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'Email',
  or: 'or',
  passkeyLogin: 'Login with a Passkey',
  continueWith: (name: string) => `Continue with ${name}`,
  otherWallet: 'Continue with other Crypto Wallet',
  setupWallet: 'Set up a new crypto wallet',
  poweredBy: 'Powered by',
  emailLabel: 'Email',
  changeEmail: 'Change',
  changeEmailLabel: 'Change email',
  emailPlaceholder: 'example@email.com',
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  continue: 'Continue',
  continueWithEmail: 'Continue with email',
  invalidEmailMagicLink: 'Invalid email address',
  invalidEmailOtp: 'Invalid email, please try again.',
  invalidPhone: 'Invalid phone number, please try again.',
  genericError: 'Something went wrong. Please try again.',
  serverUnavailable: 'Our servers are unavailable right now. Please try again in a moment.',
  back: 'Back',
  dismiss: 'Dismiss',
} as const;

/** The shape a translated catalog must have. */
export type Strings = typeof strings;

/** The config-rule messages `resolveConfig` words its refusals with (one object, so its cache hits). */
export const configMessages = { passkeysAlone: strings.passkeysAloneError, emlWithEmailOtp: strings.emlWithEmailOtpError, invalid: strings.invalidConfigError };
