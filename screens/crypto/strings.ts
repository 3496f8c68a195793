/**
 * The crypto-wallet screens' part of the string catalog (SPEC §2, §8), exact as SPEC words
 * them. It loads with those screens, so the login element's first load does not carry it.
 */
export const cryptoStrings = {
  cryptoConnecting: 'Connecting to your wallet...',
  cryptoConnectHelp: 'Approve the connection in the pop-up window your wallet opens.',
  cryptoSigning: 'Completing signature request...',
  cryptoSignHelp: 'Complete the signature request in the pop-up window your wallet opens.',
  cryptoRetryHint: 'Having trouble? Use the back arrow to return to the log in screen and try logging in again.',
  cryptoSetupText: 'Signing in with a crypto wallet keeps your account private and secure: there is no password, and only your wallet can sign for you.',
  cryptoSetupLinks: 'Install one of these wallets, then come back and continue with it:',
  opensInNewTab: '(opens in a new tab)',
  cryptoOtherTitle: 'Continue with other wallet',
  cryptoSuccessTitle: 'Success!',
  cryptoSuccessText: 'You have successfully connected your wallet.',
  cryptoErrorTitle: 'Looks like there was an error!',
  cryptoErrorText: 'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  cryptoConnectError: '[Error] Could not connect to wallet',
  cryptoSignError: '[Error] Could not sign message',
} as const;
