/** English: the passcode screens (format: ../catalog.ts). Exactly as SPEC words it. */
export const otpMessages = {
  'passcode.title': 'Enter passcode',
  'passcode.sentConfirmation': 'A 6-digit passcode was sent to you at {destination}.',
  'passcode.expirationCountdown': 'Your code expires in {timeRemaining}.',
  'passcode.didntGetIt': "Didn't get it?",
  'passcode.expired': 'Your code has expired.',
  'passcode.resendCode': 'Resend code',
  'toast.codeResent': 'Code resent',
  'formField.otp.ariaLabel': 'One-time passcode',
  'formField.otp.digitAriaLabel': '{label}, digit {position} of {total}',
  'formField.passcode.status.verifying': 'Verifying passcode...',
  'error.otpCodeNotFound': 'Invalid passcode, please try again.',
  'otp.success.content': 'Your passcode has been successfully verified.',
} as const;
