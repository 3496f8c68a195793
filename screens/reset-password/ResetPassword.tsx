import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { resetTokenTypeAtom, screenAtom } from '../state/atoms.ts';

// Loaded on demand with the reset element's flow; the login element never fetches these.
const ResetPasswordForm = lazy(() => import('../password/ResetPasswordForm.tsx'));
const LoginLinkToken = lazy(() => import('../password/LoginLinkToken.tsx'));
const PasswordConfirmation = lazy(() => import('../password/PasswordConfirmation.tsx'));

/** The reset-password element's flow: the form or the login-link sign-in, then 'Success!'. */
export default function ResetPassword() {
  const screen = useAtomValue(screenAtom);
  const tokenType = useAtomValue(resetTokenTypeAtom);
  if (screen === 'PasswordConfirmation') return <PasswordConfirmation />;
  return tokenType === 'login' ? <LoginLinkToken /> : <ResetPasswordForm />;
}
