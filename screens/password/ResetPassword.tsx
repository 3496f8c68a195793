import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { lazy, useEffect, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { passwordMessages } from '../i18n/en/password.ts';
import { resetPasswordStateAtom, resetTokenTypeAtom, screenAtom } from '../state/atoms.ts';
import { useStrings } from '../context.ts';

// Loaded on demand with the reset element's flow; the login element never fetches these.
const ResetPasswordForm = lazy(() => import('./ResetPasswordForm.tsx'));
const LoginLinkToken = lazy(() => import('./LoginLinkToken.tsx'));
const PasswordConfirmation = lazy(() => import('./PasswordConfirmation.tsx'));

/** Keeps the element's token and token type in the widget's state. */
function useResetToken({ token, tokenType }: { token: string | undefined; tokenType: string | undefined }) {
  const store = useStore();
  // The first render already has them, so the reset flow never starts without its token.
  useState(() => {
    store.set(resetPasswordStateAtom, { token: token ?? '' });
    store.set(resetTokenTypeAtom, tokenType);
  });
  const set = useSetAtom(resetPasswordStateAtom);
  const setType = useSetAtom(resetTokenTypeAtom);
  useEffect(() => set({ token: token ?? '' }), [set, token]);
  useEffect(() => setType(tokenType), [setType, tokenType]);
}

/** The reset-password element's flow: the form or the login-link sign-in, then 'Success!'. */
export default function ResetPassword({ token: given, tokenType: givenType }: { token: string | undefined; tokenType: string | undefined }) {
  const t = useStrings(passwordMessages);
  useResetToken({ token: given, tokenType: givenType });
  const screen = useAtomValue(screenAtom);
  const tokenType = useAtomValue(resetTokenTypeAtom);
  const { token } = useAtomValue(resetPasswordStateAtom);
  if (screen === 'PasswordConfirmation') return <PasswordConfirmation />;
  // Without a token neither a reset nor a login can succeed: say so instead of a form that fails.
  if (!token) {
    return (
      <section part="container">
        <ErrorText message={t('password.reset.missingToken')} />
      </section>
    );
  }
  return tokenType === 'login' ? <LoginLinkToken /> : <ResetPasswordForm />;
}
