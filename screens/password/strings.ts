/**
 * The password flow's part of the string catalog (SPEC §2, §5), exact as SPEC words them.
 * It loads with the password screens, so the login element's first load does not carry it;
 * a translation replaces it alongside the main catalog.
 */
export const passwordStrings = {
  resetPasswordTitle: 'Reset your password',
  passwordLabel: 'Password',
  newPasswordLabel: 'New password',
  showPassword: 'Show password',
  createAccountTitle: 'Create an account',
  finishCreating: 'Finish creating your account by setting a password.',
  chooseHowCreate: 'Choose how you would like to create your account.',
  loginTitle: 'Log In',
  forgotPasswordLink: 'Forgot Password?',
  emailMeLink: 'Email me a login link',
  emailMeCode: 'Email me a login code',
  createPasswordInstead: 'Create a password instead',
  sendingEmail: 'Sending you an email...',
  passwordSuccessTitle: 'Success!',
  loggedIn: 'You have successfully logged in.',
  forgotTitle: 'Forgot password?',
  forgotText: 'A link to reset your password was sent to',
  breachedTitle: 'Check your email to set a new password',
  breachedText: 'A different site where you use the same password had a security issue. To keep your account safe, an email to set a new password was sent to',
  setNewTitle: 'Check your email!',
  setNewText: 'A login link was sent to',
  dedupeTitle: 'Check your email to set a new password!',
  dedupeText: 'To make sure your account is secure and that it is really you, a link to set a new password was sent to',
  resendEmail: 'Resend email',
  emailResent: 'Email resent',
  loginWithoutPassword: 'Login without a password',
  loggingIn: 'Logging in...',
  missingResetToken: 'This page needs the link from your password reset email. Open the link from the email again.',
  strengthLabel: 'Password strength',
  strengthScore: (score: number) => `${score} of 4`,
  ludsLength: (n: number) => `Must be at least ${n} characters long`,
  ludsComplexity: (n: number) => `Must contain ${n} of the following: uppercase letter, lowercase letter, number, symbol`,
  passwordAccepted: 'Password accepted.',
  requirementsNotMet: 'Your password must meet all requirements.',
  requirementMet: 'Met:',
  requirementNotMet: 'Not met:',
  breachedPassword: 'This password may have been used on a different site that experienced a security issue. Please choose another password.',
} as const;

/** The shape a translated password catalog must have. */
export type PasswordStrings = typeof passwordStrings;
