/**
 * The passcode screens' part of the string catalog (SPEC §2), exact as SPEC words them. It loads with those
 * screens, so the login element's first load does not carry it.
 */
export const otpStrings = {
  otpTitle: 'Enter passcode',
  otpSentTo: (destination: string) => `A 6-digit passcode was sent to you at ${destination}.`,
  otpExpiresIn: (time: string) => `Your code expires in ${time}. Didn't get it?`,
  otpExpired: 'Your code has expired.',
  resendCode: 'Resend code',
  codeResent: 'Code resent',
  otpInputLabel: 'One-time passcode',
  verifying: 'Verifying passcode...',
  invalidPasscode: 'Invalid passcode, please try again.',
  otpVerified: 'Your passcode has been successfully verified.',
} as const;
