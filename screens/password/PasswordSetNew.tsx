import { ResendScreen } from './ResendScreen.tsx';
import { passwordStrings } from './strings.ts';

/** PasswordSetNew (SPEC §2): a user without a password gets a link to set one. */
export default function PasswordSetNew() {
  return <ResendScreen title={passwordStrings.setNewTitle} text={passwordStrings.setNewText} withoutPassword={false} />;
}
