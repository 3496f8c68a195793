/** English: 'Check your email' (format: ../catalog.ts). Exactly as SPEC words it. */
export const magicLinkMessages = {
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.content': 'An email was sent to <bold>{email}</bold>.',
  'link.openInGmail': 'Open in Gmail',
  'link.openInYahoo': 'Open in Yahoo',
  'link.openInOutlook': 'Open in Outlook',
  'emailConfirmation.didntGetIt': "Didn't get it?",
  'emailConfirmation.tryAgain': 'Try again',
} as const;
