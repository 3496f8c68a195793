import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { passwordStrings } from './strings.ts';

/** 'Success!' / 'You have successfully logged in.' with the check; completes the flow once. */
export default function PasswordConfirmation() {
  return <SuccessScreen title={passwordStrings.passwordSuccessTitle} text={passwordStrings.loggedIn} />;
}
