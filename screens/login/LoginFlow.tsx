import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { useWidget } from '../context.ts';
import { Main } from '../main/Main.tsx';
import { screenAtom, toastsAtom } from '../state/atoms.ts';

// Every flow but Main loads on demand, so the login element's first paint stays small.
const EmailConfirmation = lazy(() => import('../magic-link/EmailConfirmation.tsx'));
const OTPAuthenticate = lazy(() => import('../otp/OTPAuthenticate.tsx'));
const OTPConfirmation = lazy(() => import('../otp/OTPConfirmation.tsx'));
const Toasts = lazy(() => import('../components/Toasts.tsx').then((m) => ({ default: m.Toasts })));
const PasskeyConfirmation = lazy(() => import('../passkey/PasskeyConfirmation.tsx'));
const PasswordScreens = lazy(() => import('../password/PasswordScreens.tsx'));
const CryptoConnect = lazy(() => import('../crypto/CryptoConnect.tsx'));
const CryptoSignMessage = lazy(() => import('../crypto/CryptoSignMessage.tsx'));
const CryptoOther = lazy(() => import('../crypto/CryptoOther.tsx'));
const CryptoSetupWallet = lazy(() => import('../crypto/CryptoSetupWallet.tsx'));
const CryptoError = lazy(() => import('../crypto/CryptoError.tsx'));
const CryptoConfirmation = lazy(() => import('../crypto/CryptoConfirmation.tsx'));

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
    case 'CryptoConnect':
      return <CryptoConnect />;
    case 'CryptoSignMessage':
      return <CryptoSignMessage />;
    case 'CryptoOtherScreen':
      return <CryptoOther />;
    case 'CryptoSetupWallet':
      return <CryptoSetupWallet />;
    case 'CryptoError':
      return <CryptoError />;
    case 'CryptoConfirmation':
      return <CryptoConfirmation />;
    default:
      // Every Password* screen of the login widget comes with the password flow's chunk.
      return screen.startsWith('Password') ? <PasswordScreens screen={screen} /> : <Main />;
  }
}

/** The login widget: the current screen and the toast stack. */
export function LoginFlow() {
  const toasts = useAtomValue(toastsAtom).length > 0;
  const { client, config } = useWidget();
  // SPEC §7 client event logging: once per login render, with the host's options.
  useEffect(() => {
    client?.logEvent({ event_name: 'render_login_screen', details: { options: config.config } });
  }, [client, config]);
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
