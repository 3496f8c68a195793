/**
 * The email-confirmation screen's part of the string catalog (SPEC §2), exact as SPEC words them. It loads with those
 * screens, so the login element's first load does not carry it.
 */
export const magicLinkStrings = {
  checkEmailTitle: 'Check your email',
  emailSentTo: 'An email was sent to',
  openGmail: 'Open in Gmail',
  openYahoo: 'Open in Yahoo',
  openOutlook: 'Open in Outlook',
  tryAgainPrefix: "Didn't get it?",
  tryAgain: 'Try again',
} as const;
