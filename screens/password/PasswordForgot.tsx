import { ResendScreen } from './ResendScreen.tsx';
import { passwordStrings } from './strings.ts';

/** PasswordForgot (SPEC §2): 'Forgot password?': a reset link went to the email. */
export default function PasswordForgot() {
  return <ResendScreen title={passwordStrings.forgotTitle} text={passwordStrings.forgotText} withoutPassword={true} />;
}
