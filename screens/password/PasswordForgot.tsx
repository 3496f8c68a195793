import { ResendScreen } from './ResendScreen.tsx';

/** PasswordForgot (SPEC §2): 'Forgot password?': a reset link went to the email. */
export default function PasswordForgot() {
  return <ResendScreen title="password.forgot.title" content="password.forgot.content" withoutPassword={true} />;
}
