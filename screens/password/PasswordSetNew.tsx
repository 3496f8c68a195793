import { ResendScreen } from './ResendScreen.tsx';

/** PasswordSetNew (SPEC §2): a user without a password gets a link to set one. */
export default function PasswordSetNew() {
  return <ResendScreen title="password.setNew.title" content="password.setNew.content" withoutPassword={false} />;
}
