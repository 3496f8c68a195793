import { useAtomValue } from 'jotai';
import { BackButton } from '../components/BackButton.tsx';
import { passwordStateAtom } from '../state/atoms.ts';
import { ExistingUser } from './ExistingUser.tsx';
import { NewUser } from './NewUser.tsx';
import { Passwordless } from './Passwordless.tsx';

/** PasswordCreateOrLogin (SPEC §2): one of three variants by the user type the search found. */
export default function PasswordCreateOrLogin() {
  const { email, type } = useAtomValue(passwordStateAtom);
  if (type === 'passwordless') return <Passwordless email={email} />;
  return (
    <section part="container">
      <BackButton />
      {type === 'password' ? <ExistingUser email={email} /> : <NewUser email={email} />}
    </section>
  );
}
