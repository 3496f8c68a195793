/** English: 'Check your email' (format: ../catalog.ts). Exactly as SPEC words it. */
export const magicLinkMessages = {
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.content': 'An email was sent to <bold>{email}</bold>.',
  'link.openInGmail': 'Open in Gmail',
  'link.openInYahoo': 'Open in Yahoo',
  'link.openInOutlook': 'Open in Outlook',
  'emailConfirmation.didntGetIt': "Didn't get it?",
  'emailConfirmation.tryAgain': 'Try again',
  // Cross-device links (emailMagicLinksOptions.crossDevice): the asking tab's code and wait.
  'linkRequest.codeIntro': 'Opening the link on another device? Enter this code there:',
  'linkRequest.waiting': 'This page signs you in as soon as the link is confirmed.',
  'linkRequest.expired': 'This sign-in request has expired. Please try again.',
  'linkRequest.locked': 'The link was blocked after too many wrong codes. Please try again.',
  'linkRequest.spentElsewhere': 'The link was used to sign in on another device.',
  // The link's page: nothing is spent until the person confirms.
  'linkConfirm.checking': 'Checking your link...',
  'linkConfirm.title': 'Confirm sign-in',
  'linkConfirm.content': 'Enter the code shown where you asked for this link.',
  'linkConfirm.codeLabel': 'Code',
  'linkConfirm.signInHere': 'Also sign in on this device',
  'linkConfirm.submit': 'Confirm',
  'linkConfirm.plainContent': 'Select the button to finish signing in.',
  'linkConfirm.plainSubmit': 'Sign in',
  'linkConfirm.doneTitle': 'Sign-in confirmed',
  'linkConfirm.doneContent': 'Your other device is signing in. You can close this page.',
} as const;
