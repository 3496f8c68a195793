import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { screenAtom } from '../state/atoms.ts';
import PasskeyRegistrationStart from './PasskeyRegistrationStart.tsx';

const PasskeyRegistrationSuccess = lazy(() => import('./PasskeyRegistrationSuccess.tsx'));

/** The `stytch-passkey-registration` flow: PasskeyRegistrationStart, then PasskeyRegistrationSuccess. */
export default function PasskeyRegistration() {
  const screen = useAtomValue(screenAtom);
  return <Suspense fallback={null}>{screen === 'PasskeyRegistrationSuccess' ? <PasskeyRegistrationSuccess /> : <PasskeyRegistrationStart />}</Suspense>;
}
