import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { passwordMessages } from '../i18n/en/password.ts';
import { useStrings } from '../context.ts';

/** 'Success!' / 'You have successfully logged in.' with the check; completes the flow once. */
export default function PasswordConfirmation() {
  const t = useStrings(passwordMessages);
  return <SuccessScreen title={t('success.title')} text={t('login.success.content')} />;
}
