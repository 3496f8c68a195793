import { ResendScreen } from './ResendScreen.tsx';
import { passwordStrings } from './strings.ts';

/** PasswordBreached (SPEC §2): the password was found in a breach; a reset link went to the email. */
export default function PasswordBreached() {
  return <ResendScreen title={passwordStrings.breachedTitle} text={passwordStrings.breachedText} withoutPassword={true} />;
}
