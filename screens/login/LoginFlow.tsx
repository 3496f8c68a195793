import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Main } from '../main/Main.tsx';
import { screenAtom, toastsAtom } from '../state/atoms.ts';

// Every flow but Main loads on demand, so the login element's first paint stays small.
const EmailConfirmation = lazy(() => import('../magic-link/EmailConfirmation.tsx'));
const OTPAuthenticate = lazy(() => import('../otp/OTPAuthenticate.tsx'));
const OTPConfirmation = lazy(() => import('../otp/OTPConfirmation.tsx'));
const Toasts = lazy(() => import('../components/Toasts.tsx').then((m) => ({ default: m.Toasts })));
const PasskeyConfirmation = lazy(() => import('../passkey/PasskeyConfirmation.tsx'));

function Screen() {
  const screen = useAtomValue(screenAtom);
  switch (screen) {
    case 'EmailConfirmation':
      return <EmailConfirmation />;
    case 'OTPAuthenticate':
      return <OTPAuthenticate />;
    case 'OTPConfirmation':
      return <OTPConfirmation />;
    case 'PasskeyConfirmation':
      return <PasskeyConfirmation />;
    default:
      return <Main />;
  }
}

/** The login widget: the current screen and the toast stack. */
export function LoginFlow() {
  const toasts = useAtomValue(toastsAtom).length > 0;
  return (
    <>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
      {/* A live region must exist before its text arrives, or screen readers may miss it: this
          polite region stays mounted, and the on-demand toast stack renders inside it. */}
      <div part="toast-region" role="status">
        {toasts ? (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
