/**
 * English: Main, the shared components and the config errors. The only part in the login
 * element's first load (format: ../catalog.ts). Exactly as SPEC words it.
 */
export const mainMessages = {
  'login.title': 'Sign up or log in',
  'config.error.passkeysAlone': 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  'config.error.emlWithEmailOtp': 'Error: Cannot use both EML and Email OTP',
  'config.error.invalid': 'Error: Invalid config: {detail}',
  'tab.text': 'Text',
  'tab.whatsapp': 'WhatsApp',
  'tab.email': 'Email',
  'methodDivider.text': 'or',
  'watermark.poweredBy': 'Powered by',
  'watermark.altText': 'Stytch',
  'formField.email.label': 'Email',
  'formField.email.placeholder': 'example@email.com',
  'formField.phone.label': 'Phone number',
  'formField.countryCode.label': 'Country',
  'button.continue': 'Continue',
  'button.emailLogin': 'Continue with email',
  'button.goBack': 'Back',
  'toast.dismiss': 'Dismiss',
  'errors.invalidEmail': 'Invalid email address',
  'errors.invalidEmailOtp': 'Invalid email, please try again.',
  'errors.invalidPhoneNumber': 'Invalid phone number, please try again.',
  'errors.generic': 'Something went wrong. Please try again.',
  'error.serverUnavailable': 'Our servers are unavailable right now. Please try again in a moment.',
  'rateLimit.retryIn': 'Too many attempts. Try again in {timeRemaining}.',
  'rateLimit.ready': 'You can try again now.',
} as const;
