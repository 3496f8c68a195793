import { ResendScreen } from './ResendScreen.tsx';

/** PasswordBreached (SPEC §2): the password was found in a breach; a reset link went to the email. */
export default function PasswordBreached() {
  return <ResendScreen title="password.breached.title" content="password.breached.content" withoutPassword={true} />;
}
