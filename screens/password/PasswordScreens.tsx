import { lazy } from 'react';
import type { ScreenName } from '../state/atoms.ts';

// Each screen loads when first shown; this switch is all the login flow loads up front.
const PasswordCreateOrLogin = lazy(() => import('./PasswordCreateOrLogin.tsx'));
const PasswordForgot = lazy(() => import('./PasswordForgot.tsx'));
const PasswordBreached = lazy(() => import('./PasswordBreached.tsx'));
const PasswordSetNew = lazy(() => import('./PasswordSetNew.tsx'));
const PasswordDedupe = lazy(() => import('./PasswordDedupe.tsx'));
const PasswordConfirmation = lazy(() => import('./PasswordConfirmation.tsx'));

/** The password screens of the login widget; the caller's Suspense covers their loading. */
export default function PasswordScreens({ screen }: { screen: ScreenName }) {
  switch (screen) {
    case 'PasswordForgot':
      return <PasswordForgot />;
    case 'PasswordBreached':
      return <PasswordBreached />;
    case 'PasswordSetNew':
      return <PasswordSetNew />;
    case 'PasswordDedupe':
      return <PasswordDedupe />;
    case 'PasswordConfirmation':
      return <PasswordConfirmation />;
    default:
      return <PasswordCreateOrLogin />;
  }
}
