import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { passwordStrings } from './strings.ts';
import { resetPasswordStateAtom, resetTokenTypeAtom, screenAtom } from '../state/atoms.ts';

// Loaded on demand with the reset element's flow; the login element never fetches these.
const ResetPasswordForm = lazy(() => import('./ResetPasswordForm.tsx'));
const LoginLinkToken = lazy(() => import('./LoginLinkToken.tsx'));
const PasswordConfirmation = lazy(() => import('./PasswordConfirmation.tsx'));

/** The reset-password element's flow: the form or the login-link sign-in, then 'Success!'. */
export default function ResetPassword() {
  const screen = useAtomValue(screenAtom);
  const tokenType = useAtomValue(resetTokenTypeAtom);
  const { token } = useAtomValue(resetPasswordStateAtom);
  if (screen === 'PasswordConfirmation') return <PasswordConfirmation />;
  // Without a token neither a reset nor a login can succeed: say so instead of a form that fails.
  if (!token) {
    return (
      <section part="container">
        <ErrorText message={passwordStrings.missingResetToken} />
      </section>
    );
  }
  return tokenType === 'login' ? <LoginLinkToken /> : <ResetPasswordForm />;
}
