import { ResendScreen } from './ResendScreen.tsx';

/** PasswordDedupe (SPEC §2): the provider asked for a reset before this password can be used. */
export default function PasswordDedupe() {
  return <ResendScreen title="password.resetRequired.title" content="password.resetRequired.content" withoutPassword={true} />;
}
