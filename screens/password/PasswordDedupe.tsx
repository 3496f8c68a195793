import { ResendScreen } from './ResendScreen.tsx';
import { passwordStrings } from './strings.ts';

/** PasswordDedupe (SPEC §2): the provider asked for a reset before this password can be used. */
export default function PasswordDedupe() {
  return <ResendScreen title={passwordStrings.dedupeTitle} text={passwordStrings.dedupeText} withoutPassword={true} />;
}
