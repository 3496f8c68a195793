import { lazy, Suspense } from 'react';
import { Main } from './main/Main.tsx';

// Flows other than Main load on demand, so the login element's first paint stays small.
const ResetPassword = lazy(() => import('./reset-password/ResetPassword.tsx'));
const PasskeyRegistration = lazy(() => import('./passkey/PasskeyRegistration.tsx'));

export type Mode = 'login' | 'reset-password' | 'passkey-registration';

/** Root of one widget instance. */
export function App({ mode }: { mode: Mode }) {
  if (mode === 'login') return <Main />;
  return <Suspense fallback={null}>{mode === 'reset-password' ? <ResetPassword /> : <PasskeyRegistration />}</Suspense>;
}
