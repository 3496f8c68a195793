import { lazy } from 'react';
import type { Screens } from './context.ts';
import { Main } from './main/Main.tsx';

/*
 * The one place that reaches into the flow folders by screen name. Every screen but Main
 * loads on demand, so the login element's first paint stays small; the compiler holds this
 * map to exactly the names of `ScreenName`, so a new screen is a name there and a line here.
 */
export const screens: Screens = {
  Main,
  EmailConfirmation: lazy(() => import('./magic-link/EmailConfirmation.tsx')),
  OTPAuthenticate: lazy(() => import('./otp/OTPAuthenticate.tsx')),
  OTPConfirmation: lazy(() => import('./otp/OTPConfirmation.tsx')),
  PasskeyConfirmation: lazy(() => import('./passkey/PasskeyConfirmation.tsx')),
  PasswordCreateOrLogin: lazy(() => import('./password/PasswordCreateOrLogin.tsx')),
  PasswordForgot: lazy(() => import('./password/PasswordForgot.tsx')),
  PasswordBreached: lazy(() => import('./password/PasswordBreached.tsx')),
  PasswordSetNew: lazy(() => import('./password/PasswordSetNew.tsx')),
  PasswordDedupe: lazy(() => import('./password/PasswordDedupe.tsx')),
  PasswordConfirmation: lazy(() => import('./password/PasswordConfirmation.tsx')),
  CryptoConnect: lazy(() => import('./crypto/CryptoConnect.tsx')),
  CryptoSignMessage: lazy(() => import('./crypto/CryptoSignMessage.tsx')),
  CryptoOtherScreen: lazy(() => import('./crypto/CryptoOther.tsx')),
  CryptoSetupWallet: lazy(() => import('./crypto/CryptoSetupWallet.tsx')),
  CryptoError: lazy(() => import('./crypto/CryptoError.tsx')),
  CryptoConfirmation: lazy(() => import('./crypto/CryptoConfirmation.tsx')),
};

/** The roots of the elements that do not start at Main, each with its own chunk. */
export const elementFlows = {
  ResetPassword: lazy(() => import('./password/ResetPassword.tsx')),
  PasskeyRegistration: lazy(() => import('./passkey/PasskeyRegistration.tsx')),
} as const;
